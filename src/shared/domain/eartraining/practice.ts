import type { IntervalId } from './intervals';

/**
 * Practice that follows the learner's mistakes: an interval she missed, and the one she took it for, come back more
 * often until she has answered each right OWED_AFTER_MISTAKE times; an interval answered right MASTERED_STREAK times
 * in a row comes less often. The state is a fold of her answers, oldest first, so the server's stored answers and a
 * visitor's answers in the browser give the same practice.
 */
export const OWED_AFTER_MISTAKE = 3;
export const MASTERED_STREAK = 5;

/** Weights of the draw: an owed interval up to four times as likely as a fresh one, a mastered one a quarter. */
const OWED_WEIGHT = 1;
const MASTERED_WEIGHT = 0.25;

export interface IntervalRecord {
  /** Right answers in a row, up to the last. */
  streak: number;
  /** Right answers still owed since a mistake. */
  owed: number;
}

export type PracticeState = Partial<Record<IntervalId, IntervalRecord>>;

export interface Answer {
  played: IntervalId;
  chosen: IntervalId;
}

const fresh: IntervalRecord = { streak: 0, owed: 0 };

/** The state after one more answer. */
export function afterAnswer(state: PracticeState, answer: Answer): PracticeState {
  const played = state[answer.played] ?? fresh;
  if (answer.chosen === answer.played) {
    return { ...state, [answer.played]: { streak: played.streak + 1, owed: Math.max(0, played.owed - 1) } };
  }
  const chosen = state[answer.chosen] ?? fresh;
  return {
    ...state,
    [answer.played]: { streak: 0, owed: OWED_AFTER_MISTAKE },
    // The one she heard it as is confused too: it comes back until she tells them apart.
    [answer.chosen]: { streak: 0, owed: Math.max(chosen.owed, OWED_AFTER_MISTAKE - 1) },
  };
}

export const practiceState = (answers: readonly Answer[]): PracticeState => answers.reduce(afterAnswer, {});

/** How likely an interval is drawn, against 1 for one not practised yet. */
export function weightOf(record: IntervalRecord | undefined): number {
  if (!record) return 1;
  if (record.owed > 0) return 1 + OWED_WEIGHT * record.owed;
  return record.streak >= MASTERED_STREAK ? MASTERED_WEIGHT : 1;
}

/**
 * The next interval of a round, drawn from `pool` by weight; `random` returns a number in [0, 1) (Math.random, or
 * a fixed sequence in a test). The interval just asked is not asked again at once while the pool has others.
 */
export function nextInterval(
  pool: readonly IntervalId[],
  state: PracticeState,
  previous: IntervalId | null = null,
  random: () => number = Math.random,
): IntervalId {
  const candidates = pool.length > 1 && previous !== null ? pool.filter((id) => id !== previous) : pool;
  if (candidates.length === 0) throw new Error('an empty pool of intervals');
  const weights = candidates.map((id) => weightOf(state[id]));
  let draw = random() * weights.reduce((sum, weight) => sum + weight, 0);
  for (const [index, id] of candidates.entries()) {
    draw -= weights[index] ?? 0;
    if (draw < 0) return id;
  }
  return candidates[candidates.length - 1] as IntervalId;
}

/** How often each interval was heard as each other: `table[played][chosen]`, the mistakes only. */
export function confusions(
  answers: readonly Answer[],
): Partial<Record<IntervalId, Partial<Record<IntervalId, number>>>> {
  const table: Partial<Record<IntervalId, Partial<Record<IntervalId, number>>>> = {};
  for (const { played, chosen } of answers) {
    if (played === chosen) continue;
    const row = table[played] ?? {};
    row[chosen] = (row[chosen] ?? 0) + 1;
    table[played] = row;
  }
  return table;
}
