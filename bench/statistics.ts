/**
 * The statistics views (statistics.php) on a school of 10,000 learners with a year behind it: `npx tsx
 * bench/statistics.ts [--db sqlite|postgres|both] [--repetitions 30] [--built]` seeds a database of its own per
 * dialect (statisticsShape), starts the server on each as a process of its own (from the sources under tsx, or the
 * build in dist/server with --built), and asks every view as the administrator and as a coach, one request at a time:
 * a few warm-up rounds, then `repetitions` rounds, each round every view on every server in turn (the servers side by
 * side, so the machine's drift falls on both alike). It prints the median, the 95th percentile and the server's CPU
 * per request of each view. `npm run bench -- --only statistics` runs the same as a step of the bench, on its --db.
 * docs/performance.md has the figures.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type Insertable, type RawBuilder, sql } from 'kysely';
import { hashPassword } from '../src/server/modules/identity/services/passwords';
import { createSession } from '../src/server/modules/identity/services/sessions';
import { activityPeriodsOf } from '../src/server/modules/statistics';
import { createDatabase, type Db, isPostgres, migrate } from '../src/server/platform/db';
import type { Database } from '../src/server/platform/db/schema';
import {
  achievementValues,
  blockValues,
  coachValues,
  companyValues,
  courseValues,
  partValues,
  siteValues,
  userValues,
} from '../src/server/seed/factories';
import { dayOf } from '../src/shared/domain/statistics/statistics';
import { builtServerArgs, sourceServerArgs } from '../tests/support/process';
import { benchDatabaseUrl, withDataDir, withPostgresDatabase } from './databases';
import { type ServerProcess, startServer } from './servers';

/** The statistics issue's targets: every view's 95th percentile, and the funnel's, below these. */
export const STATISTICS_VIEW_MS = 200;
export const STATISTICS_FUNNEL_MS = 100;

/** The school the statistics are counted over. */
export const statisticsShape = {
  learners: 10_000,
  /** Companies, the first with this share of the learners and the others with COMPANY_SHARE each. */
  companies: 5,
  bigCompanyShare: 0.2,
  courses: 50,
  partsPerCourse: 200,
  /** A quiz or a test (in turn) on every this-many-th part; an exam on parts 95 and 195. */
  testEvery: 10,
  /** Besides the first ("funnel") course, every learner may open this many others, chosen at random. */
  otherCourses: 3,
  /** Coaches: the first coaches the first five courses, the others share the rest. */
  coaches: 4,
  /** Registrations spread over this many days: half the learners joined before the year counted. */
  registrationDays: 730,
  /** Of a learner's days, the share she is active on: at random from this range per learner (about 2 a week). */
  activeShare: [0.1, 0.5],
  /** A sign-in on this share of a learner's active days (about 50 a year for a learner of the whole year). */
  signInShare: 0.65,
  /** Of those who started a course, the share who complete it (the funnel course, the others). */
  completing: { funnel: 0.3, other: 0.2 },
  /** Those who stop stop at a part geometric with this mean. */
  meanStopPart: 16,
  /** Learners who did ear training, and their rounds of 10 answers. */
  earTrainers: 1_500,
  /** Orders paid over the year. */
  orders: 3_000,
} as const;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** What the measurement needs of the seeded school. */
export interface StatisticsFixtures {
  siteName: string;
  admin: { id: number; token: string };
  /** The coach of the first five courses (the funnel course among them). */
  coach: { id: number; token: string };
  /** The first course: every learner may open it. */
  funnelCourseId: number;
  /** The company of a fifth of the learners. */
  companyId: number;
  /** The day the seed counted as today (UTC). */
  today: string;
  counts: Record<string, number>;
  /** Seconds each part of the seed took, and `total`. */
  seedSeconds: Record<string, number>;
}

/** A small fast generator of pseudo-random numbers, so every run seeds the same school. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Cell = string | number | null | undefined;
const literal = (value: Cell): string =>
  value === null || value === undefined
    ? 'null'
    : typeof value === 'number'
      ? String(value)
      : `'${value.replaceAll("'", "''")}'`;

/** Rows per INSERT: SQLite's are written as literals (about 1 MB a statement), PostgreSQL's bound as arrays. */
const BULK_ROWS = 5_000;
const BULK_ROWS_POSTGRES = 20_000;

/** The types of a PostgreSQL table's columns (`int4`, `timestamptz`…), for the arrays BulkInsert binds. */
const columnTypes = new Map<string, Promise<Map<string, string>>>();
function columnTypesOf(db: Db, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table);
  if (!types) {
    types = sql<{ column_name: string; udt_name: string }>`
      select column_name, udt_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`
      .execute(db)
      .then((result) => new Map(result.rows.map((row) => [row.column_name, row.udt_name])));
    columnTypes.set(table, types);
  }
  return types;
}

/**
 * Inserts rows of one table in large statements: on SQLite as literals, on PostgreSQL as one array per column
 * (`insert … select * from unnest($1::int4[], …)`). Binding a million rows' parameters one by one through Kysely
 * and the driver takes several times as long. Rows are typed as the table's.
 */
class BulkInsert<T extends keyof Database & string> {
  private rows: Record<string, Cell>[] = [];
  private readonly postgres: boolean;
  count = 0;

  constructor(
    private readonly db: Db,
    private readonly table: T,
  ) {
    this.postgres = isPostgres(db);
  }

  async add(row: Insertable<Database[T]>): Promise<void> {
    this.rows.push(row as Record<string, Cell>);
    this.count++;
    if (this.rows.length >= (this.postgres ? BULK_ROWS_POSTGRES : BULK_ROWS)) await this.flush();
  }

  async addAll(rows: Insertable<Database[T]>[]): Promise<void> {
    for (const row of rows) await this.add(row);
  }

