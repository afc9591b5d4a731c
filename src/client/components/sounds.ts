import { SOUND_VOLUME } from '../../shared/domain/learning/xp';

/**
 * The platform's sounds (spec §9), made with the Web Audio API rather than shipped as files. One context serves
 * them all; browsers start it only after a user gesture, which every sound but an arriving message follows.
 */
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  // Before the first user gesture the browser would refuse to start the context (and say so in the console): a
  // sound that comes then (a message arriving on a freshly loaded page) is skipped quietly.
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return null;
  try {
    context ??= new window.AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => {});
    return context;
  } catch (error) {
    // A browser without audio (or one that refuses it) simply stays silent.
    console.warn('audio unavailable', error);
    return null;
  }
}

export interface Note {
  frequency: number;
  start: number;
  length: number;
  type?: OscillatorType;
}

/** One note: a quick attack and an exponential fade. */
function note(ctx: AudioContext, opts: Note, volume: number) {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = opts.type ?? 'sine';
  oscillator.frequency.value = opts.frequency;
  const at = ctx.currentTime + opts.start;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + opts.length);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(at);
  oscillator.stop(at + opts.length + 0.02);
}

/** Plays notes at the spec's volume unless told another (the chat's: 0.3, own send 0.5); silent without audio. */
export function playNotes(notes: readonly Note[], volume: number = SOUND_VOLUME): void {
  const ctx = audio();
  if (!ctx) return;
  for (const each of notes) note(ctx, each, volume);
}
