import type { Block, BlockResult, CoursePart, Question } from '../../../../shared/contract/learning/courseShapes';
import { type BlockType, blockTypes } from '../../../../shared/domain/learning/course';
import { attemptLimit } from '../../../../shared/domain/learning/testAttempts';
import type { CourseBlockRow, CoursePartRow, MediaFileRow } from '../../../platform/db/schema';
import { readContent, type StoredQuestion, scoreAnswers, visibleResult } from '../services/blockContent';

/** What presenting a course's blocks needs beyond the rows themselves. */
export interface BlockContext {
  /** Staff receive the right answers of quizzes and tests. */
  staff: boolean;
  /** The course's xp per reward, which Reward blocks show. */
  xpPerReward: number;
  /** The course's attempts per test (null: no limit), which decide what a test result tells. */
  testAttempts: number | null;
  sign: (fileId: number) => string;
  media: ReadonlyMap<number, MediaFileRow>;
  /** Parts the viewer may see, for Post blocks. */
  parts: ReadonlyMap<number, CoursePartRow>;
  /** The viewer's latest answers to quiz and test blocks. */
  results: ReadonlyMap<number, { answers: string; score: number; max_score: number; passed: number; attempts: number }>;
}

const isBlockType = (type: string): type is BlockType => (blockTypes as readonly string[]).includes(type);

function presentQuestions(questions: StoredQuestion[], staff: boolean): Question[] {
  return questions.map(({ correct, ...question }) => (staff ? { ...question, correct } : question));
}

function presentResult(
  questions: StoredQuestion[],
  row: BlockContext['results'] extends ReadonlyMap<number, infer R> ? R | undefined : never,
  opts: { isTest: boolean; staff: boolean; testAttempts: number | null },
): BlockResult | null {
  if (!row) return null;
  let answers: Record<string, string[]> = {};
  try {
    answers = JSON.parse(row.answers);
  } catch {
    // An unreadable answer counts every question as unanswered.
  }
  return visibleResult({
    ...opts,
    score: row.score,
    maxScore: row.max_score,
    passed: row.passed === 1,
    attempts: row.attempts,
    questions: scoreAnswers(questions, answers).questions,
  });
}

/** A block as the viewer may see it, or null when its content is broken or its linked part is hidden. */
export function presentBlock(row: CourseBlockRow, ctx: BlockContext): Block | null {
  const type = row.block_type;
  if (!isBlockType(type)) return null;
  const base = { Id: row.id, Title: row.title, Published: row.published === 1, MentorOnly: row.mentor_only === 1 };
  const notPost = { PostId: null, PostType: null, PostName: null, PostIcon: null, VideoLength: null };
  const mediaUrl = (id: number) => (ctx.media.has(id) ? ctx.sign(id) : null);

  switch (type) {
    case 'Post': {
      const target = row.post_id === null ? undefined : ctx.parts.get(row.post_id);
      if (!target) return null;
      return {
        ...base,
        BlockType: 'Post',
        PostId: target.id,
        PostType: target.post_type,
        PostName: target.name,
        PostIcon: target.icon,
        VideoLength: target.video_length,
        Content: {},
      };
    }
    case 'Image': {
      const c = readContent(type, row.content);
      return (
        c && {
          ...base,
          ...notPost,
          BlockType: type,
          Content: { url: mediaUrl(c.mediaId), alt: c.alt, caption: c.caption },
        }
      );
    }
    case 'Video': {
      const c = readContent(type, row.content);
      const file = c && ctx.media.get(c.mediaId);
      return (
        c && {
          ...base,
          ...notPost,
          BlockType: type,
          Content: {
            url: mediaUrl(c.mediaId),
            mimeType: file?.mime_type ?? 'video/webm',
            durationSeconds: c.durationSeconds,
          },
        }
      );
    }
    case 'Audio': {
      const c = readContent(type, row.content);
      const file = c && ctx.media.get(c.mediaId);
      return (
        c && {
          ...base,
          ...notPost,
          BlockType: type,
          Content: { url: mediaUrl(c.mediaId), mimeType: file?.mime_type ?? 'audio/ogg' },
        }
      );
    }
    case 'File': {
      const c = readContent(type, row.content);
      const file = c && ctx.media.get(c.mediaId);
      return (
        c && {
          ...base,
          ...notPost,
          BlockType: type,
          Content: { url: mediaUrl(c.mediaId), fileName: file?.original_name ?? '', sizeBytes: file?.size_bytes ?? 0 },
        }
      );
    }
    case 'Quiz':
    case 'Test': {
      const c = readContent(type, row.content);
      if (!c) return null;
      const isTest = type === 'Test';
      const content = {
        intro: c.intro,
        questions: presentQuestions(c.questions, ctx.staff),
        passPercent: isTest ? c.passPercent : null,
        attemptsAllowed: isTest ? attemptLimit(ctx.testAttempts) : null,
        result: presentResult(c.questions, ctx.results.get(row.id), {
          isTest,
          staff: ctx.staff,
          testAttempts: ctx.testAttempts,
        }),
      };
      return { ...base, ...notPost, BlockType: type, Content: content };
    }
    case 'Reward': {
      const c = readContent(type, row.content);
      return c && { ...base, ...notPost, BlockType: type, Content: { html: c.html, xp: ctx.xpPerReward } };
    }
    default: {
      const c = readContent(type, row.content);
      return c && ({ ...base, ...notPost, BlockType: type, Content: c } as Block);
    }
  }
}

/** The viewer's progress on a part, as get_course reads it. */
export interface PartProgress {
  video_play: number;
  completed_at: string | null;
  milestone_completed_at: string | null;
}

/** A part with its blocks and the viewer's progress on it. */
export function presentPart(
  part: CoursePartRow,
  blocks: Block[],
  progress: PartProgress | undefined,
  rewardId: number | null,
): CoursePart {
  return {
    Id: part.id,
    Name: part.name,
    Blocks: blocks,
    Published: part.published === 1,
    PublishDate: part.publish_date,
    SortId: part.sort_id,
    Free: part.free === 1,
    MentorOnly: part.mentor_only === 1,
    VideoLength: part.video_length,
    VideoPlay: progress?.video_play === 1 ? 1 : 0,
    Completed: Boolean(progress?.completed_at),
    PostType: part.post_type,
    ProgressCriteria: part.progress_criteria,
    MilestoneCompletedDate: progress?.milestone_completed_at ?? null,
    reward_id: rewardId,
    Icon: part.icon,
  };
}
