import { type SqlBool, sql } from 'kysely';
import { median, percentOf } from '../../../../shared/domain/statistics/statistics';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import {
  chooseUsers,
  chosenUsers,
  countedBy,
  countsOf,
  inCourses,
  inPeriod,
  learnerFilter,
  ofLearners,
  type Scope,
} from './scope';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Counts keyed by course id. */
const byCourse = (rows: Array<{ course_id: number; n: number | string | bigint }>) =>
  new Map(rows.map((row) => [row.course_id, Number(row.n)]));

const span = (from: string, until: string) => Date.parse(until) - Date.parse(from);

/**
 * Per course of the scope: its learners enrolled now, started (progress on at least one part), completed in the
 * period, the completion rate (completed ever of enrolled) and the median days from starting to completing of those
 * who completed in the period; and the exams of the scope's courses waiting for review and reviewed in the period.
 */
export async function courseStatistics(db: Db, scope: Scope) {
  const counted = <T extends 'course_access' | 'course_progress'>(table: T) =>
    db
      .selectFrom(table as 'course_access')
      .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('site_id', '=', scope.siteId)
      .where(inCourses(scope, 'course_id'))
      .where(ofLearners({ ...scope, courseIds: null }, 'user_id'))
      .groupBy('course_id');
  const [courses, enrolled, started, completedEver, completions, waiting, reviews] = await Promise.all([
    db
      .selectFrom('courses')
      .select(['id', 'name'])
      .where('site_id', '=', scope.siteId)
      .where(inCourses(scope, 'id'))
      .orderBy('sort_id')
      .orderBy('id')
      .execute(),
    counted('course_access').execute(),
    counted('course_progress').execute(),
    counted('course_progress').where(sql.ref('completed_at'), 'is not', null).execute(),
    db
      .selectFrom('course_progress')
      .select(['course_id', 'created_at', 'completed_at'])
      .where('site_id', '=', scope.siteId)
      .where(inCourses(scope, 'course_id'))
      .where(ofLearners({ ...scope, courseIds: null }, 'user_id'))
      .where(inPeriod(scope, 'completed_at'))
      .execute(),
    db
      .selectFrom('user_exams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_id', '=', scope.siteId)
      .where('status', '=', 'submitted')
      .where(inCourses(scope, 'course_id'))
      .where(ofLearners({ ...scope, courseIds: null }, 'user_id'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user_exams')
      .select(['submitted_at', 'reviewed_at'])
      .where('site_id', '=', scope.siteId)
      .where(inPeriod(scope, 'reviewed_at'))
      .where(inCourses(scope, 'course_id'))
      .where(ofLearners({ ...scope, courseIds: null }, 'user_id'))
      .execute(),
  ]);
  const enrolledBy = byCourse(enrolled);
  const startedBy = byCourse(started);
  const completedEverBy = byCourse(completedEver);
  const durations = new Map<number, number[]>();
  for (const row of completions) {
    if (!row.completed_at) continue;
    const list = durations.get(row.course_id) ?? [];
    list.push(span(row.created_at, row.completed_at) / DAY_MS);
    durations.set(row.course_id, list);
  }
  const reviewHours = reviews.flatMap((row) =>
    row.submitted_at && row.reviewed_at ? [span(row.submitted_at, row.reviewed_at) / HOUR_MS] : [],
  );
  const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
  return {
    Courses: courses.map((course) => {
      const done = durations.get(course.id) ?? [];
      return {
        CourseId: course.id,
        Name: course.name,
        Enrolled: enrolledBy.get(course.id) ?? 0,
        Started: startedBy.get(course.id) ?? 0,
        Completed: done.length,
        CompletionRate: percentOf(completedEverBy.get(course.id) ?? 0, enrolledBy.get(course.id) ?? 0),
        MedianDaysToComplete: oneDecimal(median(done)),
      };
    }),
    Exams: {
      Waiting: Number(waiting.n),
      Reviewed: reviewHours.length,
      MedianReviewHours: oneDecimal(median(reviewHours)),
    },
  };
}

/**
 * A course's funnel: its parts in order with the learners (of the scope's company, who started the course in the
 * period when one is chosen) who completed each, and per quiz and test how many answered and passed. Every learner's
 * parts come from the counts kept on write (migration 0040); a company's or a cohort's from their rows, or the counts
 * less the rows of those left out, whichever side is smaller (scope.ts, chooseUsers).
 */
export async function courseFunnel(db: Db, scope: Scope, courseId: number, cohort: boolean) {
  const course = await db
    .selectFrom('courses')
    .select(['id', 'name'])
    .where('site_id', '=', scope.siteId)
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course) throw new AppError('NOT_FOUND', 'No such course');
  const learners = { ...scope, courseIds: null };
  const conditions = [
    learnerFilter(learners, 'u.id'),
    cohort ? sql<SqlBool>`u.id in (${startersIn(db, scope, courseId)})` : null,
  ].filter((condition) => condition !== null);
  const [chosen] = conditions.length > 0 ? await chooseUsers(db, scope.siteId, [sql.join(conditions, sql` and `)]) : [];
  const [parts, reachedEveryone, reachedUsers, enrolled, tests, results] = await Promise.all([
    db
      .selectFrom('course_parts')
      .select(['id', 'name', 'sort_id'])
      .where('site_id', '=', scope.siteId)
      .where('course_id', '=', courseId)
      .orderBy('sort_id')
      .orderBy('id')
      .execute(),
    chosen?.way === 'only'
      ? []
      : db
          .selectFrom('part_counts')
          .select(['course_part_id as key', 'learners as n'])
          .where('site_id', '=', scope.siteId)
          .where('course_id', '=', courseId)
          .execute(),
    chosen
      ? sql<{ key: number; n: number }>`
          select pp.course_part_id as key, count(*) as n from ${chosenUsers(db, chosen)} cross join part_progress pp
          where pp.site_id = ${scope.siteId} and pp.course_id = ${courseId} and pp.user_id = chosen.id
          group by pp.course_part_id`
          .execute(db)
          .then((r) => r.rows)
      : [],
    db
      .selectFrom('course_access')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_id', '=', scope.siteId)
      .where('course_id', '=', courseId)
      .where(chosen ? countedBy(db, chosen, 'course_access.user_id') : sql<SqlBool>`1 = 1`)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('course_blocks')
      .innerJoin('course_parts', 'course_parts.id', 'course_blocks.course_part_id')
      .select(['course_blocks.id', 'course_blocks.course_part_id', 'course_blocks.block_type', 'course_blocks.title'])
      .where('course_blocks.site_id', '=', scope.siteId)
      .where('course_parts.site_id', '=', scope.siteId)
      .where('course_parts.course_id', '=', courseId)
      .where('course_blocks.block_type', 'in', ['Quiz', 'Test'])
      .orderBy('course_blocks.sort_id')
      .execute(),
    // Per quiz and test of the course, from the index of answers per block (migration 0039).
    db
      .selectFrom('block_results')
      .select([
        'block_results.course_block_id',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('block_results.passed').as('passed'),
      ])
      .where('block_results.site_id', '=', scope.siteId)
      .where('block_results.course_block_id', 'in', (eb) =>
        eb
          .selectFrom('course_blocks')
          .innerJoin('course_parts', 'course_parts.id', 'course_blocks.course_part_id')
          .select('course_blocks.id')
          .where('course_blocks.site_id', '=', scope.siteId)
          .where('course_parts.site_id', '=', scope.siteId)
          .where('course_parts.course_id', '=', courseId)
          .where('course_blocks.block_type', 'in', ['Quiz', 'Test']),
      )
      .where(chosen ? countedBy(db, chosen, 'block_results.user_id') : sql<SqlBool>`1 = 1`)
      .groupBy('block_results.course_block_id')
      .execute(),
  ]);
  const reachedBy = countsOf(chosen ?? null, reachedEveryone, reachedUsers);
  const resultsBy = new Map(results.map((row) => [row.course_block_id, row]));
  const enrolledCount = Number(enrolled.n);
  return {
    CourseId: course.id,
    Name: course.name,
    Enrolled: enrolledCount,
    Parts: parts.map((part, index) => ({
      PartId: part.id,
      SortNr: index + 1,
      Name: part.name,
      Reached: reachedBy.get(part.id) ?? 0,
      ReachedRate: percentOf(reachedBy.get(part.id) ?? 0, enrolledCount),
      Tests: tests
        .filter((block) => block.course_part_id === part.id)
        .map((block) => ({
          BlockId: block.id,
          Kind: block.block_type,
          Title: block.title,
          Answered: Number(resultsBy.get(block.id)?.n ?? 0),
          Passed: Number(resultsBy.get(block.id)?.passed ?? 0),
        })),
    })),
  };
}

/** The learners who started a course (made their first progress) in the scope's period. */
const startersIn = (db: Db, scope: Scope, courseId: number) =>
  db
    .selectFrom('course_progress')
    .select('course_progress.user_id')
    .where('course_progress.site_id', '=', scope.siteId)
    .where('course_progress.course_id', '=', courseId)
    .where(inPeriod(scope, 'course_progress.created_at'));
