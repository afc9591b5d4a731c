import { midiToNoteName } from '@tonaljs/midi';

/** A note's name as a musician reads it: `E♭4` for tonal's `Eb4`, `F♯3` for `F#3`. */
export const noteLabel = (name: string): string =>
  name.charAt(0) + name.slice(1).replaceAll('b', '♭').replaceAll('#', '♯');

/** A MIDI note's name, spelled with flats for the black keys (as intervalNotes spells a root). */
export const midiLabel = (midi: number): string => noteLabel(midiToNoteName(midi, { sharps: false }));

/** Whether a MIDI note is a black key. */
export const isBlackKey = (midi: number): boolean => [1, 3, 6, 8, 10].includes(((midi % 12) + 12) % 12);
