import { describe, expect, it } from 'vitest';
import {
  COURSE_FAIL_REDIRECT_MS,
  COURSE_NAV_WIDTH,
  isMilestone,
  MAX_PHOTO_BYTES,
} from '../../src/shared/domain/learning/course';
import { type NavigablePart, navigationOrder, neighbours } from '../../src/shared/domain/learning/courseNavigation';
import { courseTourSteps } from '../../src/shared/domain/learning/courseTour';
import {
  ACHIEVEMENT_DIALOG_MS,
  certificateExpiry,
  courseStatus,
  DEFAULT_XP_REWARD,
  LEVEL_XP,
  levelOf,
  progressPercent,
  REWARD_BOX_DELAY_MS,
  REWARD_BOX_HIDE_MS,
  SOUND_VOLUME,
  shouldOfferRewardBox,
  XP_COUNT_STEP_MS,
  XP_DIALOG_MIN_MS,
  XP_SOUND_COOLDOWN_MS,
  xpCountAt,
  xpDialogDuration,
} from '../../src/shared/domain/learning/xp';

const part = (Id: number, SortId: number, posts: number[] = []): NavigablePart => ({
  Id,
  SortId,
  Blocks: [{ BlockType: 'Text', PostId: null }, ...posts.map((PostId) => ({ BlockType: 'Post', PostId }))],
});

describe('course navigation order (spec §2)', () => {
  it('walks parts by SortId, each followed by the parts its Post blocks link to', () => {
    const parts = [part(1, 1), part(2, 2, [5, 4]), part(3, 5), part(4, 3), part(5, 4)];
    expect(navigationOrder(parts)).toEqual([1, 2, 5, 4, 3]);
  });

  it('follows links depth first and places a part linked twice only once', () => {
    const parts = [part(10, 1, [11, 13]), part(11, 2, [12]), part(12, 3), part(13, 4, [12]), part(14, 5)];
    expect(navigationOrder(parts)).toEqual([10, 11, 12, 13, 14]);
  });

  it('skips links to parts the viewer cannot see, and still reaches parts caught in a cycle', () => {
    expect(navigationOrder([part(1, 1, [99]), part(2, 2)])).toEqual([1, 2]);
    expect(navigationOrder([part(1, 1), part(2, 2, [3]), part(3, 3, [2])])).toEqual([1, 2, 3]);
    expect(navigationOrder([part(7, 1, [7])])).toEqual([7]);
  });

  it('orders equal SortIds by id, and an empty course has no order', () => {
    expect(navigationOrder([part(3, 1), part(2, 1)])).toEqual([2, 3]);
    expect(navigationOrder([])).toEqual([]);
  });

  it('Back and Forward: none before the first page or after the last; the overview leads to the first part', () => {
    const order = [4, 8, 15];
    expect(neighbours(order, null)).toEqual({ back: null, forward: 4 });
    expect(neighbours(order, 4)).toEqual({ back: null, forward: 8 });
    expect(neighbours(order, 8)).toEqual({ back: 4, forward: 15 });
    expect(neighbours(order, 15)).toEqual({ back: 8, forward: null });
    expect(neighbours(order, 99)).toEqual({ back: null, forward: null });
    expect(neighbours([], null)).toEqual({ back: null, forward: null });
  });
});