  async flush(): Promise<void> {
    const rows = this.rows;
    this.rows = [];
    const first = rows[0];
    if (!first) return;
    const columns = Object.keys(first);
    const names = sql.raw(columns.join(','));
    if (!this.postgres) {
      const values = rows.map((row) => `(${columns.map((column) => literal(row[column])).join(',')})`);
      await sql.raw(`insert into ${this.table} (${columns.join(',')}) values ${values.join(',')}`).execute(this.db);
      return;
    }
    const types = await columnTypesOf(this.db, this.table);
    const arrays = columns.map((column) => {
      const type = types.get(column);
      if (!type) throw new Error(`No column ${this.table}.${column}`);
      return sql`${rows.map((row) => row[column] ?? null)}::${sql.raw(type)}[]`;
    });
    await sql`insert into ${sql.table(this.table)} (${names}) select * from unnest(${sql.join(arrays)})`.execute(
      this.db,
    );
  }
}

async function insertAll<T extends keyof Database & string>(db: Db, table: T, rows: Insertable<Database[T]>[]) {
  const bulk = new BulkInsert(db, table);
  await bulk.addAll(rows);
  await bulk.flush();
}

/**
 * Runs bulk inserts of rows made consistent by construction without PostgreSQL's foreign-key checks (its triggers,
 * off with `session_replication_role = replica`; a superuser's setting, which the bench's default role has): they
 * were half of the seed's time. The tables written so have no triggers of their own. Elsewhere the checks stay on.
 */
async function unchecked(db: Db, work: () => Promise<void>): Promise<void> {
  const superuser =
    isPostgres(db) &&
    (await sql<{ is_superuser: string }>`show is_superuser`.execute(db)).rows[0]?.is_superuser === 'on';
  if (superuser) await sql`set local session_replication_role = replica`.execute(db);
  try {
    await work();
  } finally {
    if (superuser) await sql`set local session_replication_role = origin`.execute(db);
  }
}

/** Timestamps computed in SQL, the same ISO text on SQLite as the server writes, timestamptz on PostgreSQL. */
function timestamps(db: Db) {
  const postgres = isPostgres(db);
  const iso = (julianDay: RawBuilder<unknown>) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${julianDay})`;
  return {
    /** The moment `fraction` (0 to 1) of the way from `start` to `end`. */
    between: (start: RawBuilder<unknown>, end: RawBuilder<unknown>, fraction: RawBuilder<unknown>) =>
      postgres
        ? sql`(${start} + (${end} - ${start}) * (${fraction})::float8)`
        : iso(sql`julianday(${start}) + (julianday(${end}) - julianday(${start})) * (${fraction})`),
    /** `hours` later, but never after `cap`. */
    hoursLater: (at: RawBuilder<unknown>, hours: RawBuilder<unknown>, cap: string) =>
      postgres
        ? sql`least(${at} + (${hours}) * interval '1 hour', cast(${sql.lit(cap)} as timestamptz))`
        : sql`min(${iso(sql`julianday(${at}) + (${hours}) / 24.0`)}, ${sql.lit(cap)})`,
    monthsLater: (at: RawBuilder<unknown>, months: number) =>
      postgres
        ? sql`(${at} + interval '${sql.raw(String(months))} months')`
        : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, '+${sql.raw(String(months))} months')`,
    /** A fraction as a floating-point number. */
    real: (expression: RawBuilder<unknown>) => (postgres ? sql`(${expression})::float8` : sql`(${expression}) * 1.0`),
  };
}

interface Learner {
  id: number;
  registeredAt: number;
}

/**
 * Seeds the school into an empty database (migrated to 0038, the year in one transaction, then the later migrations);
 * answers what the measurement needs.
 * The progress rows (parts, xp, quiz answers, achievements, certificates, exams) are made in SQL from each
 * learner's course_progress row, which says how far she got (`xp` / 5 parts) between its `created_at` (her start)
 * and `updated_at` (her last part, or her completion).
 */
export async function seedStatistics(url: string, log?: (line: string) => void): Promise<StatisticsFixtures> {
  const started = performance.now();
  const db = createDatabase({ url });
  const seedSeconds: Record<string, number> = {};
  const counts: Record<string, number> = {};
  const timed = async (name: string, work: () => Promise<void>) => {
    const at = performance.now();
    await work();
    seedSeconds[name] = Number(((performance.now() - at) / 1000).toFixed(1));
    log?.(`  ${name}: ${seedSeconds[name]} s`);
  };
  try {
    if (!isPostgres(db)) await sql`pragma cache_size = -524288`.execute(db);
    // The year is written as a school that had the statistics' first migration (0038) wrote it, and the later
    // migrations run over it as they would on such a database: their indexes and the counts kept on write (0040)
    // are built from the year's rows, which also times them at this size.
    await migrate(db, '0038_statistics');
    const passwordHash = await hashPassword('statistics-bench-not-secret');
    const seeded = await db.transaction().execute((trx) => seedSchool(trx, passwordHash, timed));
    await timed('later migrations', () => migrate(db));
    if (isPostgres(db)) {
      await timed('vacuum analyze', async () => {
        await sql`vacuum analyze`.execute(db);
      });
    }
    const tables = [
      'users',
      'course_access',
      'course_progress',
      'part_progress',
      'xp_awards',
      'block_results',
      'user_achievements',
      'certificates',
      'user_exams',
      'messages',
      'sessions',
      'activity_periods',
      'eartraining_answers',
      'orders',
    ] as const;
    for (const table of tables) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    const admin = {
      id: seeded.adminId,
      token: await createSession(db, { siteId: seeded.siteId, userId: seeded.adminId }),
    };
    const coach = {
      id: seeded.coachId,
      token: await createSession(db, { siteId: seeded.siteId, userId: seeded.coachId }),
    };
    return {
      siteName: 'main',
      admin,
      coach,
      funnelCourseId: seeded.funnelCourseId,
      companyId: seeded.companyId,
      today: dayOf(new Date(seeded.now)),
      counts,
      seedSeconds,
    };
  } finally {
    await db.destroy();
    seedSeconds.total = Number(((performance.now() - started) / 1000).toFixed(1));
  }
}

