import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/client/components/bytes';
import { allAnswered, verdicts } from '../../src/client/features/learning/blocks/answers';
import { formatDuration, isYouTubeId, youTubeEmbedUrl } from '../../src/client/features/learning/blocks/format';
import { canResetEpisode, nextToDo } from '../../src/client/features/learning/Course/completion';
import { momentsOf } from '../../src/client/features/learning/Course/moments';
import { courseOutline } from '../../src/client/features/learning/Course/outline';
import { idFromParam, partIdOf } from '../../src/client/features/learning/Course/paths';
import { tickAllowed } from '../../src/client/features/learning/Course/sounds';
import {
  advanceMoments,
  enterCourse,
  initialCourseView,
  isCelebrating,
  queueMoments,
} from '../../src/client/features/learning/Course/store';
import type { Achievement } from '../../src/shared/contract/learning/courseShapes';
import { navigationOrder } from '../../src/shared/domain/learning/courseNavigation';
import { XP_SOUND_COOLDOWN_MS } from '../../src/shared/domain/learning/xp';
import { mainMenu } from '../../src/shared/domain/menu';
import { routeTable } from '../../src/shared/domain/routes';

const part = (Id: number, SortId: number, posts: number[] = []) => ({
  Id,
  SortId,
  Blocks: posts.map((PostId) => ({ BlockType: 'Post', PostId })),
});

describe('course outline', () => {
  it('follows the shared navigation order and nests episodes under the part linking to them', () => {
    // 1 welcome, 2 chapter → 3, 4; 3 → 5 (a sub-episode); 6 last.
    const parts = [part(6, 6), part(1, 1), part(2, 2, [3, 4]), part(3, 3, [5]), part(4, 4), part(5, 5)];
    const outline = courseOutline(parts);
    expect(outline.map((e) => e.part.Id)).toEqual(navigationOrder(parts));
    expect(outline.map((e) => [e.part.Id, e.depth, e.parentId])).toEqual([
      [1, 0, null],
      [2, 0, null],
      [3, 1, 2],
      [5, 2, 3],
      [4, 1, 2],
      [6, 0, null],
    ]);
  });

  it('shows parts caught only in a cycle of links at the end, the first one at the top level', () => {
    const outline = courseOutline([part(1, 1), part(2, 2, [3]), part(3, 3, [2])]);
    expect(outline.map((e) => [e.part.Id, e.depth])).toEqual([
      [1, 0],
      [2, 0],
      [3, 1],
    ]);
  });

  it('is empty for a course without parts', () => {
    expect(courseOutline([])).toEqual([]);
  });
});

type PartState = Parameters<typeof nextToDo>[0][number] & Parameters<typeof canResetEpisode>[0];
const state = (Id: number, criteria: string, completed: boolean, VideoPlay: 0 | 1 = completed ? 1 : 0): PartState => ({
  Id,
  ProgressCriteria: criteria,
  Completed: completed,
  VideoPlay,
});

describe('part completion', () => {
  it('continues at the first counted part not completed, skipping parts that do not count', () => {
    const parts = [
      state(1, 'visit', true),
      state(2, 'none', false),
      state(3, 'video', false),
      state(4, 'visit', false),
    ];
    expect(nextToDo(parts)?.Id).toBe(3);
    expect(nextToDo([state(1, 'visit', true), state(2, 'none', false)])).toBeNull();
    // A part completed by a passed test or an approved review has no play recorded, and is done all the same.
    expect(nextToDo([state(1, 'test', true, 0), state(2, 'visit', false)])?.Id).toBe(2);
  });

  it('lets only episodes completed by their video be reset', () => {
    expect(canResetEpisode(state(1, 'video', true))).toBe(true);
    expect(canResetEpisode(state(1, 'video', false))).toBe(false);
    expect(canResetEpisode(state(1, 'visit', true))).toBe(false);
  });
});

const achievement: Achievement = {
  Id: 2,
  CourseId: 1,
  title: 'Halfway there',
  description: 'Half of the course behind you.',
  required_xp: 20,
};

describe('moments of a progress step', () => {
  it('counts from the old total to the new one, then the achievement, then the finished course', () => {
    expect(
      momentsOf({ totalXp: 25, earnedXp: 5, achievement, certificateGenerated: true, courseName: 'Basics' }),
    ).toEqual([
      { kind: 'xp', from: 20, to: 25 },
      { kind: 'achievement', achievement },
      { kind: 'courseFinished', courseName: 'Basics' },
    ]);
  });

  it('has nothing to show for a step that awarded nothing', () => {
    expect(
      momentsOf({ totalXp: 25, earnedXp: 0, achievement: null, certificateGenerated: false, courseName: 'Basics' }),
    ).toEqual([]);
  });
});