describe('xp, levels and progress (spec §4, §9)', () => {
  it('a level is 100 xp by default', () => {
    expect(LEVEL_XP).toBe(100);
    expect(levelOf(0)).toEqual({ level: 1, intoLevel: 0, toNext: 100 });
    expect(levelOf(99)).toEqual({ level: 1, intoLevel: 99, toNext: 1 });
    expect(levelOf(100)).toEqual({ level: 2, intoLevel: 0, toNext: 100 });
    expect(levelOf(245)).toEqual({ level: 3, intoLevel: 45, toNext: 55 });
    expect(levelOf(-5).level).toBe(1);
    expect(levelOf(30, 20)).toEqual({ level: 2, intoLevel: 10, toNext: 10 });
  });

  it('progress is whole percent, 100 only when every counted part is done', () => {
    expect(progressPercent(0, 7)).toBe(0);
    expect(progressPercent(1, 7)).toBe(14);
    expect(progressPercent(199, 200)).toBe(99);
    expect(progressPercent(7, 7)).toBe(100);
    expect(progressPercent(3, 0)).toBe(0);
  });

  it('course status: completed, in progress or not started', () => {
    expect(courseStatus({ progressPercent: 0, completedAt: null, started: false })).toBe('not_started');
    expect(courseStatus({ progressPercent: 0, completedAt: null, started: true })).toBe('in_progress');
    expect(courseStatus({ progressPercent: 40, completedAt: null, started: true })).toBe('in_progress');
    expect(courseStatus({ progressPercent: 100, completedAt: null, started: true })).toBe('completed');
    // A finished course stays finished when an episode is reset.
    expect(courseStatus({ progressPercent: 80, completedAt: '2026-01-01T00:00:00.000Z', started: true })).toBe(
      'completed',
    );
  });

  it('the reward box needs a user who collects xp, a page without a reward, and progress event 1', () => {
    expect(shouldOfferRewardBox({ collectXp: true, rewardId: null, progressEvent: 1 })).toBe(true);
    expect(shouldOfferRewardBox({ collectXp: false, rewardId: null, progressEvent: 1 })).toBe(false);
    expect(shouldOfferRewardBox({ collectXp: true, rewardId: 3, progressEvent: 1 })).toBe(false);
    expect(shouldOfferRewardBox({ collectXp: true, rewardId: null, progressEvent: 2 })).toBe(false);
  });

  it('the xp dialog counts a point per 80 ms and shows at least 4 s, the count plus 1.5 s', () => {
    expect(xpDialogDuration(35, 40)).toBe(4_000);
    expect(xpDialogDuration(0, 100)).toBe(100 * 80 + 1_500);
    expect(xpCountAt(35, 40, 0)).toBe(35);
    expect(xpCountAt(35, 40, 79)).toBe(35);
    expect(xpCountAt(35, 40, 80)).toBe(36);
    expect(xpCountAt(35, 40, 10_000)).toBe(40);
  });

  it('certificates expire the same day months later, or the month’s last day', () => {
    expect(certificateExpiry(new Date('2026-03-15T10:00:00Z'), 12)?.toISOString()).toBe('2027-03-15T10:00:00.000Z');
    expect(certificateExpiry(new Date('2026-01-31T10:00:00Z'), 1)?.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(certificateExpiry(new Date('2026-01-31T10:00:00Z'), null)).toBeNull();
  });

  it('timing and size constants are the spec’s', () => {
    expect([REWARD_BOX_DELAY_MS, REWARD_BOX_HIDE_MS, XP_COUNT_STEP_MS, XP_DIALOG_MIN_MS]).toEqual([
      800, 800, 80, 4_000,
    ]);
    expect([XP_SOUND_COOLDOWN_MS, SOUND_VOLUME, ACHIEVEMENT_DIALOG_MS, DEFAULT_XP_REWARD]).toEqual([
      150, 0.3, 5_000, 5,
    ]);
    expect([COURSE_NAV_WIDTH, COURSE_FAIL_REDIRECT_MS, MAX_PHOTO_BYTES]).toEqual([400, 500, 2 * 1024 * 1024]);
    expect([1, 2, 3, 4].map(isMilestone)).toEqual([false, true, false, true]);
  });
});

describe('the course page tour', () => {
  it('points at the navigation beside the content, else at Menu; xp only for those who collect it', () => {
    expect(courseTourSteps({ navBeside: true, collectsXp: true })).toEqual(['nav', 'content', 'bar', 'xp']);
    expect(courseTourSteps({ navBeside: false, collectsXp: true })).toEqual(['navMenu', 'content', 'bar', 'xp']);
    expect(courseTourSteps({ navBeside: false, collectsXp: false })).toEqual(['navMenu', 'content', 'bar']);
  });
});
