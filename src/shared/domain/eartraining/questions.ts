import { type Direction, type IntervalId, type IntervalNotes, intervalNotes, semitonesOf } from './intervals';
import { nextInterval, type PracticeState } from './practice';
import type { ExerciseSettings } from './settings';

/** One question of a round: the interval asked, how it sounds, and its two notes from the root. */
export interface Question {
  interval: IntervalId;
  direction: Direction;
  root: number;
  notes: IntervalNotes;
}

const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.min(items.length - 1, Math.floor(random() * items.length))] as T;

/**
 * The next question of a round: the interval drawn by the practice (mistakes come back, mastered ones less), a
 * direction of those chosen, and a root anywhere in the chosen range; `random` as in `nextInterval`.
 */
export function drawQuestion(
  settings: Pick<ExerciseSettings, 'Intervals' | 'Directions' | 'RootLow' | 'RootHigh'>,
  state: PracticeState,
  previous: IntervalId | null,
  random: () => number = Math.random,
): Question {
  const interval = nextInterval(settings.Intervals, state, previous, random);
  const direction = pick(settings.Directions, random);
  const root = settings.RootLow + Math.floor(random() * (settings.RootHigh - settings.RootLow + 1));
  return { interval, direction, root, notes: intervalNotes(root, interval, direction) };
}

/** When each note of a question sounds, in seconds from its start, and for how long: melodic a beat apart. */
export function questionTiming(direction: Direction, tempo: number): { offsets: [number, number]; length: number } {
  const beat = 60 / tempo;
  return direction === 'harmonic' ? { offsets: [0, 0], length: 2 * beat } : { offsets: [0, beat], length: beat };
}

/** The lowest and highest notes the settings' questions can play, for loading the samples before a round. */
export function settingsRange(settings: Pick<ExerciseSettings, 'Intervals' | 'Directions' | 'RootLow' | 'RootHigh'>): {
  low: number;
  high: number;
} {
  const largest = Math.max(0, ...settings.Intervals.map(semitonesOf));
  const down = settings.Directions.includes('descending');
  const up = settings.Directions.some((direction) => direction !== 'descending');
  return { low: settings.RootLow - (down ? largest : 0), high: settings.RootHigh + (up ? largest : 0) };
}
