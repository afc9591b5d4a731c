import { SOUND_VOLUME, XP_SOUND_COOLDOWN_MS } from '../../../../shared/domain/learning/xp';

/**
 * The xp moments' sounds, made with the Web Audio API rather than shipped as files. One context serves them
 * all; browsers start it only after a user gesture, which every moment follows (a click, a played video).
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

/** One note: a quick attack and an exponential fade, at the spec's volume unless told another. */
function note(ctx: AudioContext, opts: Note, volume = SOUND_VOLUME) {
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

let lastTick = Number.NEGATIVE_INFINITY;

/** Whether a tick at `now` may sound, given the last one (at most one per cooldown, spec §9). */
export const tickAllowed = (now: number, last: number) => now - last >= XP_SOUND_COOLDOWN_MS;

/** The xp counter's short tick; ticks closer together than the cooldown are skipped. */
export function playTick(now: number = performance.now()): void {
  if (!tickAllowed(now, lastTick)) return;
  lastTick = now;
  const ctx = audio();
  if (ctx) note(ctx, { frequency: 1320, start: 0, length: 0.05, type: 'triangle' });
}

/** A rising fanfare for a finished course or an achievement. */
export function playFanfare(): void {
  const ctx = audio();
  if (!ctx) return;
  [523.25, 659.25, 783.99, 1046.5].forEach((frequency, index) => {
    note(ctx, { frequency, start: index * 0.12, length: index === 3 ? 0.6 : 0.18, type: 'triangle' });
  });
}

/** Plays notes at a volume of their own (the chat's sounds, spec §9: 0.3, own send 0.5); silent without audio. */
export function playNotes(notes: readonly Note[], volume: number): void {
  const ctx = audio();
  if (!ctx) return;
  for (const each of notes) note(ctx, each, volume);
}
