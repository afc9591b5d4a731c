/**
 * The computer keyboard as a piano, by the keys' places rather than their letters (KeyboardEvent.code), so that a
 * Swedish keyboard plays as an English one: the home row A S D F G H J K L Ö Ä (A S D … ; ' in English) are the
 * white keys from C, the row above (W E, T Y U, O P) the black keys between them; Z and X move the keyboard an
 * octave down and up. Shown on the exercise beside the keys (docs/decisions.md, "Ear training").
 */
export const pianoKeys: Readonly<Record<string, number>> = {
  KeyA: 0,
  KeyW: 1,
  KeyS: 2,
  KeyE: 3,
  KeyD: 4,
  KeyF: 5,
  KeyT: 6,
  KeyG: 7,
  KeyY: 8,
  KeyH: 9,
  KeyU: 10,
  KeyJ: 11,
  KeyK: 12,
  KeyO: 13,
  KeyL: 14,
  KeyP: 15,
  Semicolon: 16,
  Quote: 17,
};

export const octaveKeys: Readonly<Record<string, -1 | 1>> = { KeyZ: -1, KeyX: 1 };

/** The MIDI note a key plays with the keyboard's lowest C at `lowestC`, or null for a key that plays none. */
export function keyToMidi(code: string, lowestC: number): number | null {
  const offset = pianoKeys[code];
  return offset === undefined ? null : lowestC + offset;
}

/** The keyboard's lowest C after an octave key, kept within the MIDI notes a piano has (A0 = 21 to C8 = 108). */
export function shiftOctave(lowestC: number, code: string): number {
  const step = octaveKeys[code];
  if (step === undefined) return lowestC;
  const next = lowestC + 12 * step;
  const highest = next + Math.max(...Object.values(pianoKeys));
  return next < 21 || highest > 108 ? lowestC : next;
}
