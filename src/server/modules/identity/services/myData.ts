import { type SelectQueryBuilder, sql } from 'kysely';
import type { MyData } from '../../../../shared/contract/identity/myData';
import { supportedLanguages } from '../../../../shared/domain/language';
import type { Db } from '../../../platform/db';
import type { Database, SessionUser } from '../../../platform/db/schema';
import { companyNameOf } from './users';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Everything stored about the user ("download my data"): her account, course access and progress, xp, achievements,
 * certificates, test answers, exams and the messages she sent or received. It reads the learning and coaching
 * tables in joins, which modules may do; what another user wrote stays out except the messages sent to her.
 */
export async function exportMyData(db: Db, user: SessionUser): Promise<MyData> {
  const mine = { siteId: user.site_id, userId: user.id };
  /** Her rows of a table (`table` names it where the query joins another), oldest first. */
  const ownRows =
    (table?: string) =>
    <Q extends SelectQueryBuilder<Database, keyof Database, object>>(query: Q): Q => {
      const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
      return query
        .where(column('site_id'), '=', mine.siteId)
        .where(column('user_id'), '=', mine.userId)
        .orderBy(column('id')) as Q;
    };
  const [account, companyName, access, progress, parts, xp, achievements, certificates, results, exams, messages] =
    await Promise.all([
      db
        .selectFrom('users')
        .select(['pending_email', 'email_verified_at', 'created_at'])
        .where('site_id', '=', mine.siteId)
        .where('id', '=', mine.userId)
        .executeTakeFirstOrThrow(),
      companyNameOf(db, user),
      db
        .selectFrom('course_access')
        .innerJoin('courses', 'courses.id', 'course_access.course_id')
        .select(['course_access.course_id', 'courses.name', 'course_access.source', 'course_access.expires_at'])
        .select('course_access.created_at')
        .$call(ownRows('course_access'))
        .execute(),
      db
        .selectFrom('course_progress')
        .innerJoin('courses', 'courses.id', 'course_progress.course_id')
        .select(['course_progress.course_id', 'courses.name', 'progress_percent', 'xp', 'completed_at'])
        .$call(ownRows('course_progress'))
        .execute(),
      db
        .selectFrom('part_progress')
        .select(['course_id', 'course_part_id', 'video_play', 'completed_at', 'milestone_completed_at'])
        .$call(ownRows())
        .execute(),
      db
        .selectFrom('xp_awards')
        .select(['course_id', 'course_part_id', 'source', 'xp', 'created_at'])
        .$call(ownRows())
        .execute(),
      db
        .selectFrom('user_achievements')
        .innerJoin('achievements', 'achievements.id', 'user_achievements.achievement_id')
        .select(['achievements.course_id', 'achievements.title', 'achievements.required_xp'])
        .select('user_achievements.created_at')
        .$call(ownRows('user_achievements'))
        .execute(),
      db
        .selectFrom('certificates')
        .innerJoin('courses', 'courses.id', 'certificates.course_id')
        .select(['certificates.course_id', 'courses.name', 'code', 'issued_at', 'expires_at'])
        .$call(ownRows('certificates'))
        .execute(),
      db
        .selectFrom('block_results')
        .select(['course_block_id', 'answers', 'score', 'max_score', 'passed', 'attempts', 'updated_at'])
        .$call(ownRows())
        .execute(),
      db
        .selectFrom('user_exams')
        .select(['id', 'course_id', 'course_part_id', 'course_block_id', 'status', 'answer', 'review_comment'])
        .select(['submitted_at', 'reviewed_at'])
        .$call(ownRows())
        .execute(),
      db
        .selectFrom('messages')
        .select([
          'id',
          'kind',
          'from_user_id',
          'to_user_id',
          'title',
          'message',
          'course_id',
          'created_at',
          'showed_at',
        ])
        .where('site_id', '=', mine.siteId)
        .where((eb) => eb.or([eb('from_user_id', '=', mine.userId), eb('to_user_id', '=', mine.userId)]))
        .orderBy('id')
        .execute(),
    ]);
  return {
    ExportedAt: new Date().toISOString(),
    Profile: {
      Id: user.id,
      Email: user.email,
      PendingEmail: account.pending_email,
      FirstName: user.first_name,
      LastName: user.last_name,
      UserType: user.user_type,
      CompanyName: companyName,
      Language: supportedLanguages.find((language) => language === user.language) ?? null,
      CollectXp: user.collect_xp === 1,
      TotalXp: user.total_xp,
      EmailVerifiedAt: account.email_verified_at,
      CreatedAt: account.created_at,
      UserFileId: user.user_file_id,
    },
    CourseAccess: access.map((a) => ({
      CourseId: a.course_id,
      CourseName: a.name,
      Source: a.source,
      ExpiresAt: a.expires_at,
      GrantedAt: a.created_at,
    })),
    CourseProgress: progress.map((p) => ({
      CourseId: p.course_id,
      CourseName: p.name,
      ProgressPercent: p.progress_percent,
      Xp: p.xp,
      CompletedAt: p.completed_at,
    })),
    PartProgress: parts.map((p) => ({
      CourseId: p.course_id,
      CoursePartId: p.course_part_id,
      VideoPlay: p.video_play === 1,
      CompletedAt: p.completed_at,
      MilestoneCompletedAt: p.milestone_completed_at,
    })),
    XpAwards: xp.map((x) => ({
      CourseId: x.course_id,
      CoursePartId: x.course_part_id,
      Source: x.source,
      Xp: x.xp,
      AwardedAt: x.created_at,
    })),
    Achievements: achievements.map((a) => ({
      CourseId: a.course_id,
      Title: a.title,
      RequiredXp: a.required_xp,
      ReachedAt: a.created_at,
    })),
    Certificates: certificates.map((c) => ({
      CourseId: c.course_id,
      CourseName: c.name,
      Code: c.code,
      IssuedAt: c.issued_at,
      ExpiresAt: c.expires_at,
    })),
    TestResults: results.map((r) => ({
      BlockId: r.course_block_id,
      Answers: parseJson(r.answers),
      Score: r.score,
      MaxScore: r.max_score,
      Passed: r.passed === 1,
      Attempts: r.attempts,
      AnsweredAt: r.updated_at,
    })),
    Exams: exams.map((e) => ({
      Id: e.id,
      CourseId: e.course_id,
      CoursePartId: e.course_part_id,
      BlockId: e.course_block_id,
      Status: e.status,
      Answer: e.answer,
      ReviewComment: e.review_comment,
      SubmittedAt: e.submitted_at,
      ReviewedAt: e.reviewed_at,
    })),
    Messages: messages.map((m) => ({
      Id: m.id,
      Kind: m.kind,
      Sent: m.from_user_id === mine.userId,
      FromUserId: m.from_user_id,
      ToUserId: m.to_user_id,
      Title: m.title,
      Message: m.message,
      CourseId: m.course_id,
      CreatedAt: m.created_at,
      OpenedAt: m.showed_at,
    })),
  };
}
