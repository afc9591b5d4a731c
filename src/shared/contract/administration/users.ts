import { z } from 'zod';
import {
  BULK_USERS_MAX,
  bulkUserActions,
  userListLimit,
  userListSearchMax,
  userListSorts,
  userStatuses,
} from '../../domain/administration/users';
import { ExamStatus } from '../coaching/userExam';
import { call, email, endpoint, id, isoDate, LanguageChoice, noneOr, ok, optionalId, pagination } from '../define';
import { personName } from '../identity/register';
import { CourseStatus } from '../learning/courseShapes';

/** One user of the site as /users lists her. */
export const UserListItem = z.object({
  Id: z.number(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  UserType: z.number(),
  Privilegies: z.number(),
  CompanyId: z.number().nullable(),
  CompanyName: z.string().nullable(),
  /** Her address is verified. */
  Verified: z.boolean(),
  /** Signing in is closed to her until she resets her password (docs/decisions.md, "Locked users"). */
  Locked: z.boolean(),
  CreatedAt: isoDate,
  /** When she was last active (presence), null if never. */
  LastSeenAt: isoDate.nullable(),
});
export type UserListItem = z.infer<typeof UserListItem>;

export const UserStatus = z.enum(userStatuses);
export type UserStatus = z.infer<typeof UserStatus>;
export const UserListSort = z.enum(userListSorts);
export type UserListSort = z.infer<typeof UserListSort>;

/** A company of the site, for the filter. */
export const CompanyOption = z.object({ Id: z.number(), Name: z.string() });

/** Which users: the filters of /users, shared by the list and its export. */
export const UserListFilters = z.object({
  /** Part of a first name, a last name, "first last" or an address, in any case; wildcards match themselves. */
  Search: z.string().trim().max(userListSearchMax).default(''),
  /** A user type (1 student, 2 administrator, 8 coach); 0, null or absent: any. */
  UserType: noneOr(z.number().int().min(1).max(99), 'a user type (1 to 99)'),
  CompanyId: optionalId,
  /** Users with access to this course (expired access included); 0, null or absent: any. */
  CourseId: optionalId,
  /** '': any. */
  Status: z.union([z.literal(''), UserStatus]).default(''),
});

export const UserListQuery = UserListFilters.extend({
  Page: z.number().int().min(1).max(1_000_000).default(1),
  Limit: z.number().int().min(1).max(userListLimit.max).default(userListLimit.default),
  Sort: UserListSort.default('name'),
  Desc: z.boolean().default(false),
});
export type UserListQuery = z.input<typeof UserListQuery>;

/** One user as her page (/user/:id) shows her. */
export const UserProfile = UserListItem.extend({
  Language: LanguageChoice.nullable(),
  TotalXp: z.number(),
  /** Locked by an administrator (sign-in refused until unlocked), when and by whom; null: not. */
  LockedAt: isoDate.nullable(),
  LockedByUserId: z.number().nullable(),
  LockedByName: z.string().nullable(),
  /** Signing in is closed to her by failed sign-ins until she resets her password or staff unlock her. */
  SignInLocked: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfile>;

/** A course she holds (or held) access to, or has progress in. */
export const UserCourse = z.object({
  CourseId: z.number(),
  Name: z.string(),
  /** She holds access (live or expired); false: progress without access (access revoked). */
  HasAccess: z.boolean(),
  Source: z.enum(['staff', 'code', 'purchase']).nullable(),
  GrantedAt: isoDate.nullable(),
  /** Null: without end. */
  ExpiresAt: isoDate.nullable(),
  Expired: z.boolean(),
  ProgressPercent: z.number(),
  Xp: z.number(),
  Status: CourseStatus,
  CompletedAt: isoDate.nullable(),
});
export type UserCourse = z.infer<typeof UserCourse>;

export const UserAchievement = z.object({
  Id: z.number(),
  Title: z.string(),
  CourseId: z.number(),
  CourseName: z.string(),
  EarnedAt: isoDate,
});

/** An exam of a course she holds access to, in its state of spec §4 (`not_started` without an answer). */
export const UserExamItem = z.object({
  UserExamId: z.number().nullable(),
  CourseId: z.number(),
  CourseName: z.string(),
  CoursePartId: z.number(),
  BlockId: z.number(),
  Name: z.string(),
  Status: ExamStatus,
  SubmittedAt: isoDate.nullable(),
  ReviewedAt: isoDate.nullable(),
  ReviewScore: z.number().nullable(),
});
export type UserExamItem = z.infer<typeof UserExamItem>;

export const UserCertificate = z.object({
  Id: z.number(),
  CourseId: z.number(),
  CourseName: z.string(),
  Code: z.string(),
  IssuedAt: isoDate,
  ExpiresAt: isoDate.nullable(),
  Expired: z.boolean(),
});

export const UserSession = z.object({ Id: z.number(), CreatedAt: isoDate, ExpiresAt: isoDate });

/** What changed in one entry of her history. */
const HistoryValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const HistoryDetails = z.record(
  z.string(),
  z.union([HistoryValue, z.object({ From: HistoryValue, To: HistoryValue })]),
);
export type HistoryDetails = z.infer<typeof HistoryDetails>;

export const userHistoryActions = [
  'created',
  'updated',
  'course_granted',
  'course_extended',
  'course_revoked',
  'locked',
  'unlocked',
  'sessions_ended',
  'password_reset_sent',
  'viewed_as',
] as const;
export const UserHistoryAction = z.enum(userHistoryActions);
export type UserHistoryAction = z.infer<typeof UserHistoryAction>;

/** Who changed what of her through her page, and when. */
export const UserHistoryEntry = z.object({
  Id: z.number(),
  At: isoDate,
  /** Null once the actor's account is gone. */
  ActorId: z.number().nullable(),
  ActorName: z.string().nullable(),
  Action: UserHistoryAction,
  Details: HistoryDetails,
});
export type UserHistoryEntry = z.infer<typeof UserHistoryEntry>;

/** The history entries get_user carries; older ones are paged with get_user_history. */
export const USER_HISTORY_FIRST = 20;

/** A user type staff may give (1 student, 2 administrator, 8 coach). */
export const AssignableUserType = z.union([z.literal(1), z.literal(2), z.literal(8)], {
  error: 'Invalid input: expected a user type (1, 2 or 8)',
});

const userId = z.object({ Id: id });

export const SaveUser = z.object({
  /** 0, null or absent: a new user, invited by mail to set her password. */
  Id: optionalId,
  FirstName: personName,
  LastName: personName,
  Email: email,
  /** Absent: unchanged (a new user: 1). Only administrators may change it. */
  UserType: AssignableUserType.optional(),
  /** Absent: unchanged (a new user: 0). Only administrators may change it. */
  Privilegies: z.number().int().min(0).max(100).optional(),
  CompanyId: optionalId,
  Language: LanguageChoice.nullable().default(null),
});
export type SaveUser = z.input<typeof SaveUser>;

export const users = endpoint('users.php', {
  /** The site's users for /users: searched, filtered, sorted and paged in the database. */
  get_users: call({
    access: 'staff',
    data: UserListQuery,
    answer: z.object({
      status: ok,
      data: z.array(UserListItem),
      /**
       * `total` counts the users found up to 10,000 (USER_COUNT_CAP); `more` is true when there are more than that,
       * and `total_pages` then covers the first 10,000.
       */
      pagination: pagination.extend({ total: z.number().int(), more: z.boolean() }),
    }),
  }),
  /** The site's companies by name, for the filter of /users. */
  get_companies: call({
    access: 'staff',
    data: z.object({}),
    answer: z.object({ status: ok, data: z.array(CompanyOption) }),
  }),
  /** One user's page: profile, courses, achievements, exams, certificates, sessions and latest history. */
  get_user: call({
    access: 'staff',
    data: userId,
    answer: z.object({
      status: ok,
      data: z.object({
        User: UserProfile,
        Courses: z.array(UserCourse),
        Achievements: z.array(UserAchievement),
        Exams: z.array(UserExamItem),
        Certificates: z.array(UserCertificate),
        Sessions: z.array(UserSession),
        History: z.array(UserHistoryEntry),
        HistoryTotal: z.number().int(),
      }),
      /** What the caller may do to her: edit her account, and change her type and privilegies. */
      Can: z.object({ Manage: z.boolean(), ChangeRole: z.boolean() }),
    }),
  }),
  /** Her history, newest first, a page at a time. */
  get_user_history: call({
    access: 'staff',
    data: z.object({
      Id: id,
      Page: z.number().int().min(1).max(100_000).default(1),
      Limit: z.number().int().min(1).max(100).default(USER_HISTORY_FIRST),
    }),
    answer: z.object({
      status: ok,
      data: z.array(UserHistoryEntry),
      pagination: pagination.extend({ total: z.number() }),
    }),
  }),
  /** Creates (Id 0: an invitation mailed) or changes a user's profile, company, type and privilegies. */
  save_user: call({
    access: 'staff',
    data: SaveUser,
    answer: z.object({ status: ok, Id: z.number(), Created: z.boolean() }),
  }),
  /** Gives her a course, or moves the end of her access (null: without end). */
  grant_user_course: call({
    access: 'staff',
    data: z.object({ UserId: id, CourseId: id, ExpiresAt: isoDate.nullable().default(null) }),
    answer: z.object({ status: ok }),
  }),
  revoke_user_course: call({
    access: 'staff',
    data: z.object({ UserId: id, CourseId: id }),
    answer: z.object({ status: ok }),
  }),
  /** Locks her account (sign-in refused, sessions ended). */
  lock_user: call({ access: 'staff', data: userId, answer: z.object({ status: ok }) }),
  /** Unlocks her account: the administrator's lock and the locks of failed sign-ins. */
  unlock_user: call({ access: 'staff', data: userId, answer: z.object({ status: ok }) }),
  /** Signs her out everywhere. */
  end_user_sessions: call({ access: 'staff', data: userId, answer: z.object({ status: ok, Ended: z.number() }) }),
  /** Mails her a link to set a new password. */
  send_password_reset: call({ access: 'staff', data: userId, answer: z.object({ status: ok }) }),
  /**
   * One action on the users chosen on /users, each as her own page's call would make it (the same rules, limits
   * and history), one after the other: `Done` says who it was done for, `Failed` who not and why.
   */
  bulk_users: call({
    access: 'staff',
    data: z.object({
      UserIds: z.array(id).min(1).max(BULK_USERS_MAX),
      Action: z.enum(bulkUserActions),
      /** grant_course and revoke_course: the course. */
      CourseId: optionalId,
      /** grant_course: the end of access (a day or a time), or null for none. */
      ExpiresAt: isoDate.nullable().default(null),
    }),
    answer: z.object({
      status: ok,
      Done: z.array(z.number()),
      Failed: z.array(z.object({ UserId: z.number(), error_code: z.string() })),
    }),
  }),
});
