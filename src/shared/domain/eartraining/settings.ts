import { allIntervals, type Direction, directions, type IntervalId, intervalIds, simpleIntervals } from './intervals';
import { PIANO_RANGE } from './samples';

/** The instrument the exercises play: the sampled piano, or a pure tone (no overtones: the interval alone). */
export const sounds = ['piano', 'tone'] as const;
export type Sound = (typeof sounds)[number];

/** A learner's settings of an exercise: what is asked, how it sounds, and how long a round is. */
export interface ExerciseSettings {
  /** The intervals asked (at least one). */
  Intervals: IntervalId[];
  /** How they sound: up, down, together (at least one). */
  Directions: Direction[];
  /** The lowest and highest root, as MIDI notes; the interval above the highest still fits the piano. */
  RootLow: number;
  RootHigh: number;
  /** Beats per minute: a melodic interval's notes are a beat apart. */
  Tempo: number;
  /** Questions in a round. */
  Questions: number;
  Sound: Sound;
}

export const SETTINGS_LIMITS = {
  tempo: { min: 40, max: 200 },
  questions: { min: 5, max: 50 },
  /** Roots from C2 to C6: low and high enough to hear, with the largest interval still on the piano. */
  root: { min: 36, max: 84 },
} as const;

export const defaultSettings: ExerciseSettings = {
  Intervals: simpleIntervals.map((interval) => interval.id),
  Directions: ['ascending'],
  RootLow: 48,
  RootHigh: 72,
  Tempo: 80,
  Questions: 10,
  Sound: 'piano',
};

/** What can be wrong with settings beyond each field's own limits, and how the server says it. */
export const settingsProblems = {
  rootOrder: 'The lowest root must not be above the highest',
  rootRoom: 'The highest root leaves no room for the interval',
} as const;
export type SettingsProblem = keyof typeof settingsProblems;

/** What is wrong with settings, or null: the rules the server holds them to and the settings form shows. */
export function settingsProblem(
  settings: Pick<ExerciseSettings, 'Intervals' | 'RootLow' | 'RootHigh'>,
): SettingsProblem | null {
  if (settings.RootLow > settings.RootHigh) return 'rootOrder';
  const largest = Math.max(
    ...settings.Intervals.map((id) => allIntervals.find((interval) => interval.id === id)?.semitones ?? 0),
  );
  if (settings.RootHigh + largest > PIANO_RANGE.highest) return 'rootRoom';
  return null;
}

const inRange = (value: unknown, limits: { min: number; max: number }): value is number =>
  Number.isInteger(value) && (value as number) >= limits.min && (value as number) <= limits.max;

/**
 * Settings read back from somewhere they may have been changed or written by an older version (a visitor's
 * browser storage), held to the contract's rules without its library; null when they are not settings this version
 * plays. Sound may be missing (the piano).
 */
export function readSettings(value: unknown): ExerciseSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const list = <T extends string>(items: unknown, allowed: readonly T[]): T[] | null =>
    Array.isArray(items) && items.length > 0 && items.every((item) => allowed.includes(item as T))
      ? [...new Set(items as T[])]
      : null;
  const Intervals = list(v.Intervals, intervalIds);
  const Directions = list(v.Directions, directions);
  const Sound = v.Sound === undefined ? 'piano' : sounds.find((sound) => sound === v.Sound);
  if (!Intervals || !Directions || !Sound) return null;
  const { RootLow, RootHigh, Tempo, Questions } = v;
  if (
    !inRange(RootLow, SETTINGS_LIMITS.root) ||
    !inRange(RootHigh, SETTINGS_LIMITS.root) ||
    !inRange(Tempo, SETTINGS_LIMITS.tempo) ||
    !inRange(Questions, SETTINGS_LIMITS.questions)
  )
    return null;
  const settings = { Intervals, Directions, RootLow, RootHigh, Tempo, Questions, Sound };
  return settingsProblem(settings) ? null : settings;
}
