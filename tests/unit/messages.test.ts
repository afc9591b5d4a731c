import { describe, expect, it } from 'vitest';
import {
  isOnline,
  ONLINE_WINDOW_MS,
  PRESENCE_WRITE_MS,
  presenceIsStale,
} from '../../src/shared/domain/coaching/messages';

describe('presence (spec §4: is the recipient online?)', () => {
  const now = Date.parse('2030-01-01T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('a user is online while her last recorded poll is younger than the window', () => {
    expect(isOnline(null, now)).toBe(false);
    expect(isOnline(ago(0), now)).toBe(true);
    expect(isOnline(ago(ONLINE_WINDOW_MS - 1), now)).toBe(true);
    expect(isOnline(ago(ONLINE_WINDOW_MS), now)).toBe(false);
  });

  it('a poll is written again only after the write interval, which the online window outlasts', () => {
    expect(presenceIsStale(null, now)).toBe(true);
    expect(presenceIsStale(ago(PRESENCE_WRITE_MS - 1), now)).toBe(false);
    expect(presenceIsStale(ago(PRESENCE_WRITE_MS), now)).toBe(true);
    // A user polling every 3 s never looks offline between two writes.
    expect(ONLINE_WINDOW_MS).toBeGreaterThan(PRESENCE_WRITE_MS + 3_000);
  });
});
