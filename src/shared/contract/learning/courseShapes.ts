import { z } from 'zod';
import { exercises } from '../../domain/eartraining/rounds';
import { settingsSchema } from '../../domain/eartraining/settingsSchema';
import { isoDate } from '../define';

/** Wire shapes of a course as get_course answers it (spec §3), with the spec's field names. */

/** A link to a course medium, signed for the viewer and valid for some hours; null when the file is missing. */
const mediaUrl = z.string().nullable();

const html = z.string();

export const QuestionOption = z.object({ id: z.string(), text: z.string() });

/** A quiz or test question. `correct` (option ids) reaches staff only, never a learner. */
export const Question = z.object({
  id: z.string(),
  text: z.string(),
  multiple: z.boolean(),
  options: z.array(QuestionOption),
  correct: z.array(z.string()).optional(),
});
export type Question = z.infer<typeof Question>;

/** The viewer's latest answer to a quiz or test. */
export const BlockResult = z.object({
  score: z.number(),
  max_score: z.number(),
  passed: z.boolean(),
  attempts: z.number(),
  /** Tests: the attempts the viewer has left (0: none); null when there is no limit, and for quizzes and staff. */
  attempts_left: z.number().nullable(),
  /**
   * Per question: whether the answer given was right. A quiz always tells; a test only once it is passed or its
   * last allowed attempt is used (null until then), so it cannot be passed by trying options one at a time.
   */
  questions: z.array(z.object({ id: z.string(), correct: z.boolean() })).nullable(),
});
export type BlockResult = z.infer<typeof BlockResult>;

const QuestionsContent = z.object({
  intro: html,
  questions: z.array(Question),
  /** Tests only: the share of points, in percent, that passes. */
  passPercent: z.number().nullable(),
  /** Tests only: the attempts a learner has (the course's `TestAttempts`); null when there is no limit. */
  attemptsAllowed: z.number().nullable(),
  result: BlockResult.nullable(),
});

const base = {
  Id: z.number(),
  Title: z.string(),
  Published: z.boolean(),
  MentorOnly: z.boolean(),
};
const notPost = { PostId: z.null(), PostType: z.null(), PostName: z.null(), PostIcon: z.null(), VideoLength: z.null() };

const block = <T extends string, C extends z.ZodType>(type: T, content: C) =>
  z.object({ ...base, ...notPost, BlockType: z.literal(type), Content: content });

export const Block = z.discriminatedUnion('BlockType', [
  block('Text', z.object({ html })),
  block('Image', z.object({ url: mediaUrl, alt: z.string(), caption: z.string() })),
  block('Video', z.object({ url: mediaUrl, mimeType: z.string(), durationSeconds: z.number() })),
  block('Audio', z.object({ url: mediaUrl, mimeType: z.string() })),
  block('File', z.object({ url: mediaUrl, fileName: z.string(), sizeBytes: z.number() })),
  block('YouTube', z.object({ videoId: z.string() })),
  block('Column', z.object({ columns: z.array(z.object({ html })) })),
  block('Link', z.object({ url: z.string(), description: z.string() })),
  block('Quiz', QuestionsContent),
  block('Test', QuestionsContent),
  block('Exam', z.object({ html })),
  block('FinalExam', z.object({ html })),
  block('Reward', z.object({ html, xp: z.number() })),
  block('Question', z.object({ html })),
  block(
    'EarTraining',
    z.object({
      exercise: z.enum(exercises),
      settings: settingsSchema,
      /** The share of right answers, in percent, that passes a round. */
      passPercent: z.number(),
      /** The viewer's best round on the block: right answers of questions, and whether one passed. */
      result: BlockResult.nullable(),
    }),
  ),
  /** A survey to answer in place: the client reads it (surveys.php get_survey) with the viewer's state. */
  block('Survey', z.object({ surveyId: z.number() })),
  z.object({
    ...base,
    BlockType: z.literal('Post'),
    /** The part this block links to, with what a list of episodes shows of it. */
    PostId: z.number(),
    PostType: z.number(),
    PostName: z.string(),
    PostIcon: z.string().nullable(),
    VideoLength: z.number(),
    Content: z.object({}),
  }),
]);
export type Block = z.infer<typeof Block>;
export type BlockOf<T extends Block['BlockType']> = Extract<Block, { BlockType: T }>;