describe('course view state', () => {
  it('shows one moment at a time, in the order they came', () => {
    let view = queueMoments(initialCourseView, [
      { kind: 'xp', from: 0, to: 5 },
      { kind: 'achievement', achievement },
    ]);
    expect(view.xpCount).toEqual({ from: 0, to: 5 });
    expect(view.celebration.show).toBe(false);
    // A step finishing the course while the xp dialog shows waits its turn.
    view = queueMoments(view, [{ kind: 'courseFinished', courseName: 'Basics' }]);
    expect(view.xpCount).toEqual({ from: 0, to: 5 });
    view = advanceMoments(view);
    expect(view.xpCount).toBeNull();
    expect(view.celebration).toMatchObject({ show: true, title: 'Halfway there', subtitle: achievement.description });
    view = advanceMoments(view);
    expect(view.celebration.show).toBe(false);
    expect(view.showCourseFinished).toBe(true);
    expect(view.finishedCourseName).toBe('Basics');
    view = advanceMoments(view);
    expect(isCelebrating(view)).toBe(false);
    expect(view.pending).toEqual([]);
  });

  it('queuing nothing changes nothing', () => {
    expect(queueMoments(initialCourseView, [])).toBe(initialCourseView);
  });

  it('entering a course opens its navigation as remembered; staying in it keeps the state', () => {
    const entered = enterCourse(initialCourseView, 1, true);
    expect(entered).toMatchObject({ activeCourseId: 1, showCourseNav: true });
    const closed = { ...entered, showCourseNav: false };
    expect(enterCourse(closed, 1, true)).toBe(closed);
    expect(enterCourse(closed, 2, false)).toMatchObject({ activeCourseId: 2, showCourseNav: false });
  });
});

describe('xp tick sound', () => {
  it('sounds at most once per cooldown', () => {
    expect(tickAllowed(1000, Number.NEGATIVE_INFINITY)).toBe(true);
    expect(tickAllowed(1000 + XP_SOUND_COOLDOWN_MS - 1, 1000)).toBe(false);
    expect(tickAllowed(1000 + XP_SOUND_COOLDOWN_MS, 1000)).toBe(true);
  });
});

describe('block formatting', () => {
  it('writes video lengths as m:ss and h:mm:ss', () => {
    expect(formatDuration(6)).toBe('0:06');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(-3)).toBe('0:00');
  });

  it('writes file sizes for people', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1530, 'en')).toBe('1.5 kB');
    expect(formatBytes(2_500_000, 'en')).toBe('2.5 MB');
    expect(formatBytes(1530, 'sv')).toBe('1,5 kB');
  });

  it('embeds only plausible YouTube ids, from the no-cookie domain', () => {
    expect(isYouTubeId('px3oVGXr4mo')).toBe(true);
    expect(isYouTubeId('"><script>')).toBe(false);
    expect(isYouTubeId('')).toBe(false);
    expect(youTubeEmbedUrl('px3oVGXr4mo')).toBe('https://www.youtube-nocookie.com/embed/px3oVGXr4mo');
  });
});

describe('course routes', () => {
  it('lists the course pages for signed-in users and free lessons for everyone, with /FreeLessons in the menu', () => {
    expect(routeTable['/course/:id'].access.kind).toBe('login');
    expect(routeTable['/course/:id/post/:id2'].access.kind).toBe('login');
    expect(routeTable['/FreeLessons/:category?'].access.kind).toBe('public');
    const item = mainMenu.find((entry) => entry.path === '/FreeLessons');
    expect(item).toMatchObject({ label: 'menu.freeLessons' });
    expect(item?.loginRequired).toBeFalsy();
  });
});

describe('quiz answers', () => {
  const questions = [
    { id: 'q1', text: '', multiple: false, options: [] },
    { id: 'q2', text: '', multiple: true, options: [] },
  ];
  const result = {
    score: 1,
    max_score: 2,
    passed: false,
    attempts: 1,
    attempts_left: null,
    questions: [
      { id: 'q1', correct: false },
      { id: 'q2', correct: true },
    ],
  };

  it('asks for an answer to every question', () => {
    expect(allAnswered(questions, { q1: ['a'] })).toBe(false);
    expect(allAnswered(questions, { q1: ['a'], q2: [] })).toBe(false);
    expect(allAnswered(questions, { q1: ['a'], q2: ['b', 'c'] })).toBe(true);
  });

  it('shows a verdict only while the answer is the one that was checked', () => {
    const checked = { answers: { q1: ['a'], q2: ['b', 'c'] }, result };
    expect([...verdicts(checked, { q1: ['a'], q2: ['c', 'b'] })]).toEqual([
      ['q1', false],
      ['q2', true],
    ]);
    expect([...verdicts(checked, { q1: ['b'], q2: ['b', 'c'] })]).toEqual([['q2', true]]);
    // A result from an earlier visit says nothing about the options now on screen.
    expect(verdicts(null, { q1: ['a'] }).size).toBe(0);
  });
});

describe('course paths', () => {
  it('reads ids from route parameters', () => {
    expect(idFromParam('12')).toBe(12);
    expect(idFromParam('0')).toBeNull();
    expect(idFromParam('1e3')).toBeNull();
    expect(idFromParam('99999999999')).toBeNull();
    expect(idFromParam(undefined)).toBeNull();
  });

  it('tells the overview, a part and a path that is no page apart', () => {
    expect(partIdOf('')).toBeNull();
    expect(partIdOf('post/5')).toBe(5);
    expect(partIdOf('post/5/')).toBe(5);
    expect(partIdOf('post/x')).toBe(-1);
    expect(partIdOf('chapter/5')).toBe(-1);
  });
});
