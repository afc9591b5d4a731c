import { describe, expect, it } from 'vitest';
import { examName } from '../../src/shared/domain/coaching/exams';
import { AWAY_AFTER_MS, isAway } from '../../src/shared/domain/coaching/messages';

describe('examName', () => {
  it('names part and block, or one of them when the other is empty or the same', () => {
    expect(examName('Milestone', 'Exam 1')).toBe('Milestone – Exam 1');
    expect(examName('Final exam', 'Final exam')).toBe('Final exam');
    expect(examName('Final exam', ' final Exam ')).toBe('Final exam');
    expect(examName('Final', '')).toBe('Final');
    expect(examName('', 'Question')).toBe('Question');
  });
});

describe('isAway', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('is away without a recorded poll, or one as old as the away window', () => {
    expect(isAway(null, now)).toBe(true);
    expect(isAway(ago(AWAY_AFTER_MS), now)).toBe(true);
    expect(isAway(ago(AWAY_AFTER_MS - 1_000), now)).toBe(false);
    expect(isAway(ago(0), now)).toBe(false);
  });
});
