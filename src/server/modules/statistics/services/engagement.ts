import { sql } from 'kysely';
import { STATISTICS_LIMITS } from '../../../../shared/domain/statistics/statistics';
import { addDays } from '../../../../shared/domain/time';
import type { Db } from '../../../platform/db';
import { dayOfColumn, foldDays, inCourses, inPeriod, ofLearners, type Scope } from './scope';

const keys = ['Xp', 'Achievements', 'Certificates', 'Messages', 'SupportRequests', 'EarTraining'] as const;

/**
 * Engagement per period: xp earned in the scope's courses, achievements reached and certificates issued there, the
 * messages and support requests the scope's learners sent, and their ear-training answers; and the certificates
 * whose validity ends within the next 30 days.
 */
export async function engagementStatistics(db: Db, scope: Scope) {
  const learners = { ...scope, courseIds: null };
  const perDay = (table: 'messages', kind: 'chat' | 'support') =>
    db
      .selectFrom(table)
      .select([dayOfColumn(db, 'messages.created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('messages.site_id', '=', scope.siteId)
      .where('messages.kind', '=', kind)
      .where(inPeriod(scope, 'messages.created_at'))
      .where(ofLearners(scope, 'messages.from_user_id'))
      .groupBy(sql.ref('day'))
      .execute();
  const now = new Date();
  const [xp, achievements, certificates, messages, support, earTraining, expiring] = await Promise.all([
    // Every learner's xp from the counts kept on write (migration 0040); a company's from its learners' awards.
    scope.companyId === null
      ? db
          .selectFrom('xp_counts')
          .select(['day', (eb) => eb.fn.sum<number>('xp').as('n')])
          .where('site_id', '=', scope.siteId)
          .where('day', '>=', scope.from)
          .where('day', '<=', scope.to)
          .where(inCourses(scope, 'course_id'))
          .groupBy('day')
          .execute()
      : db
          .selectFrom('xp_awards')
          .select([dayOfColumn(db, 'xp_awards.created_at').as('day'), (eb) => eb.fn.sum<number>('xp').as('n')])
          .where('site_id', '=', scope.siteId)
          .where(inPeriod(scope, 'xp_awards.created_at'))
          .where(inCourses(scope, 'xp_awards.course_id'))
          .where(ofLearners(learners, 'xp_awards.user_id'))
          .groupBy(sql.ref('day'))
          .execute(),
    db
      .selectFrom('user_achievements')
      .innerJoin('achievements', 'achievements.id', 'user_achievements.achievement_id')
      .select([dayOfColumn(db, 'user_achievements.created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_achievements.site_id', '=', scope.siteId)
      .where(inPeriod(scope, 'user_achievements.created_at'))
      .where(inCourses(scope, 'achievements.course_id'))
      .where(ofLearners(learners, 'user_achievements.user_id'))
      .groupBy(sql.ref('day'))
      .execute(),
    db
      .selectFrom('certificates')
      .select([dayOfColumn(db, 'certificates.issued_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('site_id', '=', scope.siteId)
      .where(inPeriod(scope, 'certificates.issued_at'))
      .where(inCourses(scope, 'certificates.course_id'))
      .where(ofLearners(learners, 'certificates.user_id'))
      .groupBy(sql.ref('day'))
      .execute(),
    perDay('messages', 'chat'),
    perDay('messages', 'support'),
    // The answers counted by their rounds: a round and its answers are written together, one answer per question
    // and at the round's time (modules/eartraining, saveRound), so a tenth of the rows give the same count.
    db
      .selectFrom('eartraining_rounds')
      .select([
        dayOfColumn(db, 'eartraining_rounds.created_at').as('day'),
        (eb) => eb.fn.sum<number>('eartraining_rounds.questions').as('n'),
      ])
      .where('site_id', '=', scope.siteId)
      .where(inPeriod(scope, 'eartraining_rounds.created_at'))
      .where(ofLearners(scope, 'eartraining_rounds.user_id'))
      .groupBy(sql.ref('day'))
      .execute(),
    db
      .selectFrom('certificates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_id', '=', scope.siteId)
      .where('expires_at', '>=', now.toISOString())
      .where('expires_at', '<', addDays(now, STATISTICS_LIMITS.expiringSoonDays).toISOString())
      .where(inCourses(scope, 'certificates.course_id'))
      .where(ofLearners(learners, 'certificates.user_id'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    Series: foldDays(scope, keys, {
      Xp: xp,
      Achievements: achievements,
      Certificates: certificates,
      Messages: messages,
      SupportRequests: support,
      EarTraining: earTraining,
    }),
    CertificatesExpiringSoon: Number(expiring.n),
  };
}
