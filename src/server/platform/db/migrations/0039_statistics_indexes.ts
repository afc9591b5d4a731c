import { type Kysely, sql } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * Statistics for chosen learners (a company's, a coach's, a cohort) read from indexes alone, per learner
 * (docs/performance.md, "Statistics at 10,000 learners"):
 * - a learner's periods: whether she was active in a period (the distinct learners of a period are a probe per
 *   learner) and the periods of the learners a view leaves out. On PostgreSQL the period compares bytewise
 *   (`COLLATE "C"`, as the statistics services ask): under the database's locale (C.UTF-8) every comparison went
 *   through strcoll, and 10,000 probes took 180 ms instead of 40.
 * - a learner's sign-ins of a period (the staff's, which the learners' count leaves out);
 * - a learner's parts of a course, for the funnel of chosen learners;
 * - who answered and passed each quiz and test;
 * - who started a course in a period (a cohort);
 * - the ear-training rounds of a period with their questions (the answers they count, a tenth of the rows).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  const period = h.postgres ? sql`period collate "C"` : sql`period`;
  await sql`create index activity_periods_site_id_user_id_period_idx on activity_periods (site_id, user_id, ${period})`.execute(
    db,
  );
  await h.index('sessions', ['site_id', 'user_id', 'created_at', 'viewer_user_id']);
  await h.index('part_progress', ['site_id', 'course_id', 'user_id', 'course_part_id']);
  await h.index('block_results', ['site_id', 'course_block_id', 'passed', 'user_id']);
  await h.index('course_progress', ['site_id', 'course_id', 'created_at', 'user_id']);
  await h.index('eartraining_rounds', ['site_id', 'created_at', 'user_id', 'questions']);
}
