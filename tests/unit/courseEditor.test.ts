import { describe, expect, it } from 'vitest';
import {
  draftKeeper,
  draftKey,
  draftText,
  firstIncomplete,
  type PartDraft,
} from '../../src/client/features/authoring/Editor/draft';
import { fromLocalInput, toLocalInput } from '../../src/client/features/authoring/Editor/localDateTime';
import { studentBlock, studentPart } from '../../src/client/features/authoring/Editor/studentView';
import { missingTranslations } from '../../src/client/features/authoring/Editor/translations';
import type { EditableBlock } from '../../src/shared/contract/authoring/partContent';
import type { Course, CoursePart } from '../../src/shared/contract/learning/courseShapes';
import {
  COURSE_AUTOSAVE_MS,
  inactivityDelay,
  keptDraftDecision,
  nextSaveDelay,
  saveFailure,
} from '../../src/shared/domain/authoring/editor';

const block = (overrides: Partial<EditableBlock>): EditableBlock => ({
  Id: 0,
  BlockType: 'Text',
  Title: '',
  Published: true,
  MentorOnly: false,
  PostId: 0,
  Content: { html: '<p>Hello</p>' },
  Translations: {},
  ...overrides,
});

const draft = (overrides: Partial<PartDraft> = {}): PartDraft => ({
  Name: 'Scales',
  NameTranslations: {},
  Blocks: [block({ Id: 7 })],
  ...overrides,
});

describe('course autosave timing', () => {
  it('saves 6 s after the first change, even while typing goes on', () => {
    expect(nextSaveDelay({ now: 1_000, dirtySince: 1_000, lastAttemptAt: null, failures: 0 })).toBe(COURSE_AUTOSAVE_MS);
    // Typing 5 s later does not push the save back.
    expect(nextSaveDelay({ now: 6_000, dirtySince: 1_000, lastAttemptAt: null, failures: 0 })).toBe(1_000);
    expect(nextSaveDelay({ now: 9_000, dirtySince: 1_000, lastAttemptAt: null, failures: 0 })).toBe(0);
  });

  it('saves at most every 6 s', () => {
    expect(nextSaveDelay({ now: 10_000, dirtySince: 9_000, lastAttemptAt: 8_000, failures: 0 })).toBe(5_000);
  });

  it('backs off after lost saves, never more than a minute', () => {
    const base = { now: 100_000, dirtySince: 0, lastAttemptAt: 100_000 };
    expect(nextSaveDelay({ ...base, failures: 1 })).toBe(6_000);
    expect(nextSaveDelay({ ...base, failures: 2 })).toBe(12_000);
    expect(nextSaveDelay({ ...base, failures: 3 })).toBe(24_000);
    expect(nextSaveDelay({ ...base, failures: 10 })).toBe(60_000);
  });

  it('counts inactivity from the last edit', () => {
    expect(inactivityDelay({ now: 0, lastEditAt: 0, minutes: 30 })).toBe(30 * 60_000);
    expect(inactivityDelay({ now: 60_000, lastEditAt: 0, minutes: 1 })).toBe(0);
  });
});

describe('a refused save', () => {
  it('keeps the draft and tells what to do', () => {
    expect(saveFailure('NETWORK')).toBe('retry');
    expect(saveFailure('SERVER_ERROR')).toBe('retry');
    expect(saveFailure('MAINTENANCE')).toBe('retry');
    expect(saveFailure('STALE_VERSION')).toBe('stale');
    expect(saveFailure('NOT_EDITING')).toBe('closed');
    expect(saveFailure('COURSE_LOCKED')).toBe('closed');
    expect(saveFailure('INVALID_REQUEST')).toBe('invalid');
    expect(saveFailure('UNAUTHORIZED')).toBe('signedOut');
  });
});

