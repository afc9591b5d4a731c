import { type SqlBool, sql } from 'kysely';
import { UserType } from '../../../../shared/domain/roles';
import { monthOf, weekOf } from '../../../../shared/domain/statistics/statistics';
import type { Db } from '../../../platform/db';
import {
  type Chosen,
  chooseUsers,
  chosenUsers,
  countsOf,
  dayOfColumn,
  foldDays,
  inPeriod,
  learnerFilter,
  ofLearners,
  periodColumn,
  type Scope,
  withoutParallelWorkers,
} from './scope';

const PREFIX = { day: 'd', week: 'w', month: 'm' } as const;

type Counted = { key: string; n: number | string | bigint | null };

/**
 * Learners per period: distinct learners active (a count of `activity_periods` rows: one per learner and period),
 * new registrations and sign-ins (per day, folded into the periods); over the whole period, distinct active learners.
 *
 * The active learners and the sign-ins of a whole school come from the counts kept on write (migration 0040); those
 * of a coach's or a company's learners from the rows of whichever side is smaller, the learners counted or those left
 * out (scope.ts, chooseUsers). Sign-ins are the sessions of learners (type 1) that no one began viewing as them.
 */
export async function learnerStatistics(db: Db, scope: Scope) {
  const prefix = PREFIX[scope.granularity];
  const first =
    scope.granularity === 'day' ? scope.from : scope.granularity === 'week' ? weekOf(scope.from) : monthOf(scope.from);
  const last = scope.granularity === 'month' ? monthOf(scope.to) : scope.to;
  const filter = learnerFilter(scope, 'u.id');
  const signingIn = sql<SqlBool>`u.user_type = ${UserType.student}${filter ? sql` and ${filter}` : sql``}`;
  const ways = await chooseUsers(db, scope.siteId, filter ? [signingIn, filter] : [signingIn]);
  const signInWay = ways[0] as Chosen;
  const activeWay = ways[1] ?? null;
  const period = periodColumn(db, 'ap.period');
  const [activeEveryone, activeUsers, total, registered, signInsEveryone, signInsUsers] = await Promise.all([
    activeWay?.way === 'only'
      ? []
      : db
          .selectFrom('activity_counts')
          .select(['period as key', 'learners as n'])
          .where('site_id', '=', scope.siteId)
          .where('period', '>=', `${prefix}${first}`)
          .where('period', '<=', `${prefix}${last}`)
          .execute(),
    activeWay
      ? sql<Counted>`
          select ap.period as key, count(*) as n from ${chosenUsers(db, activeWay)} cross join activity_periods ap
          where ap.site_id = ${scope.siteId} and ap.user_id = chosen.id
            and ${period} >= ${`${prefix}${first}`} and ${period} <= ${`${prefix}${last}`}
          group by ap.period`
          .execute(db)
          .then((r) => r.rows)
      : [],
    // Each learner once: whether she has a day in the period, one probe of her periods (migration 0039).
    withoutParallelWorkers(db, (trx) =>
      sql<{ n: number | string }>`
        select count(*) as n from users u
        where u.site_id = ${scope.siteId} and ${filter ?? sql<SqlBool>`1 = 1`}
          and exists (select 1 from activity_periods ap where ap.site_id = ${scope.siteId} and ap.user_id = u.id
            and ${period} >= ${`d${scope.from}`} and ${period} <= ${`d${scope.to}`})`.execute(trx),
    ).then((r) => r.rows[0] ?? { n: 0 }),
    db
      .selectFrom('users')
      .select([dayOfColumn(db, 'users.created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('users.site_id', '=', scope.siteId)
      .where('users.user_type', '=', UserType.student)
      .where(inPeriod(scope, 'users.created_at'))
      .where(ofLearners(scope, 'users.id'))
      .groupBy(sql.ref('day'))
      .execute(),
    signInWay.way === 'only'
      ? []
      : db
          .selectFrom('session_counts')
          .select(['day as key', 'sessions as n'])
          .where('site_id', '=', scope.siteId)
          .where('day', '>=', scope.from)
          .where('day', '<=', scope.to)
          .execute(),
    sql<Counted>`
      select ${dayOfColumn(db, 's.created_at')} as key, count(*) as n from ${chosenUsers(db, signInWay)} cross join sessions s
      where s.site_id = ${scope.siteId} and s.user_id = chosen.id and s.viewer_user_id is null
        and ${inPeriod(scope, 's.created_at')}
      group by ${dayOfColumn(db, 's.created_at')}`
      .execute(db)
      .then((r) => r.rows),
  ]);
  const activeByPeriod = countsOf(activeWay, activeEveryone, activeUsers);
  const signIns = [...countsOf(signInWay, signInsEveryone, signInsUsers)].map(([day, n]) => ({ day: String(day), n }));
  const series = foldDays(scope, ['New', 'SignIns'] as const, { New: registered, SignIns: signIns }).map((row) => ({
    Period: row.Period,
    Active: activeByPeriod.get(`${prefix}${row.Period}`) ?? 0,
    New: row.New,
    SignIns: row.SignIns,
  }));
  return {
    Series: series,
    Totals: {
      Active: Number(total.n),
      New: series.reduce((sum, row) => sum + row.New, 0),
      SignIns: series.reduce((sum, row) => sum + row.SignIns, 0),
    },
  };
}
