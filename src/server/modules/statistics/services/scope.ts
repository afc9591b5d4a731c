import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { UserType } from '../../../../shared/domain/roles';
import {
  bucketOf,
  bucketsBetween,
  defaultPeriod,
  type Granularity,
  granularityFor,
  periodDays,
  STATISTICS_LIMITS,
} from '../../../../shared/domain/statistics/statistics';
import { type Db, inTransaction, isPostgres } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';

/** What a view counts: the period, and the courses and learners the caller may see and chose. */
export interface Scope {
  siteId: number;
  from: string;
  to: string;
  /** The first moment after the period (`to`'s next midnight, UTC), for timestamp ranges. */
  fromAt: string;
  untilAt: string;
  granularity: Granularity;
  /** The courses counted; null: every course of the site (an administrator who chose none). */
  courseIds: number[] | null;
  /** The company whose learners are counted; null: every company and none. */
  companyId: number | null;
}

export interface ScopeFilter {
  From?: string | null;
  To?: string | null;
  CourseId: number | null;
  CompanyId: number | null;
  Granularity?: Granularity | null;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/**
 * The scope of a view for its caller. An administrator sees every course; a coach the courses he coaches, and a
 * course of someone else's is refused. A period that ends before it starts or spans more than two years is refused.
 */
export async function scopeFor(db: Db, user: SessionUser, filter: ScopeFilter): Promise<Scope> {
  const to = filter.To ?? defaultPeriod().to;
  const from = filter.From ?? defaultPeriod(new Date(`${to}T00:00:00Z`)).from;
  if (from > to) throw new AppError('INVALID_REQUEST', 'The period ends before it starts', { field: 'To' });
  if (periodDays(from, to) > STATISTICS_LIMITS.maxDays) {
    throw new AppError('INVALID_REQUEST', 'The period may span two years at most', { field: 'From' });
  }
  const coached =
    user.user_type === UserType.admin
      ? null
      : (
          await db
            .selectFrom('course_coaches')
            .select('course_id')
            .where('site_id', '=', user.site_id)
            .where('user_id', '=', user.id)
            .execute()
        ).map((row) => row.course_id);
  if (filter.CourseId !== null) {
    const course = await db
      .selectFrom('courses')
      .select('id')
      .where('site_id', '=', user.site_id)
      .where('id', '=', filter.CourseId)
      .executeTakeFirst();
    if (!course) throw new AppError('NOT_FOUND', 'No such course');
    if (coached && !coached.includes(course.id)) throw new AppError('FORBIDDEN', 'You do not coach this course');
  }
  return {
    siteId: user.site_id,
    from,
    to,
    fromAt: `${from}T00:00:00.000Z`,
    untilAt: nextDay(to),
    granularity: filter.Granularity ?? granularityFor(from, to),
    courseIds: filter.CourseId !== null ? [filter.CourseId] : coached,
    companyId: filter.CompanyId,
  };
}

const always = sql<SqlBool>`1 = 1`;
const never = sql<SqlBool>`1 = 0`;

/** Rows whose course column names one of the scope's courses. */
export function inCourses(scope: Scope, courseColumn: string): RawBuilder<SqlBool> {
  if (scope.courseIds === null) return always;
  if (scope.courseIds.length === 0) return never;
  return sql<SqlBool>`${sql.ref(courseColumn)} in (${sql.join(scope.courseIds)})`;
}

/**
 * Rows whose user column names a learner the scope counts: one with access to a course of the scope (where it is
 * narrowed to courses), of the chosen company (where one is chosen).
 */
export function ofLearners(scope: Scope, userColumn: string): RawBuilder<SqlBool> {
  return learnerFilter(scope, userColumn) ?? always;
}

/** The condition of ofLearners, or null where the scope counts every learner. */
export function learnerFilter(scope: Scope, userColumn: string): RawBuilder<SqlBool> | null {
  const user = sql.ref(userColumn);
  const parts: RawBuilder<SqlBool>[] = [];
  if (scope.courseIds !== null) {
    parts.push(
      scope.courseIds.length === 0
        ? never
        : sql<SqlBool>`${user} in (select ca.user_id from course_access ca where ca.site_id = ${scope.siteId} and ca.course_id in (${sql.join(scope.courseIds)}))`,
    );
  }
  if (scope.companyId !== null) {
    parts.push(
      sql<SqlBool>`${user} in (select cu.id from users cu where cu.site_id = ${scope.siteId} and cu.company_id = ${scope.companyId})`,
    );
  }
  return parts.length === 0 ? null : sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/**
 * How a count over some of the site's users is made cheaply: `only` counts the rows of the users `ids` names,
 * `except` subtracts the rows of the users it names from everyone's count (kept on write, migration 0040). The side
 * with fewer users is read: a coach of the course every learner takes reads the rows of the few who do not take it,
 * not everyone's.
 */
export type Chosen = { way: 'only' | 'except'; ids: number[] };

/**
 * For each condition on `users u` (of the site), the cheaper way to count its users' rows. The users are named by
 * their ids, so that PostgreSQL plans for as many as there are (on a `not in` it guessed half the site's users and
 * read every row of the period instead of the five it left out).
 */
export async function chooseUsers(db: Db, siteId: number, conditions: RawBuilder<SqlBool>[]): Promise<Chosen[]> {
  const sizes = conditions.map(
    (condition, i) => sql`sum(case when ${condition} then 1 else 0 end) as ${sql.ref(`c${i}`)}`,
  );
  const { rows } = await sql<Record<string, number | string | null>>`
    select count(*) as users, ${sql.join(sizes)} from users u where u.site_id = ${siteId}`.execute(db);
  const row = rows[0] ?? {};
  const users = Number(row.users ?? 0);
  return Promise.all(
    conditions.map(async (condition, i) => {
      const way = Number(row[`c${i}`] ?? 0) * 2 <= users ? 'only' : 'except';
      const side = way === 'only' ? condition : sql<SqlBool>`not (${condition})`;
      const ids = await sql<{ id: number }>`select u.id from users u where u.site_id = ${siteId} and ${side}`
        .execute(db)
        .then((result) => result.rows.map((user) => user.id));
      return { way, ids };
    }),
  );
}

/**
 * The users a Chosen names (the learners counted `only`, those left out `except`) as a table to start from,
 * `chosen.id`, cross joined to the rows counted: each user's rows are then found through an index that begins with
 * the user (SQLite keeps the order of a cross join; given the ids as a filter it read the whole period instead).
 */
export const chosenUsers = (db: Db, chosen: Chosen): RawBuilder<unknown> =>
  isPostgres(db)
    ? sql`unnest(${chosen.ids}::int4[]) as chosen(id)`
    : sql`(select value as id from json_each(${JSON.stringify(chosen.ids)})) as chosen`;

/**
 * Rows of the learners a Chosen counts, by a user column: those it names, or all but those it leaves out (every
 * row's user is one of the site's, so all but those left out are the ones chosen).
 */
export const countedBy = (db: Db, chosen: Chosen, column: string): RawBuilder<SqlBool> =>
  chosen.way === 'only' ? idIn(db, column, chosen.ids) : sql<SqlBool>`not (${idIn(db, column, chosen.ids)})`;

/**
 * Runs a query of many small index probes (one per learner) without parallel workers on PostgreSQL: on two cores
 * the planner's parallel plan for 10,000 probes took 140–250 ms against 50 ms without (docs/performance.md).
 */
export function withoutParallelWorkers<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return run(db);
  return inTransaction(db, async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return run(trx);
  });
}

