import { midiToNoteName } from '@tonaljs/midi';
import { midi as noteMidi, transpose } from '@tonaljs/note';

/**
 * The intervals of the ear-training exercises, in the names musicians write them (m3, P5, TT), from the minor second
 * to the octave and, as an option, the compound ones up to the double octave. Their sizes are ours, written out so a
 * reader sees them; a unit test holds each to the music-theory library (tonal), as it holds their names in both
 * languages.
 */
export const simpleIntervals = [
  { id: 'm2', semitones: 1 },
  { id: 'M2', semitones: 2 },
  { id: 'm3', semitones: 3 },
  { id: 'M3', semitones: 4 },
  { id: 'P4', semitones: 5 },
  { id: 'TT', semitones: 6 },
  { id: 'P5', semitones: 7 },
  { id: 'm6', semitones: 8 },
  { id: 'M6', semitones: 9 },
  { id: 'm7', semitones: 10 },
  { id: 'M7', semitones: 11 },
  { id: 'P8', semitones: 12 },
] as const;

export const compoundIntervals = [
  { id: 'm9', semitones: 13 },
  { id: 'M9', semitones: 14 },
  { id: 'm10', semitones: 15 },
  { id: 'M10', semitones: 16 },
  { id: 'P11', semitones: 17 },
  { id: 'A11', semitones: 18 },
  { id: 'P12', semitones: 19 },
  { id: 'm13', semitones: 20 },
  { id: 'M13', semitones: 21 },
  { id: 'm14', semitones: 22 },
  { id: 'M14', semitones: 23 },
  { id: 'P15', semitones: 24 },
] as const;

export const allIntervals = [...simpleIntervals, ...compoundIntervals] as const;
export type IntervalId = (typeof allIntervals)[number]['id'];
export const intervalIds: readonly IntervalId[] = allIntervals.map((interval) => interval.id);

/** How the two notes sound: one after the other going up or down, or together. */
export const directions = ['ascending', 'descending', 'harmonic'] as const;
export type Direction = (typeof directions)[number];

export const semitonesOf = (id: IntervalId): number =>
  allIntervals.find((interval) => interval.id === id)?.semitones ?? 0;

/** The interval in tonal's notation: number then quality (`3m`), the tritone as the augmented fourth. */
export function tonalName(id: IntervalId): string {
  if (id === 'TT') return '4A';
  return `${id.slice(1)}${id[0]}`;
}

/** A question's two notes: MIDI numbers, and their names spelled as the interval is (C4 and E♭4 for a minor third). */
export interface IntervalNotes {
  midi: [number, number];
  names: [string, string];
}

/**
 * The notes of an interval from a root (a MIDI number): the second above the root, or below it going down; played
 * together, the lower first. Spelled by tonal from the root's name (flats for black keys, as a piano student reads).
 */
export function intervalNotes(root: number, id: IntervalId, direction: Direction): IntervalNotes {
  const rootName = midiToNoteName(root, { sharps: false });
  const other = transpose(rootName, `${direction === 'descending' ? '-' : ''}${tonalName(id)}`);
  const otherMidi = noteMidi(other);
  if (otherMidi === null) throw new Error(`no note ${other} from ${rootName} by ${id}`);
  return { midi: [root, otherMidi], names: [rootName, other] };
}

/** The interval between two MIDI notes as the exercises name it, or null beyond the double octave or for a unison. */
export function intervalBetween(first: number, second: number): IntervalId | null {
  const size = Math.abs(second - first);
  return allIntervals.find((interval) => interval.semitones === size)?.id ?? null;
}
