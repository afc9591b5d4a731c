import { z } from 'zod';
import { LanguageChoice } from '../define';

const at = z.string();
const when = z.string().nullable();

/**
 * Everything stored about a user, as `export_data` answers it ("download my data", GDPR art. 15 and 20): each list
 * names its fields, so the file says what is kept and nothing else's (another user's address, a hash) comes along.
 */
export const MyData = z.object({
  ExportedAt: at,
  Profile: z.object({
    Id: z.number(),
    Email: z.string(),
    PendingEmail: z.string().nullable(),
    FirstName: z.string(),
    LastName: z.string(),
    UserType: z.number(),
    CompanyName: z.string().nullable(),
    Language: LanguageChoice.nullable(),
    CollectXp: z.boolean(),
    TotalXp: z.number(),
    EmailVerifiedAt: when,
    CreatedAt: at,
    UserFileId: z.number().nullable(),
  }),
  CourseAccess: z.array(
    z.object({ CourseId: z.number(), CourseName: z.string(), Source: z.string(), ExpiresAt: when, GrantedAt: at }),
  ),
  CourseProgress: z.array(
    z.object({
      CourseId: z.number(),
      CourseName: z.string(),
      ProgressPercent: z.number(),
      Xp: z.number(),
      CompletedAt: when,
    }),
  ),
  PartProgress: z.array(
    z.object({
      CourseId: z.number(),
      CoursePartId: z.number(),
      VideoPlay: z.boolean(),
      CompletedAt: when,
      MilestoneCompletedAt: when,
    }),
  ),
  XpAwards: z.array(
    z.object({ CourseId: z.number(), CoursePartId: z.number(), Source: z.string(), Xp: z.number(), AwardedAt: at }),
  ),
  Achievements: z.array(z.object({ CourseId: z.number(), Title: z.string(), RequiredXp: z.number(), ReachedAt: at })),
  Certificates: z.array(
    z.object({ CourseId: z.number(), CourseName: z.string(), Code: z.string(), IssuedAt: at, ExpiresAt: when }),
  ),
  TestResults: z.array(
    z.object({
      BlockId: z.number(),
      Answers: z.unknown(),
      Score: z.number(),
      MaxScore: z.number(),
      Passed: z.boolean(),
      Attempts: z.number(),
      AnsweredAt: at,
    }),
  ),
  Exams: z.array(
    z.object({
      Id: z.number(),
      CourseId: z.number(),
      CoursePartId: z.number(),
      BlockId: z.number(),
      Status: z.string(),
      Answer: z.string(),
      ReviewComment: z.string().nullable(),
      SubmittedAt: when,
      ReviewedAt: when,
    }),
  ),
  /** Messages she sent or received (a system message has no sender: FromUserId null), removed ones included. */
  Messages: z.array(
    z.object({
      Id: z.number(),
      Kind: z.string(),
      Sent: z.boolean(),
      FromUserId: z.number().nullable(),
      ToUserId: z.number().nullable(),
      Title: z.string(),
      Message: z.string(),
      CourseId: z.number().nullable(),
      CreatedAt: at,
      OpenedAt: when,
    }),
  ),
});
export type MyData = z.infer<typeof MyData>;
