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
import { JsonText } from '../../../platform/handlers';
import { GzipPieces, type KeptPiece, keepPiece } from '../../../platform/http/gzipPieces';
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
  questions: StoredQuestion[] | null,
  row: BlockContext['results'] extends ReadonlyMap<number, infer R> ? R | undefined : never,
  opts: { isTest: boolean; staff: boolean; testAttempts: number | null },
): BlockResult | null {
  if (!row) return null;
  // An ear-training block: the best round's right answers of its questions, and whether one passed.
  if (questions === null) {
    return {
      score: row.score,
      max_score: row.max_score,
      passed: row.passed === 1,
      attempts: row.attempts,
      attempts_left: null,
      questions: null,
    };
  }
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
    case 'EarTraining': {
      const c = readBlockContent(type, row.content);
      if (!c) return null;
      const content = {
        exercise: c.exercise,
        settings: c.settings,
        passPercent: c.passPercent,
        result: presentResult(null, ctx.results.get(row.id), { isTest: true, staff: ctx.staff, testAttempts: null }),
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

/** A part's own fields, the same for every viewer. */
const partFields = (part: CoursePartRow) => ({
  Id: part.id,
  Name: part.name,
  Published: part.published === 1,
  PublishDate: part.publish_date,
  SortId: part.sort_id,
  Free: part.free === 1,
  MentorOnly: part.mentor_only === 1,
  VideoLength: part.video_length,
  PostType: part.post_type,
  ProgressCriteria: part.progress_criteria,
  Icon: part.icon,
});

/** The viewer's progress on a part, as the part's fields carry it. */
const partProgress = (progress: PartProgress | undefined, rewardId: number | null) => ({
  VideoPlay: progress?.video_play === 1 ? (1 as const) : (0 as const),
  Completed: Boolean(progress?.completed_at),
  MilestoneCompletedDate: progress?.milestone_completed_at ?? null,
  reward_id: rewardId,
});

/** A part with its blocks and the viewer's progress on it. */
export function presentPart(
  part: CoursePartRow,
  blocks: Block[],
  progress: PartProgress | undefined,
  rewardId: number | null,
): CoursePart {
  return { ...partFields(part), Blocks: blocks, ...partProgress(progress, rewardId) };
}

/** An object's members as JSON, without its braces: to be joined with others into one object. */
const members = (value: object) => JSON.stringify(value).slice(1, -1);

/** The end of a part: its blocks' list closed, and the viewer's progress on it. */
const partEnd = (progress: PartProgress | undefined, rewardId: number | null) =>
  `],${members(partProgress(progress, rewardId))}}`;

const NO_PROGRESS_END = partEnd(undefined, null);
/** The same followed by the next part's comma: one string, which the gzip form recognizes as the gap before it. */
const NO_PROGRESS_GAP = `${NO_PROGRESS_END},`;

/**
 * What a gzip answer has between two parts' kept text: the end of the one and a comma, padded with spaces to this
 * length, which the longest end there is (a video played, a milestone date, a reward id of ten digits) fits.
 */
const PART_GAP =
  partEnd({ video_play: 1, completed_at: null, milestone_completed_at: new Date(0).toISOString() }, 9_999_999_999)
    .length + 1;

/**
 * Blocks of a course's structure, as UTF-8 JSON: a run of blocks every viewer of the audience sees alike, or one
 * block that depends on the viewer or the moment.
 */
interface StructureBlocks {
  json: Buffer;
  /** A Post block shows while the part it leads to does. */
  postTarget: number | null;
  /** A quiz, a test or an ear-training exercise, presented again with the viewer's result when she has one. */
  answerable: { block: Block; questions: StoredQuestion[] | null; isTest: boolean } | null;
}

interface StructurePart {
  id: number;
  /** The viewer sees the part from this moment on (a learner, and a publish date); null: now. */
  visibleFrom: string | null;
  /**
   * The part's own fields and all its blocks as they show to a viewer with no result, while the parts their Post
   * blocks lead to show: `{"Id":…,"Blocks":[…`, kept with its gzip form, made to follow the part before it.
   */
  whole: KeptPiece;
  /** The same in pieces, for a viewer who sees one of its blocks otherwise: `{"Id":…,"Blocks":[`, and its blocks. */
  start: Buffer;
  blocks: StructureBlocks[];
}

/**
 * A course's parts and blocks presented for one audience (staff, or learners), the same for every viewer of it:
 * kept serialized per course version (services/courseStructure.ts). What differs per viewer and moment (her
 * progress and results, the parts whose publish date has not come) is added by `presentCourseAnswer`, which copies
 * the rest as it is.
 */
export interface CourseStructure {
  parts: StructurePart[];
  /** About the memory it holds. */
  bytes: number;
}

/**
 * The structure of a course for an audience: `parts` and `blocks` are those the audience may see whatever the
 * time (for learners: published, not for mentors only); a learner's part waits for its publish date.
 */
export async function presentCourseStructure(
  parts: CoursePartRow[],
  blocks: CourseBlockRow[],
  ctx: Omit<BlockContext, 'parts' | 'results'>,
): Promise<CourseStructure> {
  const partsById = new Map(parts.map((part) => [part.id, part]));
  const blockCtx: BlockContext = { ...ctx, parts: partsById, results: new Map() };
  const rowsByPart = new Map<number, CourseBlockRow[]>();
  for (const row of blocks) {
    const list = rowsByPart.get(row.course_part_id);
    if (list) list.push(row);
    else rowsByPart.set(row.course_part_id, [row]);
  }
  let bytes = 0;
  let previous: KeptPiece | null = null;
  const structure: StructurePart[] = [];
  for (const part of parts) {
    // A long course is presented a few parts per turn of the event loop, not in one long block of CPU.
    if (structure.length > 0 && structure.length % PARTS_PER_TURN === 0) await new Promise(setImmediate);
    // Consecutive blocks that show alike for everyone are kept as one run.
    const runs: { json: string; postTarget: number | null; answerable: StructureBlocks['answerable'] }[] = [];
    let run: string[] = [];
    const endRun = () => {
      if (run.length > 0) runs.push({ json: run.join(','), postTarget: null, answerable: null });
      run = [];
    };
    for (const row of rowsByPart.get(part.id) ?? []) {
      const block = presentBlock(row, blockCtx);
      if (!block) continue;
      const type = block.BlockType;
      const content = type === 'Quiz' || type === 'Test' ? readBlockContent(type, row.content) : null;
      const exercise = type === 'EarTraining';
      if (type !== 'Post' && !content && !exercise) {
        run.push(JSON.stringify(block));
        continue;
      }
      endRun();
      runs.push({
        json: JSON.stringify(block),
        postTarget: type === 'Post' ? block.PostId : null,
        answerable: exercise
          ? { block, questions: null, isTest: true }
          : content && { block, questions: content.questions, isTest: type === 'Test' },
      });
    }
    endRun();
    // One buffer for the part; its pieces are views of it.
    const startJson = `{${members(partFields(part))},"Blocks":[`;
    const text = Buffer.from(`${startJson}${runs.map((r) => r.json).join(',')}`);
    let offset = Buffer.byteLength(startJson);
    const pieces = runs.map((r): StructureBlocks => {
      const length = Buffer.byteLength(r.json);
      const json = text.subarray(offset, offset + length);
      offset += length + 1;
      return { json, postTarget: r.postTarget, answerable: r.answerable };
    });
    const whole = keepPiece(text, previous, PART_GAP);
    previous = whole;
    bytes += text.length + whole.deflated.length + 200 * (pieces.length + 1);
    structure.push({
      id: part.id,
      visibleFrom: ctx.staff ? null : part.publish_date,
      whole,
      start: text.subarray(0, Buffer.byteLength(startJson)),
      blocks: pieces,
    });
  }
  return { parts: structure, bytes };
}

/** Parts presented in one turn of the event loop: a few milliseconds of CPU at most. */
const PARTS_PER_TURN = 25;

/** get_course's view of one course for one viewer at one moment: what `presentCourseAnswer` puts on the wire. */
export interface CourseView {
  course: Pick<
    CourseRow,
    | 'id'
    | 'name'
    | 'description'
    | 'published'
    | 'progress_event'
    | 'xp_per_reward'
    | 'certificate_enabled'
    | 'certificate_validity_months'
    | 'test_attempts'
    | 'footer_coach_text'
    | 'footer_use_custom_text'
  >;
  /** The course's parts and blocks as the viewer's audience sees them. */
  structure: CourseStructure;
  /** The moment the answer is for: parts whose publish date is later are left out. */
  at: string;
  staff: boolean;
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

/** The course's fields but its parts. */
function presentCourseFields(view: CourseView): Omit<Course, 'CourseParts'> {
  const { course, courseProgress, certificate } = view;
  return {
    Id: course.id,
    Name: course.name,
    Description: course.description,
    Published: course.published === 1,
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

/** Whether a block of the structure shows otherwise to this viewer now than the structure keeps it. */
function differs(entry: StructureBlocks, view: CourseView, later: ReadonlySet<number>): boolean {
  return (
    (entry.postTarget !== null && later.has(entry.postTarget)) ||
    (entry.answerable !== null && view.results.has(entry.answerable.block.Id))
  );
}

/** A quiz or test with the viewer's result, or as the structure holds it when she has none. */
function blocksJson(entry: StructureBlocks, view: CourseView): Buffer {
  const { answerable } = entry;
  const row = answerable && view.results.get(answerable.block.Id);
  if (!answerable || !row) return entry.json;
  const { block, questions, isTest } = answerable;
  const result = presentResult(questions, row, { isTest, staff: view.staff, testAttempts: view.course.test_attempts });
  return Buffer.from(JSON.stringify({ ...block, Content: { ...block.Content, result } }));
}

/** A part whose blocks show otherwise to this viewer now: its Post blocks to parts not shown yet left out. */
function partAsSeen(part: StructurePart, view: CourseView, later: ReadonlySet<number>): Buffer {
  const out: Buffer[] = [part.start];
  for (const blocks of part.blocks) {
    if (blocks.postTarget !== null && later.has(blocks.postTarget)) continue;
    if (out.length > 1) out.push(COMMA);
    out.push(blocksJson(blocks, view));
  }
  return Buffer.concat(out);
}

const COMMA = Buffer.from(',');

/**
 * get_course's answer: the course's fields, and each part of the structure the viewer sees at `view.at` with its
 * blocks and her progress. The structure's JSON is copied, not serialized or encoded again; a client that takes
 * gzip receives the parts' kept gzip form with the viewer's bytes between them (platform/http/gzipPieces.ts).
 */
export function presentCourseAnswer(view: CourseView): JsonText<{ status: 'OK'; data: Course[] }> {
  const { at } = view;
  const later = new Set(
    view.structure.parts.filter((p) => p.visibleFrom !== null && p.visibleFrom > at).map((p) => p.id),
  );
  const answer = new GzipPieces();
  answer.add(`{"status":"OK","data":[{${members(presentCourseFields(view))},"CourseParts":[`);
  let end: string | null = null;
  for (const part of view.structure.parts) {
    if (later.has(part.id)) continue;
    if (end !== null) answer.add(end === NO_PROGRESS_END ? NO_PROGRESS_GAP : `${end},`, PART_GAP);
    if (part.blocks.some((blocks) => differs(blocks, view, later))) answer.add(partAsSeen(part, view, later));
    else answer.keep(part.whole);
    const progress = view.progressByPart.get(part.id);
    const rewardId = view.rewardByPart.get(part.id) ?? null;
    end = progress || rewardId !== null ? partEnd(progress, rewardId) : NO_PROGRESS_END;
  }
  answer.add(`${end ?? ''}]}]}`);
  return new JsonText(answer);
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