async function seedSchool(
  db: Db,
  passwordHash: string,
  timed: (name: string, work: () => Promise<void>) => Promise<void>,
) {
  const shape = statisticsShape;
  const rand = random(20261129);
  const now = Date.now();
  const at = new Date(now).toISOString();
  const iso = (ms: number) => new Date(ms).toISOString();
  const yearAgo = now - 365 * DAY_MS;
  const ts = timestamps(db);
  const uncheckedTimed = (name: string, work: () => Promise<void>) => timed(name, () => unchecked(db, work));

  const site = await db
    .insertInto('sites')
    .values(siteValues({ name: 'main', title: 'Statistics School', plan: 'professional' }, at))
    .returning('id')
    .executeTakeFirstOrThrow();
  const siteId = site.id;
  const siteRef = { id: siteId };

  // Users: the learners (a fifth in the first company, a twentieth in each of the others), an administrator, coaches.
  const learners: Learner[] = [];
  let companyIds: number[] = [];
  let adminId = 0;
  let coachIds: number[] = [];
  await timed('users', async () => {
    await insertAll(
      db,
      'companies',
      Array.from({ length: shape.companies }, (_, k) => companyValues({ site: siteRef, name: `Company ${k + 1}` }, at)),
    );
    companyIds = (
      await db.selectFrom('companies').select('id').where('site_id', '=', siteId).orderBy('id').execute()
    ).map((row) => row.id);
    const companyOf = (i: number): number | null => {
      const slot = i % 20;
      if (slot < shape.bigCompanyShare * 20) return companyIds[0] as number;
      const other = slot - shape.bigCompanyShare * 20 + 1;
      return other < shape.companies ? (companyIds[other] as number) : null;
    };
    const registered = Array.from({ length: shape.learners }, () => now - rand() * shape.registrationDays * DAY_MS);
    const email = (i: number) => `learner${String(i).padStart(5, '0')}@statistics.bench`;
    const users = new BulkInsert(db, 'users');
    for (let i = 0; i < shape.learners; i++) {
      await users.add({
        ...userValues(
          {
            site: siteRef,
            role: 'student',
            email: email(i),
            passwordHash,
            firstName: `Learner${i}`,
            lastName: 'Bench',
            companyId: companyOf(i),
          },
          iso(registered[i] as number),
        ),
      });
    }
    const staffAt = iso(now - (shape.registrationDays + 30) * DAY_MS);
    await users.add(
      userValues(
        { site: siteRef, role: 'admin', email: 'admin@statistics.bench', passwordHash, firstName: 'Ada' },
        staffAt,
      ),
    );
    for (let k = 0; k < shape.coaches; k++) {
      await users.add(
        userValues(
          {
            site: siteRef,
            role: 'coach',
            email: `coach${k + 1}@statistics.bench`,
            passwordHash,
            firstName: `Coach${k + 1}`,
          },
          staffAt,
        ),
      );
    }
    await users.flush();
    const rows = await db.selectFrom('users').select(['id', 'email']).where('site_id', '=', siteId).execute();
    const idOf = new Map(rows.map((row) => [row.email, row.id]));
    for (let i = 0; i < shape.learners; i++) {
      learners.push({ id: idOf.get(email(i)) as number, registeredAt: registered[i] as number });
    }
    adminId = idOf.get('admin@statistics.bench') as number;
    coachIds = Array.from({ length: shape.coaches }, (_, k) => idOf.get(`coach${k + 1}@statistics.bench`) as number);
  });

  // Courses: 50 of 200 parts, a text block each, a quiz or a test on every tenth part, an exam on two.
  let courseIds: number[] = [];
  await timed('courses', async () => {
    await insertAll(
      db,
      'courses',
      Array.from({ length: shape.courses }, (_, c) =>
        courseValues({ site: siteRef, name: `Course ${c + 1}`, sortId: c + 1, certificateMonths: 12 }, at),
      ),
    );
    courseIds = (
      await db.selectFrom('courses').select('id').where('site_id', '=', siteId).orderBy('sort_id').execute()
    ).map((row) => row.id);
    await insertAll(
      db,
      'course_parts',
      courseIds.flatMap((courseId) =>
        Array.from({ length: shape.partsPerCourse }, (_, p) =>
          partValues(
            {
              site: siteRef,
              course: { id: courseId },
              sortId: p + 1,
              name: `Part ${p + 1}`,
              criteria: p % shape.testEvery === shape.testEvery - 1 ? 'test' : 'visit',
            },
            at,
          ),
        ),
      ),
    );
    const parts = await db
      .selectFrom('course_parts')
      .select(['id', 'sort_id'])
      .where('site_id', '=', siteId)
      .orderBy('id')
      .execute();
    const question = (id: string) => ({
      id,
      text: `Question ${id}`,
      multiple: false,
      options: ['a', 'b', 'c'].map((letter) => ({ id: `${id}${letter}`, text: letter.toUpperCase() })),
      correct: [`${id}b`],
    });
    const blocks = new BulkInsert(db, 'course_blocks');
    for (const part of parts) {
      const p = part.sort_id - 1;
      await blocks.add(
        blockValues(
          { site: siteRef, partId: part.id, sortId: 1, type: 'Text', content: { html: `<p>Part ${p + 1}</p>` } },
          at,
        ),
      );
      if (p % shape.testEvery === shape.testEvery - 1) {
        const quiz = Math.floor(p / shape.testEvery) % 2 === 0;
        await blocks.add(
          blockValues(
            {
              site: siteRef,
              partId: part.id,
              sortId: 2,
              type: quiz ? 'Quiz' : 'Test',
              title: quiz ? `Quiz ${p + 1}` : `Test ${p + 1}`,
              content: { intro: '', questions: [question(`p${p + 1}q1`), question(`p${p + 1}q2`)], passPercent: 50 },
            },
            at,
          ),
        );
      }
      if (p === 94 || p === 194) {
        await blocks.add(
          blockValues(
            {
              site: siteRef,
              partId: part.id,
              sortId: 3,
              type: 'Exam',
              title: 'Essay',
              content: { html: '<p>Write</p>' },
            },
            at,
          ),
        );
      }
    }
    await blocks.flush();
    await insertAll(
      db,
      'achievements',
      courseIds.flatMap((courseId) =>
        [25, 250, 500].map((xp) =>
          achievementValues({ site: siteRef, course: { id: courseId }, title: `${xp} xp`, requiredXp: xp }, at),
        ),
      ),
    );
    const coachOf = (c: number) => (c < 5 ? 0 : 1 + (c % (shape.coaches - 1)));
    await insertAll(
      db,
      'course_coaches',
      courseIds.map((courseId, c) =>
        coachValues({ site: siteRef, course: { id: courseId }, user: { id: coachIds[coachOf(c)] as number } }, at),
      ),
    );
  });

  // Access and progress: the funnel course and three others each; most start, few finish.
  await timed('access and course progress', async () => {
    const access = new BulkInsert(db, 'course_access');
    const progress = new BulkInsert(db, 'course_progress');
    const latest = now - 60_000;
    for (const learner of learners) {
      const chosen = new Set<number>([0]);
      while (chosen.size < 1 + shape.otherCourses) chosen.add(1 + Math.floor(rand() * (shape.courses - 1)));
      for (const c of chosen) {
        const funnel = c === 0;
        const grantedAt =
          learner.registeredAt + rand() * Math.max(0, Math.min(30 * DAY_MS, latest - learner.registeredAt));
        await access.add({
          site_id: siteId,
          course_id: courseIds[c] as number,
          user_id: learner.id,
          source: funnel ? 'staff' : 'purchase',
          granted_by_user_id: null,
          expires_at: null,
          created_at: iso(grantedAt),
          updated_at: iso(grantedAt),
        });
        if (rand() >= (funnel ? 0.9 : 0.8)) continue;
        const start = Math.min(
          grantedAt + rand() * Math.max(0, Math.min(60 * DAY_MS, latest - grantedAt)),
          now - 2 * HOUR_MS,
        );
        let completes = rand() < (funnel ? shape.completing.funnel : shape.completing.other);
        let reached = completes
          ? shape.partsPerCourse
          : Math.min(
              shape.partsPerCourse - 1,
              1 + Math.floor(Math.log(1 - rand()) / Math.log(1 - 1 / shape.meanStopPart)),
            );
        let end = completes ? start + (14 + rand() * 150) * DAY_MS : start + reached * (0.3 + rand() * 1.5) * DAY_MS;
        if (end > latest) {
          // Not there yet: as far as she got by now.
          reached = Math.max(1, Math.floor((reached * (latest - start)) / (end - start)));
          completes = false;
          end = latest - rand() * Math.min(DAY_MS, latest - start);
        }
        end = Math.max(end, start + 60_000);
        await progress.add({
          site_id: siteId,
          course_id: courseIds[c] as number,
          user_id: learner.id,
          progress_percent: Math.floor((reached * 100) / shape.partsPerCourse),
          xp: reached * 5,
          completed_at: completes ? iso(end) : null,
          created_at: iso(start),
          updated_at: iso(end),
        });
      }
    }
    await access.flush();
    await progress.flush();
  });

  const p = sql.ref;
  // Every part up to where she got, evenly between her start and her last part.
  const partDone = ts.between(p('cp.created_at'), p('cp.updated_at'), ts.real(sql`parts.sort_id * 1.0 / (cp.xp / 5)`));
  await uncheckedTimed('part progress and xp', async () => {
    await sql`
      insert into part_progress
        (site_id, course_id, course_part_id, user_id, video_play, completed_at, milestone_completed_at, created_at, updated_at)
      select site_id, course_id, part_id, user_id, 1, done, null, done, done
      from (
        select cp.site_id, cp.course_id, parts.id as part_id, cp.user_id, ${partDone} as done
        from course_progress cp
        join course_parts parts
          on parts.site_id = cp.site_id and parts.course_id = cp.course_id and parts.sort_id <= cp.xp / 5
        where cp.site_id = ${siteId}
      ) as reached`.execute(db);
    await sql`
      insert into xp_awards (site_id, user_id, course_id, course_part_id, source, xp, created_at, updated_at)
      select site_id, user_id, course_id, course_part_id, 'reward', 5, completed_at, completed_at
      from part_progress where site_id = ${siteId}`.execute(db);
  });

  await uncheckedTimed('quiz and test results, exams', async () => {
    // Four in five pass.
    await sql`
      insert into block_results
        (site_id, user_id, course_block_id, answers, score, max_score, passed, attempts, created_at, updated_at)
      select pp.site_id, pp.user_id, b.id, '{}', case when (pp.user_id + b.id) % 5 = 0 then 0 else 2 end, 2,
        case when (pp.user_id + b.id) % 5 = 0 then 0 else 1 end, 1 + (pp.user_id + b.id) % 3, pp.completed_at, pp.completed_at
      from course_blocks b
      join course_parts parts on parts.id = b.course_part_id
      join part_progress pp
        on pp.site_id = parts.site_id and pp.course_id = parts.course_id and pp.course_part_id = parts.id
      where b.site_id = ${siteId} and b.block_type in ('Quiz', 'Test')`.execute(db);
    // One in eight waits for review; the others were reviewed 1 to 96 hours after being submitted.
    const waiting = sql`(pp.user_id + b.id) % 8 = 0`;
    const reviewedAt = ts.hoursLater(p('pp.completed_at'), sql`1 + (pp.user_id * 7 + b.id) % 96`, at);
    await sql`
      insert into user_exams
        (site_id, user_id, course_id, course_part_id, course_block_id, status, answer, review_comment, review_score,
         submitted_at, reviewed_at, reviewed_by_user_id, submissions, created_at, updated_at)
      select pp.site_id, pp.user_id, pp.course_id, pp.course_part_id, b.id,
        case when ${waiting} then 'submitted' else 'completed' end, '<p>My essay.</p>',
        case when ${waiting} then null else 'Good work.' end, case when ${waiting} then null else 80 end,
        pp.completed_at, case when ${waiting} then null else ${reviewedAt} end,
        case when ${waiting} then null else ${sql.lit(coachIds[0] as number)} end, 1, pp.completed_at, pp.completed_at
      from course_blocks b
      join course_parts parts on parts.id = b.course_part_id
      join part_progress pp
        on pp.site_id = parts.site_id and pp.course_id = parts.course_id and pp.course_part_id = parts.id
      where b.site_id = ${siteId} and b.block_type = 'Exam'`.execute(db);
  });

  await uncheckedTimed('achievements and certificates', async () => {
    const reachedAt = ts.between(p('cp.created_at'), p('cp.updated_at'), ts.real(sql`a.required_xp * 1.0 / cp.xp`));
    await sql`
      insert into user_achievements (site_id, user_id, achievement_id, created_at, updated_at)
      select cp.site_id, cp.user_id, a.id, ${reachedAt}, ${reachedAt}
      from course_progress cp
      join achievements a on a.site_id = cp.site_id and a.course_id = cp.course_id and a.required_xp <= cp.xp
      where cp.site_id = ${siteId}`.execute(db);
    // Valid for 12 months: those completed 11 to 12 months ago expire within the next 30 days.
    await sql`
      insert into certificates (site_id, user_id, course_id, code, issued_at, expires_at, created_at, updated_at)
      select cp.site_id, cp.user_id, cp.course_id, 'BENCH-' || cp.user_id || '-' || cp.course_id, cp.completed_at,
        ${ts.monthsLater(p('cp.completed_at'), 12)}, cp.completed_at, cp.completed_at
      from course_progress cp
      where cp.site_id = ${siteId} and cp.completed_at is not null`.execute(db);
  });

  // Sign-ins and the days, weeks and months each learner was active in (as recordActivity keeps them).
  await uncheckedTimed('sessions and activity', async () => {
    const sessions = new BulkInsert(db, 'sessions');
    const periods = new BulkInsert(db, 'activity_periods');
    const today = Date.parse(`${dayOf(new Date(now))}T00:00:00Z`);
    let token = 0;
    for (const learner of learners) {
      const share = shape.activeShare[0] + rand() * (shape.activeShare[1] - shape.activeShare[0]);
      const seen = new Set<string>();
      const first = Math.max(learner.registeredAt, yearAgo);
      for (let day = Date.parse(`${dayOf(new Date(first))}T00:00:00Z`); day <= today; day += DAY_MS) {
        if (rand() >= share) continue;
        for (const period of activityPeriodsOf(dayOf(new Date(day)))) {
          if (seen.has(period)) continue;
          seen.add(period);
          await periods.add({ site_id: siteId, period, user_id: learner.id });
        }
        if (rand() >= shape.signInShare) continue;
        const signedInAt = Math.min(day + rand() * DAY_MS, now - 1000);
        token++;
        await sessions.add({
          site_id: siteId,
          user_id: learner.id,
          token_hash: `bench${String(token).padStart(59, '0')}`,
          expires_at: iso(signedInAt + 30 * DAY_MS),
          revoked_at: null,
          viewer_user_id: null,
          created_at: iso(signedInAt),
          updated_at: iso(signedInAt),
        });
      }
    }
    await sessions.flush();
    await periods.flush();
  });

  // A few messages per learner over the year: chats with her coach (and his answers), now and then a support request.
  await timed('messages', async () => {
    const messages = new BulkInsert(db, 'messages');
    const message = (kind: 'chat' | 'support', from: number, to: number | null, sentAt: number) =>
      messages.add({
        site_id: siteId,
        kind,
        from_user_id: from,
        to_user_id: to,
        title: '',
        message: '<p>How do I get past the exercise of part 12?</p>',
        course_id: courseIds[0] as number,
        course_part_id: null,
        showed_at: iso(sentAt + HOUR_MS),
        replied_at: null,
        emailed_at: null,
        removed_by_sender: 0,
        removed_by_recipient: 0,
        sent_by_user_id: null,
        created_at: iso(sentAt),
        updated_at: iso(sentAt),
      });
    for (const learner of learners) {
      const first = Math.max(learner.registeredAt, yearAgo);
      const chats = Math.floor(rand() * 6);
      for (let k = 0; k < chats; k++) {
        const sentAt = first + rand() * (now - 2 * HOUR_MS - first);
        await message('chat', learner.id, coachIds[0] as number, sentAt);
        if (rand() < 0.6) await message('chat', coachIds[0] as number, learner.id, sentAt + HOUR_MS);
      }
      if (rand() < 0.3) await message('support', learner.id, null, first + rand() * (now - HOUR_MS - first));
    }
    await messages.flush();
  });

  // Ear training: some learners' rounds of ten answers each.
  await uncheckedTimed('ear training', async () => {
    const rounds = new BulkInsert(db, 'eartraining_rounds');
    for (const learner of learners.slice(0, shape.earTrainers)) {
      const first = Math.max(learner.registeredAt, yearAgo);
      const count = 5 + Math.floor(rand() * 25);
      for (let k = 0; k < count; k++) {
        const playedAt = iso(first + rand() * (now - HOUR_MS - first));
        await rounds.add({
          site_id: siteId,
          user_id: learner.id,
          exercise: k % 3 === 0 ? 'KeyboardIntervals_1' : 'NameTheInterval',
          round_key: `r${k}`,
          questions: 10,
          right_answers: 7,
          xp: 0,
          course_block_id: null,
          passed: null,
          created_at: playedAt,
          updated_at: playedAt,
        });
      }
    }
    await rounds.flush();
    const tenth = sql.raw(Array.from({ length: 10 }, (_, n) => `select ${n} as n`).join(' union all '));
    await sql`
      insert into eartraining_answers
        (site_id, user_id, round_id, exercise, interval, direction, chosen, correct, response_ms, created_at, updated_at)
      select r.site_id, r.user_id, r.id, r.exercise, case q.n % 3 when 0 then 'M3' when 1 then 'P5' else 'm7' end,
        'up', case when (r.id + q.n) % 4 = 0 then 'M2' else case q.n % 3 when 0 then 'M3' when 1 then 'P5' else 'm7' end end,
        case when (r.id + q.n) % 4 = 0 then 0 else 1 end, 800 + (r.id * 13 + q.n * 7) % 2000, r.created_at, r.created_at
      from eartraining_rounds r cross join (${tenth}) q
      where r.site_id = ${siteId}`.execute(db);
  });

  // The shop: four products and a year of paid orders, a few refunded.
  await timed('orders', async () => {
    const products = [
      { name: 'Course 1', kind: 'course', price: 99_000 },
      { name: 'Three courses', kind: 'bundle', price: 249_000 },
      { name: 'Coaching', kind: 'coaching', price: 150_000 },
      { name: 'Sample pack', kind: 'samples', price: 19_900 },
    ];
    await insertAll(
      db,
      'products',
      products.map((product, k) => ({
        site_id: siteId,
        slug: `product-${k + 1}`,
        kind: product.kind,
        texts: JSON.stringify({ en: { Name: product.name, Description: '' } }),
        price_cents: product.price,
        tax_category: product.kind === 'coaching' ? 'live' : 'electronic',
        access_months: product.kind === 'course' ? 12 : null,
        coaching_sessions: product.kind === 'coaching' ? 4 : null,
        published: 1,
        student_benefit: 0,
        sort_order: k,
        external_url: null,
        archived_at: null,
        created_at: at,
        updated_at: at,
      })),
    );
    const productIds = (
      await db.selectFrom('products').select('id').where('site_id', '=', siteId).orderBy('sort_order').execute()
    ).map((row) => row.id);
    const orders = new BulkInsert(db, 'orders');
    for (let i = 0; i < shape.orders; i++) {
      const k = Math.floor(rand() * rand() * products.length);
      const product = products[k] as (typeof products)[number];
      const eur = rand() < 0.2;
      const amount = eur ? Math.round(product.price / 11) : product.price;
      const paidAt = yearAgo + rand() * (now - HOUR_MS - yearAgo);
      const refunded = rand() < 0.03;
      await orders.add({
        site_id: siteId,
        user_id: learners[Math.floor(rand() * learners.length)]?.id ?? null,
        product_id: productIds[k] as number,
        product_name: product.name,
        status: refunded ? 'refunded' : 'paid',
        payment: 'card',
        list_price_cents: amount,
        discount_code_id: null,
        discount_cents: 0,
        amount_cents: amount,
        refunded_cents: refunded ? amount : 0,
        currency: eur ? 'eur' : 'sek',
        tax_category: product.kind === 'coaching' ? 'live' : 'electronic',
        access_months: product.kind === 'course' ? 12 : null,
        coaching_sessions: product.kind === 'coaching' ? 4 : null,
        language: 'sv',
        stripe_session_id: `cs_bench_${i}`,
        stripe_payment_intent_id: `pi_bench_${i}`,
        billing_country: eur ? 'DE' : 'SE',
        card_country: eur ? 'DE' : 'SE',
        ip_address: '127.0.0.1',
        granted: null,
        keep_access: 0,
        paid_at: iso(paidAt),
        refunded_at: refunded ? iso(Math.min(paidAt + 3 * DAY_MS, now - 60_000)) : null,
        cancelled_at: null,
        created_at: iso(paidAt - 60_000),
        updated_at: iso(paidAt),
      });
    }
    await orders.flush();
  });

  return {
    siteId,
    adminId,
    coachId: coachIds[0] as number,
    funnelCourseId: courseIds[0] as number,
    companyId: companyIds[0] as number,
    now,
  };
}