/** A column among some ids: one array on PostgreSQL, a JSON array SQLite reads as a table. */
export function idIn(db: Db, column: string, ids: number[]): RawBuilder<SqlBool> {
  if (ids.length === 0) return never;
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} = any(${ids}::int4[])`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/**
 * Counts keyed by a text (a period, a day, a part) of everyone, less those of some users where the count is made
 * `except` them; `only` them, the users' own counts.
 */
export function countsOf(
  chosen: Chosen | null,
  everyone: Array<{ key: string | number; n: number | string | bigint | null }>,
  users: Array<{ key: string | number; n: number | string | bigint | null }>,
): Map<string | number, number> {
  const counts = new Map<string | number, number>();
  const add = (rows: typeof users, sign: number) => {
    for (const row of rows) counts.set(row.key, (counts.get(row.key) ?? 0) + sign * Number(row.n ?? 0));
  };
  if (chosen?.way !== 'only') add(everyone, 1);
  if (chosen) add(users, chosen.way === 'only' ? 1 : -1);
  return counts;
}

/**
 * A period column (`d2026-11-29`…) to compare: on PostgreSQL bytewise, as its index for the learners (migration 0039)
 * is ordered; under a locale every comparison costs a call to strcoll.
 */
export const periodColumn = (db: Db, column: string): RawBuilder<string> =>
  isPostgres(db) ? sql<string>`${sql.ref(column)} collate "C"` : sql<string>`${sql.ref(column)}`;

/** The UTC day (`YYYY-MM-DD`) of a timestamp column, in SQL, the same text on both databases. */
export const dayOfColumn = (db: Db, column: string): RawBuilder<string> =>
  isPostgres(db)
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** Rows whose timestamp column falls in the scope's period. */
export const inPeriod = (scope: Scope, column: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} >= ${scope.fromAt} and ${sql.ref(column)} < ${scope.untilAt}`;

/** Counts per day folded into the scope's periods, every period present (zero where nothing happened). */
export function foldDays<K extends string>(
  scope: Scope,
  keys: readonly K[],
  rows: Partial<Record<K, Array<{ day: string; n: number | string | bigint | null }>>>,
): Array<{ Period: string } & Record<K, number>> {
  const buckets = new Map(
    bucketsBetween(scope.from, scope.to, scope.granularity).map((period) => [
      period,
      Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>,
    ]),
  );
  for (const key of keys) {
    for (const row of rows[key] ?? []) {
      const bucket = buckets.get(bucketOf(row.day, scope.granularity));
      if (bucket) bucket[key] += Number(row.n ?? 0);
    }
  }
  return [...buckets].map(([Period, counts]) => ({ Period, ...counts }));
}
