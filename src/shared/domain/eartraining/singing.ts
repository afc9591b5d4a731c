/**
 * Answers sung into the microphone (KeyboardIntervals_1, the way to answer on an iPad): the pitch heard is taken
 * once it has held steady, and counts by its note name in the octave nearest the answer, since a voice sings where
 * it can (a bass an octave or two below a C4 root).
 */

/** The least clarity (0–1, the pitch detector's) a frame needs to count as a sung note. */
export const MIN_CLARITY = 0.9;
/** How long one note must hold, within half a semitone, before it is taken. */
export const HOLD_MS = 250;
/** The voice's range the detector listens for: C2 (65 Hz) to C6 (1047 Hz). */
export const VOICE_RANGE_HZ = { low: 60, high: 1100 } as const;

/** A frequency as a MIDI note, not rounded (A4, 440 Hz, is 69). */
export const frequencyToMidi = (hertz: number): number => 69 + 12 * Math.log2(hertz / 440);

/** A MIDI note's frequency. */
export const midiToFrequency = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);

/** The sung note moved by octaves to the one nearest `target`, so its name is what counts. */
export function nearestOctave(sung: number, target: number): number {
  const note = Math.round(sung);
  return note + 12 * Math.round((target - note) / 12);
}

/**
 * Follows the detector's frames and answers a note once it has held: `push` takes each frame (a MIDI note, not
 * rounded, or null for silence or an unclear frame) with its time in milliseconds, and returns the note held, once,
 * when it has held for HOLD_MS; a new note or a silence starts again.
 */
export class PitchHold {
  private note: number | null = null;
  private since = 0;
  private taken = false;

  push(midi: number | null, at: number): number | null {
    const rounded = midi === null ? null : Math.round(midi);
    if (rounded === null || rounded !== this.note) {
      this.note = rounded;
      this.since = at;
      this.taken = false;
      return null;
    }
    if (this.taken || at - this.since < HOLD_MS) return null;
    this.taken = true;
    return rounded;
  }

  reset(): void {
    this.note = null;
    this.taken = false;
  }
}