/** One view as a caller asks it. */
interface View {
  name: string;
  caller: 'admin' | 'coach';
  req: string;
  data: Record<string, unknown>;
  /** The figure its 95th percentile is held to. */
  targetMs: number;
  /** Checks the answer, so a broken call fails loudly instead of timing an error. */
  check?(data: unknown): void;
}

/** The views the administrator and the coach ask, each for its default period and for a year. */
export function statisticsViews(fixtures: StatisticsFixtures): View[] {
  const today = fixtures.today;
  const from = dayOf(new Date(Date.parse(`${today}T00:00:00Z`) - 364 * DAY_MS));
  const cohortFrom = dayOf(new Date(Date.parse(`${today}T00:00:00Z`) - 89 * DAY_MS));
  const year = { From: from, To: today };
  const course = fixtures.funnelCourseId;
  const funnelOf = (enrolled: (n: number) => boolean) => (data: unknown) => {
    const funnel = data as { Enrolled: number; Parts: unknown[] };
    if (funnel.Parts.length !== statisticsShape.partsPerCourse || !enrolled(funnel.Enrolled)) {
      throw new Error(`a funnel of ${funnel.Parts.length} parts and ${funnel.Enrolled} learners`);
    }
  };
  const views: Omit<View, 'caller'>[] = [
    { name: 'learners, 30 days', req: 'get_learner_statistics', data: {}, targetMs: STATISTICS_VIEW_MS },
    { name: 'learners, year by month', req: 'get_learner_statistics', data: year, targetMs: STATISTICS_VIEW_MS },
    {
      name: 'learners, year by week',
      req: 'get_learner_statistics',
      data: { ...year, Granularity: 'week' },
      targetMs: STATISTICS_VIEW_MS,
    },
    {
      name: 'learners, year by day',
      req: 'get_learner_statistics',
      data: { ...year, Granularity: 'day' },
      targetMs: STATISTICS_VIEW_MS,
    },
    { name: 'courses, 30 days', req: 'get_course_statistics', data: {}, targetMs: STATISTICS_VIEW_MS },
    { name: 'courses, year', req: 'get_course_statistics', data: year, targetMs: STATISTICS_VIEW_MS },
    {
      name: 'funnel',
      req: 'get_course_funnel',
      data: { CourseId: course },
      targetMs: STATISTICS_FUNNEL_MS,
      check: funnelOf((n) => n === statisticsShape.learners),
    },
    {
      name: 'funnel, one company',
      req: 'get_course_funnel',
      data: { CourseId: course, CompanyId: fixtures.companyId },
      targetMs: STATISTICS_FUNNEL_MS,
      check: funnelOf((n) => n === statisticsShape.learners * statisticsShape.bigCompanyShare),
    },
    {
      name: 'funnel, 90-day cohort',
      req: 'get_course_funnel',
      data: { CourseId: course, From: cohortFrom },
      targetMs: STATISTICS_FUNNEL_MS,
      check: funnelOf((n) => n > 0 && n < statisticsShape.learners),
    },
    {
      name: 'gradebook, by name',
      req: 'get_gradebook',
      data: { CourseId: course },
      targetMs: STATISTICS_VIEW_MS,
      check: (data) => {
        const book = data as { Total: number; Learners: unknown[] };
        if (book.Total !== statisticsShape.learners || book.Learners.length !== 50) {
          throw new Error(`a gradebook of ${book.Total} learners, ${book.Learners.length} on its page`);
        }
      },
    },
    {
      name: 'gradebook, by progress',
      req: 'get_gradebook',
      data: { CourseId: course, Sort: 'progress', Dir: 'desc' },
      targetMs: STATISTICS_VIEW_MS,
    },
    { name: 'engagement, 30 days', req: 'get_engagement_statistics', data: {}, targetMs: STATISTICS_VIEW_MS },
    { name: 'engagement, year', req: 'get_engagement_statistics', data: year, targetMs: STATISTICS_VIEW_MS },
  ];
  const sales: Omit<View, 'caller'> = {
    name: 'sales, year',
    req: 'get_sales_statistics',
    data: year,
    targetMs: STATISTICS_VIEW_MS,
  };
  return [
    ...[...views, sales].map((view) => ({ ...view, caller: 'admin' as const })),
    ...views.map((view) => ({ ...view, caller: 'coach' as const })),
  ];
}

