/** The ear-training exercises, by the route names of spec §2 (/EarTraining/:subpage). */
export const exercises = ['NameTheInterval', 'KeyboardIntervals_1'] as const;
export type Exercise = (typeof exercises)[number];

/** Questions a round has at most (the learner chooses 5 to 50 in the settings). */
export const MAX_ROUND_QUESTIONS = 50;
/** A response time beyond ten minutes is stored as ten minutes: the learner had left the exercise. */
export const MAX_RESPONSE_MS = 10 * 60 * 1000;

/** Xp of a finished round: one per right answer, at most ROUND_XP_MAX; at most DAILY_XP_MAX a day from ear training. */
export const XP_PER_RIGHT_ANSWER = 1;
export const ROUND_XP_MAX = 10;
export const DAILY_XP_MAX = 50;
/** Rounds one learner may store in an hour: well above practice, well below a script's flood. */
export const ROUNDS_PER_HOUR = { limit: 120, windowSeconds: 60 * 60 } as const;

/** The xp a round earns, before the day's cap. */
export const roundXp = (right: number): number => Math.min(ROUND_XP_MAX, right * XP_PER_RIGHT_ANSWER);

/** The start of the UTC day of a moment, the day the daily cap counts in. */
export const dayStart = (iso: string): string => `${iso.slice(0, 10)}T00:00:00.000Z`;
