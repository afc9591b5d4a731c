/** The ear-training exercises, by the route names of spec §2 (/EarTraining/:subpage). */
export const exercises = ['NameTheInterval', 'KeyboardIntervals_1'] as const;
export type Exercise = (typeof exercises)[number];

/** Questions a round has at most (the learner chooses 5 to 50 in the settings). */
export const MAX_ROUND_QUESTIONS = 50;
/** A response time beyond ten minutes is stored as ten minutes: the learner had left the exercise. */
export const MAX_RESPONSE_MS = 10 * 60 * 1000;

/**
 * What a finished round earns: `PerRightAnswer` xp for each right answer, at most `RoundMax` a round, and at most
 * `DailyMax` a day from ear training. A site's administrators set them (`save_xp_rules`); these are the defaults.
 */
export interface XpRules {
  PerRightAnswer: number;
  RoundMax: number;
  DailyMax: number;
}

export const defaultXpRules: XpRules = { PerRightAnswer: 1, RoundMax: 10, DailyMax: 50 };
export const XP_RULE_LIMITS = {
  PerRightAnswer: { min: 0, max: 100 },
  RoundMax: { min: 0, max: 1000 },
  DailyMax: { min: 0, max: 10_000 },
} as const;
/** Rounds one learner may store in an hour: well above practice, well below a script's flood. */
export const ROUNDS_PER_HOUR = { limit: 120, windowSeconds: 60 * 60 } as const;

/** The xp a round earns, before the day's cap. */
export const roundXp = (right: number, rules: XpRules): number =>
  Math.min(rules.RoundMax, right * rules.PerRightAnswer);

/** The start of the UTC day of a moment, the day the daily cap counts in. */
export const dayStart = (iso: string): string => `${iso.slice(0, 10)}T00:00:00.000Z`;
