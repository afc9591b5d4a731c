import { sql } from 'kysely';
import type { Db } from '../../../platform/db';
import { containsText } from '../../../platform/db/search';
import type { CsvCell } from '../../../platform/lib/csv';
import { ofLearners, type Scope } from './scope';

export const GRADEBOOK_PAGE = 50;
/** Learners read at a time for the CSV, their results with them. */
const EXPORT_CHUNK = 500;

export type GradebookSort = 'name' | 'progress' | 'lastActivity';

export interface GradebookQuery {
  courseId: number;
  search: string;
  sort: GradebookSort;
  dir: 'asc' | 'desc';
}

type Column = { blockId: number; kind: string; title: string; part: string };

/** The course's quizzes and tests, and its exams, in the course's order: the gradebook's columns. */
async function columnsOf(db: Db, siteId: number, courseId: number) {
  const blocks = await db
    .selectFrom('course_blocks')
    .innerJoin('course_parts', 'course_parts.id', 'course_blocks.course_part_id')
    .select(['course_blocks.id', 'course_blocks.block_type', 'course_blocks.title', 'course_parts.name'])
    .where('course_blocks.site_id', '=', siteId)
    .where('course_parts.course_id', '=', courseId)
    .where('course_blocks.block_type', 'in', ['Quiz', 'Test', 'Exam', 'FinalExam'])
    .orderBy('course_parts.sort_id')
    .orderBy('course_blocks.sort_id')
    .execute();
  const column = (b: (typeof blocks)[number]): Column => ({
    blockId: b.id,
    kind: b.block_type,
    title: b.title,
    part: b.name,
  });
  return {
    tests: blocks.filter((b) => b.block_type === 'Quiz' || b.block_type === 'Test').map(column),
    exams: blocks.filter((b) => b.block_type === 'Exam' || b.block_type === 'FinalExam').map(column),
  };
}

/** The course's learners of the scope (its company), found by the search, in the order asked. */
function learnersQuery(db: Db, scope: Scope, query: GradebookQuery) {
  const dir = query.dir;
  let q = db
    .selectFrom('course_access')
    .innerJoin('users', 'users.id', 'course_access.user_id')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    // By the site too, so that each learner's progress is one lookup of its unique key (site, user, course): without
    // it SQLite read every learner's progress of the site for each of the course's learners (18 s at 10,000).
    .leftJoin('course_progress', (join) =>
      join
        .onRef('course_progress.site_id', '=', 'course_access.site_id')
        .onRef('course_progress.user_id', '=', 'course_access.user_id')
        .onRef('course_progress.course_id', '=', 'course_access.course_id'),
    )
    .where('course_access.site_id', '=', scope.siteId)
    .where('course_access.course_id', '=', query.courseId)
    .where(ofLearners({ ...scope, courseIds: null }, 'course_access.user_id'));
  if (query.search) {
    q = q.where(
      containsText(db, [sql`users.first_name || ' ' || users.last_name`, sql.ref('users.email')], query.search),
    );
  }
  const ordered =
    query.sort === 'progress'
      ? q.orderBy(sql`coalesce(course_progress.progress_percent, 0)`, dir)
      : query.sort === 'lastActivity'
        ? q.orderBy(sql`(course_progress.updated_at is not null)`, dir).orderBy('course_progress.updated_at', dir)
        : q.orderBy('users.first_name', dir).orderBy('users.last_name', dir);
  return ordered.orderBy('users.id', dir);
}

