import { XP_SOUND_COOLDOWN_MS } from '../../../../shared/domain/learning/xp';
import { playNotes } from '../../../components/sounds';

let lastTick = Number.NEGATIVE_INFINITY;

/** Whether a tick at `now` may sound, given the last one (at most one per cooldown, spec §9). */
export const tickAllowed = (now: number, last: number) => now - last >= XP_SOUND_COOLDOWN_MS;

/** The xp counter's short tick; ticks closer together than the cooldown are skipped. */
export function playTick(now: number = performance.now()): void {
  if (!tickAllowed(now, lastTick)) return;
  lastTick = now;
  playNotes([{ frequency: 1320, start: 0, length: 0.05, type: 'triangle' }]);
}

/** A rising fanfare for a finished course or an achievement. */
export function playFanfare(): void {
  playNotes(
    [523.25, 659.25, 783.99, 1046.5].map((frequency, index) => ({
      frequency,
      start: index * 0.12,
      length: index === 3 ? 0.6 : 0.18,
      type: 'triangle' as const,
    })),
  );
}