/** A server of the bench with the school it was seeded with. */
export interface StatisticsTarget {
  dialect: string;
  server: ServerProcess;
  fixtures: StatisticsFixtures;
}

export interface StatisticsTiming {
  dialect: string;
  view: string;
  caller: 'admin' | 'coach';
  call: string;
  targetMs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** The server process's CPU per request (user + system, /proc), in ms: its own work, not the database's. */
  cpuMs: number;
  /** The answer's size, uncompressed, in bytes. */
  bytes: number;
  samples: number[];
}

const median = (sorted: number[]) => {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
/** The nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] as number;

async function ask(target: StatisticsTarget, view: View): Promise<{ ms: number; cpuMs: number; bytes: number }> {
  const { server, fixtures } = target;
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  const response = await fetch(`${server.url}/api/backend/statistics.php`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      site: fixtures.siteName,
      authorization: fixtures[view.caller].token,
      'accept-encoding': 'gzip, deflate, br, zstd',
    },
    body: new URLSearchParams({ req: view.req, data: JSON.stringify(view.data) }).toString(),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  const cpuMs = (server.cpuSeconds() - cpuBefore) * 1000;
  const body = JSON.parse(text) as { status?: string; data?: unknown };
  if (response.status !== 200 || body.status !== 'OK') {
    throw new Error(`${view.req} (${view.name}, ${view.caller}) answered ${response.status}: ${text.slice(0, 300)}`);
  }
  view.check?.(body.data);
  return { ms, cpuMs, bytes: text.length };
}

/**
 * Asks every view of every target `warmup` times, then `repetitions` times: round by round, every view on every
 * target in turn, one request at a time.
 */
export async function measureStatistics(
  targets: StatisticsTarget[],
  options: { repetitions?: number; warmup?: number; log?: (line: string) => void } = {},
): Promise<StatisticsTiming[]> {
  const repetitions = options.repetitions ?? 30;
  const warmup = options.warmup ?? 3;
  const series = targets.flatMap((target) =>
    statisticsViews(target.fixtures).map((view) => ({ target, view, ms: [] as number[], cpuMs: 0, bytes: 0 })),
  );
  for (let round = 0; round < warmup + repetitions; round++) {
    // The targets in turn, the other first every second round.
    const ordered = round % 2 ? [...series].reverse() : series;
    for (const entry of ordered) {
      const { ms, cpuMs, bytes } = await ask(entry.target, entry.view);
      if (round < warmup) continue;
      entry.ms.push(ms);
      entry.cpuMs += cpuMs;
      entry.bytes = bytes;
    }
    if (round >= warmup) options.log?.(`  round ${round - warmup + 1}/${repetitions}`);
  }
  return series.map(({ target, view, ms, cpuMs, bytes }) => {
    const sorted = [...ms].sort((a, b) => a - b);
    return {
      dialect: target.dialect,
      view: view.name,
      caller: view.caller,
      call: view.req,
      targetMs: view.targetMs,
      medianMs: median(sorted),
      p95Ms: percentile(sorted, 0.95),
      maxMs: sorted.at(-1) as number,
      cpuMs: cpuMs / ms.length,
      bytes,
      samples: ms.map((value) => Math.round(value * 10) / 10),
    };
  });
}

/** The figures as a table: a row per view and caller, the medians, 95th percentiles and CPU of each dialect. */
export function printStatistics(timings: StatisticsTiming[]): void {
  const dialects = [...new Set(timings.map((t) => t.dialect))];
  const rows = new Map<string, Record<string, string | number>>();
  for (const t of timings) {
    const key = `${t.view} (${t.caller})`;
    const row = rows.get(key) ?? { view: key, target: `< ${t.targetMs}` };
    row[`${t.dialect} median`] = Math.round(t.medianMs);
    row[`${t.dialect} p95`] = `${Math.round(t.p95Ms)}${t.p95Ms < t.targetMs ? '' : ' NO'}`;
    row[`${t.dialect} CPU`] = Math.round(t.cpuMs);
    rows.set(key, row);
  }
  console.table([...rows.values()]);
  const missed = timings.filter((t) => t.p95Ms >= t.targetMs);
  console.log(
    missed.length === 0
      ? `Every view's p95 is under its target on ${dialects.join(' and ')}.`
      : `Over target: ${missed.map((t) => `${t.view} (${t.caller}, ${t.dialect}) ${Math.round(t.p95Ms)} ms`).join('; ')}`,
  );
}

/** Seeds a school at each place, starts a server on each, measures them side by side and stops them. */
export async function benchStatistics(
  places: { dialect: string; databaseUrl: string; dataDir: string }[],
  options: {
    serverArgs: string[];
    env?: Record<string, string>;
    repetitions?: number;
    log?: (line: string) => void;
  },
): Promise<{ timings: StatisticsTiming[]; seeds: { dialect: string; fixtures: StatisticsFixtures }[] }> {
  const log = options.log ?? ((line: string) => console.log(line));
  const seeds: { dialect: string; fixtures: StatisticsFixtures }[] = [];
  for (const place of places) {
    log(`Seeding the statistics school on ${place.dialect}…`);
    const fixtures = await seedStatistics(place.databaseUrl, log);
    log(`  ${JSON.stringify(fixtures.counts)}`);
    log(`  seconds: ${JSON.stringify(fixtures.seedSeconds)}`);
    seeds.push({ dialect: place.dialect, fixtures });
  }
  const targets: StatisticsTarget[] = [];
  try {
    for (const [i, place] of places.entries()) {
      const server = await startServer({
        name: `statistics-${place.dialect}`,
        args: options.serverArgs,
        readyPath: '/health',
        dataDir: place.dataDir,
        env: {
          DATABASE_URL: place.databaseUrl,
          CLIENT_DIR: '/nonexistent',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          SMTP_URL: '',
          ...options.env,
        },
      });
      targets.push({ dialect: place.dialect, server, fixtures: (seeds[i] as (typeof seeds)[number]).fixtures });
    }
    log(
      `Asking ${statisticsViews(targets[0]?.fixtures as StatisticsFixtures).length} views on ${targets.length} server(s)…`,
    );
    const timings = await measureStatistics(targets, { repetitions: options.repetitions ?? 30, log });
    return { timings, seeds };
  } catch (error) {
    for (const target of targets) console.error(`--- ${target.server.name} output ---\n${target.server.output()}`);
    throw error;
  } finally {
    for (const target of targets) await target.server.stop();
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      repetitions: { type: 'string', default: '30' },
      built: { type: 'boolean', default: false },
    },
  });
  const dialects = args.db === 'both' ? ['sqlite', 'postgres'] : [args.db as string];
  if (dialects.some((d) => d !== 'sqlite' && d !== 'postgres')) {
    throw new Error(`--db must be sqlite, postgres or both, not ${args.db}`);
  }
  const serverArgs = args.built ? builtServerArgs() : sourceServerArgs();
  const postgresUrl = benchDatabaseUrl('statistics');
  await withDataDir(async (dataDir) => {
    const run = async (pgUrl: string | null) => {
      const places = dialects.map((dialect) =>
        dialect === 'sqlite'
          ? { dialect, databaseUrl: `sqlite:${dataDir}/sqlite/app.db`, dataDir: `${dataDir}/sqlite` }
          : { dialect, databaseUrl: pgUrl as string, dataDir: `${dataDir}/postgres` },
      );
      const { timings } = await benchStatistics(places, {
        serverArgs,
        repetitions: Number(args.repetitions),
      });
      printStatistics(timings);
    };
    if (dialects.includes('postgres')) await withPostgresDatabase(postgresUrl, run);
    else await run(null);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