/** Learners' rows with their results and exam states, in the columns' order. */
async function rowsOf(
  db: Db,
  scope: Scope,
  columns: { tests: Column[]; exams: Column[] },
  learners: Array<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    company: string | null;
    progress_percent: number | null;
    completed_at: string | null;
    last_activity: string | null;
  }>,
) {
  const ids = learners.map((l) => l.id);
  const blockIds = [...columns.tests, ...columns.exams].map((c) => c.blockId);
  const [results, exams] =
    ids.length === 0 || blockIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('block_results')
            .select(['user_id', 'course_block_id', 'score', 'max_score', 'passed'])
            .where('site_id', '=', scope.siteId)
            .where('user_id', 'in', ids)
            .where('course_block_id', 'in', blockIds)
            .execute(),
          db
            .selectFrom('user_exams')
            .select(['user_id', 'course_block_id', 'status', 'review_score'])
            .where('site_id', '=', scope.siteId)
            .where('user_id', 'in', ids)
            .where('course_block_id', 'in', blockIds)
            .execute(),
        ]);
  const resultOf = new Map(results.map((r) => [`${r.user_id} ${r.course_block_id}`, r]));
  const examOf = new Map(
    exams.map((e) => [`${e.user_id} ${e.course_block_id}`, { State: e.status as string, Score: e.review_score }]),
  );
  return learners.map((l) => ({
    UserId: l.id,
    Name: `${l.first_name} ${l.last_name}`.trim(),
    Email: l.email,
    Company: l.company,
    Progress: l.progress_percent ?? 0,
    CompletedAt: l.completed_at,
    LastActivity: l.last_activity,
    Results: columns.tests.map((c) => {
      const r = resultOf.get(`${l.id} ${c.blockId}`);
      return r ? { Score: r.score, MaxScore: r.max_score, Passed: r.passed === 1 } : null;
    }),
    Exams: columns.exams.map((c) => examOf.get(`${l.id} ${c.blockId}`) ?? null),
  }));
}

const learnerColumns = [
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.email',
  'companies.name as company',
  'course_progress.progress_percent',
  'course_progress.completed_at',
  'course_progress.updated_at as last_activity',
] as const;

/** A page of a course's gradebook: its columns, its learners with their results, and how many there are. */
export async function gradebook(db: Db, scope: Scope, query: GradebookQuery, page: number) {
  const course = await db
    .selectFrom('courses')
    .select(['id', 'name'])
    .where('site_id', '=', scope.siteId)
    .where('id', '=', query.courseId)
    .executeTakeFirstOrThrow();
  const columns = await columnsOf(db, scope.siteId, query.courseId);
  const [learners, total] = await Promise.all([
    learnersQuery(db, scope, query)
      .select(learnerColumns)
      .limit(GRADEBOOK_PAGE)
      .offset((page - 1) * GRADEBOOK_PAGE)
      .execute(),
    learnersQuery(db, scope, query)
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const count = Number(total.n);
  return {
    CourseId: course.id,
    Name: course.name,
    Tests: columns.tests.map((c) => ({ BlockId: c.blockId, Kind: c.kind, Title: c.title, Part: c.part })),
    Exams: columns.exams.map((c) => ({ BlockId: c.blockId, Kind: c.kind, Title: c.title, Part: c.part })),
    Learners: await rowsOf(db, scope, columns, learners),
    Total: count,
    pagination: { page, total_pages: Math.max(1, Math.ceil(count / GRADEBOOK_PAGE)) },
  };
}

/** The whole gradebook as CSV rows, read and handed on a chunk of learners at a time. */
export async function gradebookCsv(db: Db, scope: Scope, query: GradebookQuery) {
  const columns = await columnsOf(db, scope.siteId, query.courseId);
  const header = [
    'UserId',
    'Name',
    'Email',
    'Company',
    'Progress',
    'CompletedAt',
    'LastActivity',
    ...columns.tests.map((c) => `${c.part}: ${c.title || c.kind}`),
    ...columns.exams.map((c) => `${c.part}: ${c.title || c.kind}`),
  ];
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    for (let offset = 0; ; offset += EXPORT_CHUNK) {
      const learners = await learnersQuery(db, scope, query)
        .select(learnerColumns)
        .limit(EXPORT_CHUNK)
        .offset(offset)
        .execute();
      yield (await rowsOf(db, scope, columns, learners)).map((row) => [
        row.UserId,
        row.Name,
        row.Email,
        row.Company,
        row.Progress,
        row.CompletedAt,
        row.LastActivity,
        ...row.Results.map((r) => (r ? `${r.Score}/${r.MaxScore}${r.Passed ? ' passed' : ''}` : null)),
        ...row.Exams.map((e) => (e ? `${e.State}${e.Score === null ? '' : ` ${e.Score}`}` : null)),
      ]);
      if (learners.length < EXPORT_CHUNK) return;
    }
  }
  return { header, batches: batches() };
}
