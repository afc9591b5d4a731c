import { describe, expect, it } from 'vitest';
import {
  chatTimeLabel,
  daysBetween,
  isBlankRichText,
  isSendTooSoon,
  mergeMessages,
  unseenMessages,
} from '../../src/shared/domain/coaching/chat';
import { STORED_MESSAGES_MAX } from '../../src/shared/domain/coaching/messages';

const at = (id: number, minute: number, text = '') => ({
  Id: id,
  CDate: new Date(Date.UTC(2026, 0, 10, 12, minute)).toISOString(),
  text,
});

describe('the stored message list', () => {
  it('is newest first, by time and then by Id', () => {
    const merged = mergeMessages([at(1, 0)], [at(3, 5), at(2, 5), at(4, 1)]);
    expect(merged.map((m) => m.Id)).toEqual([3, 2, 4, 1]);
  });

  it('does not add a message already in the list; the stored one stays', () => {
    const stored = [at(2, 2, 'opened here'), at(1, 1)];
    const merged = mergeMessages(stored, [at(2, 2, 'from a repeated increment'), at(3, 3), at(3, 3)]);
    expect(merged.map((m) => m.Id)).toEqual([3, 2, 1]);
    expect(merged.find((m) => m.Id === 2)?.text).toBe('opened here');
  });

  it('keeps the newest 100 when capped', () => {
    const stored = Array.from({ length: 100 }, (_, i) => at(i + 1, i));
    const merged = mergeMessages(stored, [at(1000, 200), at(1001, 201)], STORED_MESSAGES_MAX);
    expect(merged).toHaveLength(100);
    expect(merged[0]?.Id).toBe(1001);
    expect(merged.some((m) => m.Id === 1 || m.Id === 2)).toBe(false);
  });

  it('names what an answer brings that the list does not hold', () => {
    expect(unseenMessages([at(1, 1)], [at(1, 1), at(2, 2)]).map((m) => m.Id)).toEqual([2]);
  });
});

describe('chat time labels', () => {
  const now = new Date(2026, 4, 20, 15, 30); // a Wednesday, local time

  it('reads HH:mm today, Yesterday, then the date', () => {
    expect(chatTimeLabel(new Date(2026, 4, 20, 9, 5).toISOString(), now)).toEqual({ kind: 'time', text: '09:05' });
    expect(chatTimeLabel(new Date(2026, 4, 20, 0, 0).toISOString(), now)).toEqual({ kind: 'time', text: '00:00' });
    expect(chatTimeLabel(new Date(2026, 4, 19, 23, 59).toISOString(), now)).toEqual({ kind: 'yesterday' });
    expect(chatTimeLabel(new Date(2026, 4, 17, 12, 0).toISOString(), now).kind).toBe('date');
  });

  it('shows a weekday in the bell within the last week and the date past 7 days', () => {
    const bell = { bell: true };
    expect(chatTimeLabel(new Date(2026, 4, 19, 8, 0).toISOString(), now, bell)).toEqual({ kind: 'yesterday' });
    expect(chatTimeLabel(new Date(2026, 4, 18, 8, 0).toISOString(), now, bell).kind).toBe('weekday');
    expect(chatTimeLabel(new Date(2026, 4, 14, 8, 0).toISOString(), now, bell).kind).toBe('weekday');
    expect(chatTimeLabel(new Date(2026, 4, 13, 8, 0).toISOString(), now, bell).kind).toBe('date');
    expect(chatTimeLabel(new Date(2025, 11, 24, 8, 0).toISOString(), now, bell).kind).toBe('date');
  });

  it('counts calendar days, not 24-hour spans', () => {
    expect(daysBetween(new Date(2026, 4, 19, 23, 59), new Date(2026, 4, 20, 0, 1))).toBe(1);
    expect(daysBetween(new Date(2026, 4, 20, 0, 1), new Date(2026, 4, 20, 23, 59))).toBe(0);
  });

  it('reads a time slightly in the future as today', () => {
    expect(chatTimeLabel(new Date(2026, 4, 21, 0, 0, 1).toISOString(), new Date(2026, 4, 20, 23, 59, 59)).kind).toBe(
      'time',
    );
  });
});

describe('an empty message', () => {
  it.each(['', '<p></p>', '<p> </p>', '<p>&nbsp;</p>', '<p><br></p>', '<p></p><p></p>', '  '])(
    '%j is empty',
    (html) => {
      expect(isBlankRichText(html)).toBe(true);
    },
  );

  it.each(['<p>Hi</p>', 'Hi', '<p><img src="x.png"></p>', '<p>0</p>'])('%j is not', (html) => {
    expect(isBlankRichText(html)).toBe(false);
  });

  it('takes time linear in the text, whatever the text (a run of unclosed tags, of spaces)', () => {
    for (const html of ['<'.repeat(200_000), `<p>${' '.repeat(200_000)}`, '<b'.repeat(100_000)]) {
      const started = performance.now();
      isBlankRichText(html);
      expect(performance.now() - started).toBeLessThan(100);
    }
  });
});

describe('the send debounce', () => {
  it('ignores a send within 1 s of the previous attempt', () => {
    expect(isSendTooSoon(10_000, null)).toBe(false);
    expect(isSendTooSoon(10_999, 10_000)).toBe(true);
    expect(isSendTooSoon(11_000, 10_000)).toBe(false);
  });
});