describe('drafts kept in the browser', () => {
  const storage = () => {
    const map = new Map<string, string>();
    return {
      map,
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
    };
  };

  it('are kept per site, course, part and editor', () => {
    expect(draftKey({ site: 'main', courseId: 1, partId: 2, userId: 3 })).toBe('courseDraft:main:1:2:3');
    expect(draftKey({ site: 'main', courseId: 1, partId: 2, userId: 4 })).not.toBe(
      draftKey({ site: 'main', courseId: 1, partId: 2, userId: 3 }),
    );
  });

  it('are written, read back and forgotten', () => {
    const store = storage();
    const keeper = draftKeeper(store);
    const kept = { baseVersion: 4, changedAt: '2026-01-01T00:00:00.000Z', draft: draft() };
    expect(keeper.write('k', kept)).toBe(true);
    expect(keeper.read('k')).toEqual(kept);
    keeper.forget('k');
    expect(keeper.read('k')).toBeNull();
  });

  it('survive a full or blocked storage without throwing', () => {
    const full = {
      getItem: () => 'not json',
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    const keeper = draftKeeper(full);
    expect(keeper.write('k', { baseVersion: 1, changedAt: '', draft: draft() })).toBe(false);
    expect(keeper.read('k')).toBeNull();
    expect(() => keeper.forget('k')).not.toThrow();
    expect(draftKeeper(null).write('k', { baseVersion: 1, changedAt: '', draft: draft() })).toBe(false);
  });

  it('are offered back only when they differ from the server', () => {
    const server = draftText(draft());
    expect(keptDraftDecision({ kept: null, server })).toBe('none');
    expect(keptDraftDecision({ kept: server, server })).toBe('forget');
    expect(keptDraftDecision({ kept: draftText(draft({ Name: 'Scales and modes' })), server })).toBe('offer');
  });

  it('wait for incomplete blocks and a missing name before saving', () => {
    expect(firstIncomplete(draft())).toBe(0);
    expect(firstIncomplete(draft({ Name: ' ' }))).toBe(-1);
    const noImage = block({ BlockType: 'Image', Content: {} });
    expect(firstIncomplete(draft({ Blocks: [block({}), noImage] }))).toBe(2);
    expect(firstIncomplete(draft({ Blocks: [block({ BlockType: 'Post', Content: {} })] }))).toBe(1);
  });
});

describe('translations', () => {
  it('mark a part whose name or blocks lack the other language', () => {
    expect(missingTranslations(draft(), 'en')).toEqual(['sv']);
    const translated = draft({
      NameTranslations: { sv: 'Skalor' },
      Blocks: [block({ Translations: { sv: { Content: { html: '<p>Hej</p>' } } } })],
    });
    expect(missingTranslations(translated, 'en')).toEqual([]);
    const titled = draft({
      NameTranslations: { sv: 'Skalor' },
      Blocks: [block({ Title: 'Intro', Translations: { sv: { Content: { html: '<p>Hej</p>' } } } })],
    });
    expect(missingTranslations(titled, 'en')).toEqual(['sv']);
    // A video names no words: it needs no translation.
    expect(
      missingTranslations(
        draft({ NameTranslations: { sv: 'Skalor' }, Blocks: [block({ BlockType: 'Video', Content: { mediaId: 3 } })] }),
        'en',
      ),
    ).toEqual([]);
  });
});

describe('the student preview', () => {
  const course = {
    XpPerReward: 5,
    TestAttempts: 3,
    CourseParts: [{ Id: 9, Name: 'Next', PostType: 2, Icon: null, VideoLength: 30 }],
  } as unknown as Pick<Course, 'XpPerReward' | 'TestAttempts' | 'CourseParts'>;
  const context = {
    course,
    media: {
      '3': { Url: '/media/3?sig', Name: 'scale.png', MimeType: 'image/png', DurationSeconds: 0, SizeBytes: 1200 },
    },
    language: 'en',
    defaultLanguage: 'en',
  };

  it('hides drafts, mentor-only blocks and right answers', () => {
    expect(studentBlock(block({ Published: false }), 1, context)).toBeNull();
    expect(studentBlock(block({ MentorOnly: true }), 1, context)).toBeNull();
    const quiz = studentBlock(
      block({
        BlockType: 'Test',
        Content: {
          intro: '',
          questions: [
            {
              id: 'q',
              text: 'Which?',
              multiple: false,
              options: [
                { id: 'a', text: 'A' },
                { id: 'b', text: 'B' },
              ],
              correct: ['a'],
            },
          ],
          passPercent: 80,
        },
      }),
      1,
      context,
    );
    expect(quiz?.BlockType).toBe('Test');
    expect(JSON.stringify(quiz)).not.toContain('correct');
    expect(quiz?.Content).toMatchObject({ passPercent: 80, attemptsAllowed: 3, result: null });
  });

  it('shows media by their links, rewards by the course xp and posts by their part', () => {
    expect(
      studentBlock(block({ BlockType: 'Image', Content: { mediaId: 3, alt: 'A scale', caption: '' } }), 1, context)
        ?.Content,
    ).toEqual({ url: '/media/3?sig', alt: 'A scale', caption: '' });
    expect(studentBlock(block({ BlockType: 'Reward', Content: { html: 'Well done' } }), 1, context)?.Content).toEqual({
      html: 'Well done',
      xp: 5,
    });
    expect(studentBlock(block({ BlockType: 'Post', PostId: 9, Content: {} }), 1, context)).toMatchObject({
      PostId: 9,
      PostName: 'Next',
      PostType: 2,
    });
  });

  it('shows the learner her language where written, else the default', () => {
    const translated = block({ Title: 'Intro', Translations: { sv: { Title: 'Inledning' } } });
    const sv = studentBlock(translated, 1, { ...context, language: 'sv' });
    expect(sv?.Title).toBe('Inledning');
    // No Swedish content: the English text shows.
    expect(sv?.Content).toEqual({ html: '<p>Hello</p>' });
    const part = { Id: 1, Name: 'Scales', Completed: true, VideoPlay: 1 } as unknown as CoursePart;
    const shown = studentPart(part, draft({ NameTranslations: { sv: 'Skalor' } }), { ...context, language: 'sv' });
    expect(shown.part).toMatchObject({ Name: 'Skalor', Completed: false, VideoPlay: 0, reward_id: null });
    expect(shown.hidden).toBe(0);
  });
});

describe('the publish date input', () => {
  it('round-trips a moment through the local time input', () => {
    const iso = '2026-03-01T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('nonsense')).toBeNull();
  });
});
