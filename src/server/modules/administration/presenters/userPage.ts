import type { z } from 'zod';
import {
  type HistoryDetails,
  type UserAchievement,
  type UserCertificate,
  type UserCourse,
  type UserExamItem,
  UserHistoryAction,
  type UserHistoryEntry,
  type UserProfile,
  type UserSession,
} from '../../../../shared/contract/administration/users';
import { examName } from '../../../../shared/domain/coaching/exams';
import { supportedLanguages } from '../../../../shared/domain/language';
import { courseStatus } from '../../../../shared/domain/learning/xp';
import { personName } from '../../../../shared/domain/people';
import type {
  achievementRows,
  certificateRows,
  courseRows,
  examRows,
  HistoryRow,
  sessionRows,
  UserPageRow,
} from '../queries/userPage';
import { presentUserListItem } from './users';

type Rows<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/** A person's name, or null where there is none (an account deleted since). */
const nameOrNull = (first: string | null, last: string | null) => personName(first, last) || null;

export function presentUserProfile(row: UserPageRow, signInLocked: boolean): UserProfile {
  const language = supportedLanguages.find((l) => l === row.language) ?? null;
  return {
    ...presentUserListItem({ ...row, locked: row.locked_at !== null || signInLocked }),
    Language: language,
    TotalXp: row.total_xp,
    LockedAt: row.locked_at,
    LockedByUserId: row.locked_by_user_id,
    LockedByName: nameOrNull(row.locker_first_name, row.locker_last_name),
    SignInLocked: signInLocked,
  };
}

/** Her courses by name: those she holds access to, and those she has progress in without it. */
export function presentUserCourses(rows: Rows<typeof courseRows>, at: string): UserCourse[] {
  const progress = new Map(rows.progress.map((row) => [row.course_id, row]));
  const courses = new Map<number, UserCourse>();
  const course = (courseId: number, courseName: string): UserCourse => {
    const p = progress.get(courseId);
    const percent = p?.progress_percent ?? 0;
    return {
      CourseId: courseId,
      Name: courseName,
      HasAccess: false,
      Source: null,
      GrantedAt: null,
      ExpiresAt: null,
      Expired: false,
      ProgressPercent: percent,
      Xp: p?.xp ?? 0,
      Status: courseStatus({
        progressPercent: percent,
        completedAt: p?.completed_at ?? null,
        started: p !== undefined,
      }),
      CompletedAt: p?.completed_at ?? null,
    };
  };
  for (const row of rows.access) {
    courses.set(row.course_id, {
      ...course(row.course_id, row.name),
      HasAccess: true,
      Source: row.source,
      GrantedAt: row.created_at,
      ExpiresAt: row.expires_at,
      Expired: row.expires_at !== null && row.expires_at <= at,
    });
  }
  for (const row of rows.progress) {
    if (!courses.has(row.course_id)) courses.set(row.course_id, course(row.course_id, row.name));
  }
  return [...courses.values()].sort((a, b) => a.Name.localeCompare(b.Name) || a.CourseId - b.CourseId);
}

export const presentUserAchievements = (rows: Rows<typeof achievementRows>): z.infer<typeof UserAchievement>[] =>
  rows.map((row) => ({
    Id: row.id,
    Title: row.title,
    CourseId: row.course_id,
    CourseName: row.course_name,
    EarnedAt: row.created_at,
  }));

/** One line per exam block: her answer's state, or `not_started`; in course and reading order. */
export function presentUserExams(rows: Rows<typeof examRows>): UserExamItem[] {
  const items = new Map<number, UserExamItem & { sort: [string, number, number] }>();
  const base = (row: Rows<typeof examRows>['blocks'][number]) => ({
    UserExamId: null,
    CourseId: row.course_id,
    CourseName: row.course_name,
    CoursePartId: row.part_id,
    BlockId: row.block_id,
    Name: examName(row.part_name, row.block_title),
    Status: 'not_started' as const,
    SubmittedAt: null,
    ReviewedAt: null,
    ReviewScore: null,
    sort: [row.course_name, row.part_sort, row.block_sort] as [string, number, number],
  });
  for (const row of rows.blocks) items.set(row.block_id, base(row));
  for (const row of rows.answers) {
    items.set(row.block_id, {
      ...base(row),
      UserExamId: row.id,
      Status: row.status,
      SubmittedAt: row.submitted_at,
      ReviewedAt: row.reviewed_at,
      ReviewScore: row.review_score,
    });
  }
  return [...items.values()]
    .sort(
      (a, b) =>
        a.sort[0].localeCompare(b.sort[0]) ||
        a.CourseId - b.CourseId ||
        a.sort[1] - b.sort[1] ||
        a.sort[2] - b.sort[2] ||
        a.BlockId - b.BlockId,
    )
    .map(({ sort: _sort, ...item }) => item);
}

export const presentUserCertificates = (
  rows: Rows<typeof certificateRows>,
  at: string,
): z.infer<typeof UserCertificate>[] =>
  rows.map((row) => ({
    Id: row.id,
    CourseId: row.course_id,
    CourseName: row.course_name,
    Code: row.code,
    IssuedAt: row.issued_at,
    ExpiresAt: row.expires_at,
    Expired: row.expires_at !== null && row.expires_at <= at,
  }));

export const presentUserSessions = (rows: Rows<typeof sessionRows>): z.infer<typeof UserSession>[] =>
  rows.map((row) => ({ Id: row.id, CreatedAt: row.created_at, ExpiresAt: row.expires_at }));

/** Details as stored; anything unreadable shows as none. */
function parseDetails(text: string): HistoryDetails {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as HistoryDetails) : {};
  } catch {
    return {};
  }
}

export function presentHistoryEntry(row: HistoryRow): UserHistoryEntry | null {
  const action = UserHistoryAction.safeParse(row.action);
  if (!action.success) return null;
  return {
    Id: row.id,
    At: row.created_at,
    ActorId: row.actor_user_id,
    ActorName: nameOrNull(row.first_name, row.last_name),
    Action: action.data,
    Details: parseDetails(row.details),
  };
}

export const presentHistory = (rows: HistoryRow[]): UserHistoryEntry[] =>
  rows.map(presentHistoryEntry).filter((entry): entry is UserHistoryEntry => entry !== null);
