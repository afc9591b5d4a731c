import type { CertificateCheck } from '../../../../shared/contract/learning/certificates';
import type {
  Block,
  BlockResult,
  CertificateInfo,
  Course,
  CoursePart,
  Question,
} from '../../../../shared/contract/learning/courseShapes';
import type { StoredQuestion } from '../../../../shared/domain/learning/blockContent';
import { type BlockType, blockTypes } from '../../../../shared/domain/learning/course';
import { attemptLimit } from '../../../../shared/domain/learning/testAttempts';
import { personName } from '../../../../shared/domain/people';
import { now } from '../../../platform/db';
import type {
  CertificatesTable,
  CourseBlockRow,
  CoursePartRow,
  CourseRow,
  MediaFileRow,
} from '../../../platform/db/schema';
import { readBlockContent, scoreAnswers, visibleResult } from '../domain/blockContent';

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
      const c = readBlockContent(type, row.content);
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
      const c = readBlockContent(type, row.content);
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
      const c = readBlockContent(type, row.content);
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
      const c = readBlockContent(type, row.content);
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
      const c = readBlockContent(type, row.content);
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
      const c = readBlockContent(type, row.content);
      return c && { ...base, ...notPost, BlockType: type, Content: { html: c.html, xp: ctx.xpPerReward } };
    }
    default: {
      const c = readBlockContent(type, row.content);
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

/** Presents parts with their blocks; blocks whose content is broken or whose linked part is hidden are left out. */
function presentParts(
  parts: CoursePartRow[],
  blocks: CourseBlockRow[],
  ctx: Omit<BlockContext, 'parts'>,
  progressOf: (partId: number) => PartProgress | undefined,
  rewardOf: (partId: number) => number | null,
): CoursePart[] {
  const blocksByPart = new Map<number, Block[]>();
  const partsById = new Map(parts.map((part) => [part.id, part]));
  for (const row of blocks) {
    const block = presentBlock(row, { ...ctx, parts: partsById });
    if (!block) continue;
    const list = blocksByPart.get(row.course_part_id) ?? [];
    list.push(block);
    blocksByPart.set(row.course_part_id, list);
  }
  return parts.map((part) =>
    presentPart(part, blocksByPart.get(part.id) ?? [], progressOf(part.id), rewardOf(part.id)),
  );
}

/** get_course's view of one course, in camelCase: what `presentCourse` puts on the wire. */
export interface CourseView {
  course: CourseRow;
  /** The parts and blocks the viewer may see. */
  parts: CoursePartRow[];
  blocks: CourseBlockRow[];
  blockContext: Omit<BlockContext, 'parts' | 'results'>;
  results: BlockContext['results'];
  progressByPart: ReadonlyMap<number, PartProgress>;
  rewardByPart: ReadonlyMap<number, number>;
  courseProgress: { progress_percent: number; xp: number } | null;
  certificate: CertificateRow | null;
  coaches: { id: number; first_name: string; last_name: string }[];
  achievements: { id: number; title: string; description: string; required_xp: number; earned_id: number | null }[];
  abilities: { viewAsStaff: boolean; seeAdminMarkers: boolean };
  /** The holder of the course's edit lock, while someone holds it. */
  lockHolder: { id: number; first_name: string; last_name: string } | null;
}

export function presentCourse(view: CourseView): Course {
  const { course, courseProgress, certificate } = view;
  return {
    Id: course.id,
    Name: course.name,
    Description: course.description,
    Published: course.published === 1,
    CourseParts: presentParts(
      view.parts,
      view.blocks,
      { ...view.blockContext, results: view.results },
      (id) => view.progressByPart.get(id),
      (id) => view.rewardByPart.get(id) ?? null,
    ),
    CourseProgressEvent: course.progress_event,
    XpPerReward: course.xp_per_reward,
    progress_percent: courseProgress?.progress_percent ?? 0,
    CourseXp: courseProgress?.xp ?? 0,
    LockedByUserId: view.lockHolder?.id ?? null,
    LockedByUsername: view.lockHolder ? personName(view.lockHolder.first_name, view.lockHolder.last_name) : null,
    FooterMentorCopy: { UseCustomText: course.footer_use_custom_text === 1, Text: course.footer_coach_text },
    CertificateEnabled: course.certificate_enabled === 1,
    CertificateValidityMonths: course.certificate_validity_months,
    TestAttempts: attemptLimit(course.test_attempts),
    Certificate: certificate ? presentCertificate(certificate, course.name) : null,
    Coaches: view.coaches.map((c) => ({ UserId: c.id, FirstName: c.first_name, LastName: c.last_name })),
    Achievements: view.achievements.map((a) => ({
      Id: a.id,
      CourseId: course.id,
      title: a.title,
      description: a.description,
      required_xp: a.required_xp,
      earned: a.earned_id !== null,
    })),
    Abilities: { ViewAsStaff: view.abilities.viewAsStaff, SeeAdminMarkers: view.abilities.seeAdminMarkers },
  };
}

type CertificateRow = Pick<CertificatesTable, 'code' | 'issued_at' | 'expires_at'> & { id: number; course_id: number };

/** Whether a certificate's validity has run out (one without an expiry never does). */
const hasExpired = (expiresAt: string | null) => expiresAt !== null && expiresAt <= now();

/** A certificate as the wire carries it. */
export function presentCertificate(row: CertificateRow, courseName: string): CertificateInfo {
  return {
    Id: row.id,
    CourseId: row.course_id,
    CourseName: courseName,
    Code: row.code,
    IssuedAt: row.issued_at,
    ExpiresAt: row.expires_at,
    Expired: hasExpired(row.expires_at),
  };
}

/** A certificate as the public check shows it: the learner by name only, nothing else of her account. */
export function presentCertificateCheck(
  row: Pick<CertificatesTable, 'code' | 'issued_at' | 'expires_at'> & {
    course_name: string;
    first_name: string;
    last_name: string;
  },
  siteTitle: string,
): CertificateCheck {
  return {
    Code: row.code,
    LearnerName: `${row.first_name} ${row.last_name}`.trim(),
    CourseName: row.course_name,
    IssuedBy: siteTitle,
    IssuedAt: row.issued_at,
    ExpiresAt: row.expires_at,
    Expired: hasExpired(row.expires_at),
  };
}

/** get_free_lesson's view of one free part: what `presentFreeLesson` puts on the wire. */
export interface FreeLessonView {
  courseId: number;
  courseName: string;
  part: CoursePartRow;
  blocks: CourseBlockRow[];
  blockContext: Omit<BlockContext, 'parts' | 'results'>;
  /** The course's free parts: the only ones its Post blocks may lead to. */
  freeParts: CoursePartRow[];
}

export function presentFreeLesson(view: FreeLessonView): { CourseId: number; CourseName: string; Part: CoursePart } {
  const ctx: BlockContext = {
    ...view.blockContext,
    results: new Map(),
    parts: new Map(view.freeParts.map((p) => [p.id, p])),
  };
  const blocks = view.blocks.map((row) => presentBlock(row, ctx)).filter((b): b is Block => b !== null);
  return {
    CourseId: view.courseId,
    CourseName: view.courseName,
    Part: presentPart(view.part, blocks, undefined, null),
  };
}