export const CoursePart = z.object({
  Id: z.number(),
  Name: z.string(),
  Blocks: z.array(Block),
  Published: z.boolean(),
  PublishDate: isoDate.nullable(),
  SortId: z.number(),
  Free: z.boolean(),
  MentorOnly: z.boolean(),
  VideoLength: z.number(),
  /** 1 when the viewer has completed the part's video or visit. */
  VideoPlay: z.union([z.literal(0), z.literal(1)]),
  /** Whether the viewer has completed the part by its criteria (video, visit, a passed test, an approved review). */
  Completed: z.boolean(),
  PostType: z.number(),
  ProgressCriteria: z.string(),
  MilestoneCompletedDate: isoDate.nullable(),
  /** The reward the viewer took on this page, null while there is one to take. */
  reward_id: z.number().nullable(),
  Icon: z.string().nullable(),
});
export type CoursePart = z.infer<typeof CoursePart>;

export const Coach = z.object({ UserId: z.number(), FirstName: z.string(), LastName: z.string() });
export type Coach = z.infer<typeof Coach>;

export const Achievement = z.object({
  Id: z.number(),
  CourseId: z.number(),
  title: z.string(),
  description: z.string(),
  required_xp: z.number(),
});
export type Achievement = z.infer<typeof Achievement>;

export const CertificateInfo = z.object({
  Id: z.number(),
  CourseId: z.number(),
  CourseName: z.string(),
  Code: z.string(),
  IssuedAt: isoDate,
  ExpiresAt: isoDate.nullable(),
  Expired: z.boolean(),
});
export type CertificateInfo = z.infer<typeof CertificateInfo>;

/** What the viewer may do with a course, so the client shows staff controls from the server's rules. */
export const CourseAbilities = z.object({
  /** Sees the course as its editors do: every part and block, drafts and staff markers (staff). */
  ViewAsStaff: z.boolean(),
  /** Also sees part ids and the free and mentor-only markers (administrators, spec §6). */
  SeeAdminMarkers: z.boolean(),
});
export type CourseAbilities = z.infer<typeof CourseAbilities>;

export const Course = z.object({
  Id: z.number(),
  Name: z.string(),
  Description: z.string(),
  Published: z.boolean(),
  CourseParts: z.array(CoursePart),
  CourseProgressEvent: z.number(),
  XpPerReward: z.number(),
  progress_percent: z.number(),
  /** Xp the viewer earned in this course. */
  CourseXp: z.number(),
  LockedByUserId: z.number().nullable(),
  LockedByUsername: z.string().nullable(),
  /** The course's own footer coach text, shown instead of the default one when `UseCustomText` is set. */
  FooterMentorCopy: z.object({ UseCustomText: z.boolean(), Text: z.string() }),
  CertificateEnabled: z.boolean(),
  CertificateValidityMonths: z.number().nullable(),
  /** Attempts a learner has per test of the course; null when there is no limit. */
  TestAttempts: z.number().nullable(),
  /** The viewer's certificate of this course, once earned. */
  Certificate: CertificateInfo.nullable(),
  Coaches: z.array(Coach),
  Achievements: z.array(Achievement.extend({ earned: z.boolean() })),
  Abilities: CourseAbilities,
});
export type Course = z.infer<typeof Course>;

export const CourseStatus = z.enum(['completed', 'in_progress', 'not_started']);

export const CourseSummary = z.object({
  Id: z.number(),
  Name: z.string(),
  Description: z.string(),
  Category: z.string().nullable(),
  progress_percent: z.number(),
  Status: CourseStatus,
  PartCount: z.number(),
  CompletedAt: isoDate.nullable(),
  CertificateEnabled: z.boolean(),
  /** When the viewer's access ends (a code's or a purchase's days); null: without end, or staff's view. */
  AccessEndsAt: isoDate.nullable(),
});
export type CourseSummary = z.infer<typeof CourseSummary>;

/** What a progress step reports back (updateCourseProgressVideoPlay, a passed test). */
export const ProgressResult = z.object({
  progress_percent: z.number(),
  /** The achievement this step reached, if any. */
  achievement: Achievement.nullable(),
  certificate_generated: z.boolean(),
});
export type ProgressResult = z.infer<typeof ProgressResult>;
