import { type Insertable, sql } from 'kysely';
import { hashPassword } from '../src/server/modules/identity/services/passwords';
import { createSession } from '../src/server/modules/identity/services/sessions';
import { createDatabase, type Db, isPostgres, migrate, timestampExpression } from '../src/server/platform/db';
import type { Database } from '../src/server/platform/db/schema';
import {
  accessValues,
  achievementValues,
  blockValues,
  coachValues,
  companyValues,
  courseValues,
  mediaValues,
  newsValues,
  partValues,
  siteValues,
  userValues,
} from '../src/server/seed/factories';
import { DEFAULT_CHART } from '../src/shared/domain/accounting/chart';
import type { BenchEditor } from './editor';

/** The data set the benchmark loads the server with: the shapes later issues need, at the size of a large school. */
export const benchShape = {
  users: 100_000,
  news: 500,
  /** Each user has closed this many of the older news items (never the latest, so the banner call does its full work). */
  closedNewsPerUser: 5,
  courses: 50,
  partsPerCourse: 200,
  /** Every part has a text and a video block; every this-many-th part is a quiz instead of a video. */
  quizEvery: 10,
  /** Parts of its access course the bench user has completed (with their rewards and quiz results). */
  benchUserCompletedParts: 40,
  messages: 1_000_000,
  /** Messages span this many days, the newest an hour before the seed. */
  messageDays: 365,
  /** The shop: a product per course, bundles of three courses, coaching packages and sample packs, to this many. */
  products: 500,
  /** The books: a year of this many vouchers of three lines each (a card sale: receivable, sales, VAT). */
  vouchers: 200_000,
} as const;

export const BENCH_PASSWORD = 'bench-password-not-secret';

/** What the scenarios need from the seeded data. */
export interface BenchFixtures {
  site: { id: number; name: string };
  /** A company with users (a tenth of every tenth user), for the filter of /users. */
  companyId: number;
  /** A student of the site with a live session, as a signed-in browser holds it. */
  user: { id: number; email: string; token: string };
  /** The course of 200 parts the bench user may open (her only one). */
  course: { id: number; parts: number; visibleParts: number };
  /** A course product of the shop (its course has 200 parts), for get_product. */
  product: { slug: string };
  /** For get_messages increments: a LastDate after which a few messages to the bench user arrived. */
  messages: { toBenchUser: number; unopenedToBenchUser: number; lastDateWithNew: string; newSinceLastDate: number };
  /** The course's editor (bench/editor.ts), added by the runner after seeding. */
  editor?: BenchEditor;
  counts: Record<string, number>;
  /** Seconds each table family took to seed. */
  seedSeconds: Record<string, number>;
}

interface SeedContext {
  db: Db;
  siteId: number;
  /** One scrypt hash for every user: hashing 100,000 passwords would take an hour and measure nothing. */
  passwordHash: string;
  at: string;
  counts: Record<string, number>;
  /** Ids of the users in seeding order (index 0 is the bench user), of the courses and of their parts. */
  userIds: number[];
  /** The company most users belong to (see seedUsers). */
  companyId: number;
  courseIds: number[];
  /** Per course (by index), its part ids in sort order. */
  partIds: number[][];
}

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters for the widest table. */
const BATCH_ROWS = 1000;

async function insertAll<T extends keyof Database & string>(
  ctx: SeedContext,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    await ctx.db
      .insertInto(table)
      .values(rows.slice(start, start + BATCH_ROWS))
      .execute();
  }
  ctx.counts[table] = (ctx.counts[table] ?? 0) + rows.length;
}

const userEmail = (index: number) => `user${String(index).padStart(5, '0')}@bench.test`;

/** One site on the professional plan, named `main` so that requests without a `site` header land on it too. */
async function seedSite(db: Db, at: string): Promise<number> {
  const row = await db
    .insertInto('sites')
    .values(siteValues({ name: 'main', title: 'Bench School', plan: 'professional' }, at))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Students, with a few coaches and administrators; every tenth user belongs to a company (two of the 20 companies). */
async function seedUsers(ctx: SeedContext): Promise<void> {
  const site = { id: ctx.siteId };
  const companies = Array.from({ length: 20 }, (_, i) => companyValues({ site, name: `Company ${i + 1}` }, ctx.at));
  await insertAll(ctx, 'companies', companies);
  const companyIds = (
    await ctx.db.selectFrom('companies').select('id').where('site_id', '=', ctx.siteId).orderBy('id').execute()
  ).map((c) => c.id);

  const users = Array.from({ length: benchShape.users }, (_, i) =>
    userValues(
      {
        site,
        role: i % 500 === 1 ? 'admin' : i % 50 === 2 ? 'coach' : 'student',
        email: userEmail(i),
        passwordHash: ctx.passwordHash,
        firstName: `First${i}`,
        lastName: `Last${i}`,
        totalXp: (i * 37) % 5000,
        companyId: i % 10 === 9 ? (companyIds[i % companyIds.length] ?? null) : null,
      },
      ctx.at,
    ),
  );
  await insertAll(ctx, 'users', users);
  // By e-mail, which sorts as the index: ctx.userIds[i] is user i whatever order the ids were given in.
  const rows = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('site_id', '=', ctx.siteId)
    .orderBy('email')
    .execute();
  ctx.userIds = rows.map((u) => u.id);
  ctx.companyId = companyIds[9] as number;
}

/** Coaches are the users whose index is 2 modulo 50 (see seedUsers); the coach of user `index`. */
const coachIndexOf = (index: number) => (index % 200) * 50 + 2;

/** Published news, one a day, and which of them each user has closed (news_interactions). */
async function seedNews(ctx: SeedContext): Promise<void> {
  const day = 86_400_000;
  const start = Date.parse(ctx.at) - benchShape.news * day;
  const news = Array.from({ length: benchShape.news }, (_, i) =>
    newsValues(
      {
        site: { id: ctx.siteId },
        title: `News ${i + 1}`,
        content: `<p>What happened on day ${i + 1}: <strong>something</strong> worth reading about.</p>`,
        publishedAt: new Date(start + i * day),
      },
      ctx.at,
    ),
  );
  await insertAll(ctx, 'news', news);

  const newsIds = (
    await ctx.db.selectFrom('news').select('id').where('site_id', '=', ctx.siteId).orderBy('published_at').execute()
  ).map((n) => n.id);
  const older = newsIds.slice(0, -1);
  const interactions = ctx.userIds.flatMap((userId, u) =>
    Array.from({ length: benchShape.closedNewsPerUser }, (_, k) => ({
      site_id: ctx.siteId,
      news_id: older[(u * 7 + k * 97) % older.length] as number,
      user_id: userId,
      created_at: ctx.at,
      updated_at: ctx.at,
    })),
  );
  // Distinct (news, user) pairs: the spread above never repeats a news item for one user.
  await insertAll(ctx, 'news_interactions', interactions);
}

const topics = ['rhythm', 'harmony', 'melody', 'mixing', 'sound design', 'arrangement', 'mastering', 'recording'];

/** A text block as an editor writes one: a heading, a paragraph with some emphasis and a short list. */
const textHtml = (course: number, part: number) => {
  const topic = topics[(course + part) % topics.length] as string;
  return (
    `<h2>Part ${part + 1}: ${topic}</h2><p>In this part you work on <strong>${topic}</strong>: listen to the ` +
    `example first, then try it yourself in your own project. Take your time; you can come back to this page ` +
    `whenever you like.</p><ul><li>Listen to the example twice.</li><li>Rebuild it step by step.</li>` +
    `<li>Change one thing and listen again.</li></ul>`
  );
};

const quizContent = (part: number) => ({
  intro: '<p>A quick check of this chapter. Try as often as you like.</p>',
  questions: [1, 2, 3].map((q) => {
    const id = `p${part + 1}q${q}`;
    return {
      id,
      text: `Question ${q} about part ${part + 1}: which answer is right?`,
      multiple: q === 3,
      options: ['a', 'b', 'c'].map((letter) => ({ id: `${id}${letter}`, text: `Answer ${letter.toUpperCase()}` })),
      correct: q === 3 ? [`${id}a`, `${id}c`] : [`${id}b`],
    };
  }),
});

const isQuizPart = (part: number) => part % benchShape.quizEvery === benchShape.quizEvery - 1;
const videoSeconds = (part: number) => 120 + ((part * 37) % 600);

/**
 * 50 courses of 200 parts: each part a text block and a video block (every tenth a quiz instead of the video),
 * the last part a draft and the one before it for mentors only, so a learner's get_course filters as it does in
 * a real course. One video file per course (the rows only: get_course signs links, it reads no file), three
 * achievements and a coach per course.
 */
async function seedCourses(ctx: SeedContext): Promise<void> {
  const { siteId, at } = ctx;
  const site = { id: siteId };
  const courseIndexes = Array.from({ length: benchShape.courses }, (_, c) => c);
  await insertAll(
    ctx,
    'media_files',
    courseIndexes.map((c) =>
      mediaValues(
        {
          site,
          kind: 'video',
          storageName: `bench-course-${c + 1}.webm`,
          originalName: `course-${c + 1}.webm`,
          mimeType: 'video/webm',
          sizeBytes: 5_000_000,
        },
        at,
      ),
    ),
  );
  const mediaIds = (
    await ctx.db.selectFrom('media_files').select('id').where('site_id', '=', siteId).orderBy('id').execute()
  ).map((m) => m.id);

  await insertAll(
    ctx,
    'courses',
    courseIndexes.map((c) =>
      courseValues(
        {
          site,
          name: `Course ${c + 1}: ${topics[c % topics.length]}`,
          description: `Everything about ${topics[c % topics.length]}, in ${benchShape.partsPerCourse} short parts.`,
          category: `Category ${(c % 5) + 1}`,
          sortId: c + 1,
          certificateMonths: 12,
        },
        at,
      ),
    ),
  );
  ctx.courseIds = (
    await ctx.db.selectFrom('courses').select('id').where('site_id', '=', siteId).orderBy('sort_id').execute()
  ).map((c) => c.id);

  const last = benchShape.partsPerCourse - 1;
  await insertAll(
    ctx,
    'course_parts',
    ctx.courseIds.flatMap((courseId, c) =>
      Array.from({ length: benchShape.partsPerCourse }, (_, p) =>
        partValues(
          {
            site,
            course: { id: courseId },
            sortId: p + 1,
            name: `${isQuizPart(p) ? 'Quiz' : 'Episode'} ${p + 1}: ${topics[(c + p) % topics.length]}`,
            published: p !== last,
            free: p === 0,
            mentorOnly: p === last - 1,
            criteria: isQuizPart(p) ? 'visit' : 'video',
            icon: isQuizPart(p) ? 'quiz' : 'video',
            videoLength: isQuizPart(p) ? 0 : videoSeconds(p),
          },
          at,
        ),
      ),
    ),
  );
  const parts = await ctx.db
    .selectFrom('course_parts')
    .select(['id', 'course_id'])
    .where('site_id', '=', siteId)
    .orderBy('course_id')
    .orderBy('sort_id')
    .execute();
  ctx.partIds = ctx.courseIds.map((courseId) => parts.filter((p) => p.course_id === courseId).map((p) => p.id));

  await insertAll(
    ctx,
    'course_blocks',
    ctx.partIds.flatMap((partIds, c) =>
      partIds.flatMap((partId, p) => [
        blockValues({ site, partId, sortId: 1, type: 'Text', title: '', content: { html: textHtml(c, p) } }, at),
        isQuizPart(p)
          ? blockValues({ site, partId, sortId: 2, type: 'Quiz', title: 'Check yourself', content: quizContent(p) }, at)
          : blockValues(
              {
                site,
                partId,
                sortId: 2,
                type: 'Video',
                title: `Episode ${p + 1}`,
                content: { mediaId: mediaIds[c], durationSeconds: videoSeconds(p) },
              },
              at,
            ),
      ]),
    ),
  );

  await insertAll(
    ctx,
    'achievements',
    ctx.courseIds.flatMap((courseId) =>
      [25, 250, 500].map((xp, k) =>
        achievementValues(
          {
            site,
            course: { id: courseId },
            title: ['First steps', 'Halfway there', 'Master'][k] as string,
            description: `${xp} xp in this course.`,
            requiredXp: xp,
          },
          at,
        ),
      ),
    ),
  );
  await insertAll(
    ctx,
    'course_coaches',
    ctx.courseIds.map((courseId, c) =>
      coachValues({ site, course: { id: courseId }, user: { id: ctx.userIds[coachIndexOf(c)] as number } }, at),
    ),
  );
}

/**
 * Who may open which course, and how far they got. The bench user may open course 1 only and has completed its
 * first 40 parts (rewards taken, quizzes answered). Every other user may open one course (user i: course i mod 50),
 * every fourth a second one; each has completed (user id × 13) mod 40 parts of each, with course progress to match.
 */
async function seedLearners(ctx: SeedContext): Promise<void> {
  const { siteId, at, userIds, courseIds } = ctx;
  const benchUserId = userIds[0] as number;
  const access = userIds.flatMap((userId, i) => {
    const courses = i === 0 ? [0] : [i % benchShape.courses];
    const second = (i * 7 + 3) % benchShape.courses;
    if (i > 0 && i % 4 === 0 && second !== courses[0]) courses.push(second);
    return courses.map((c) =>
      accessValues({ site: { id: siteId }, course: { id: courseIds[c] as number }, user: { id: userId } }, at),
    );
  });
  await insertAll(ctx, 'course_access', access);

  // Everyone else's progress straight from their access rows, in the database.
  const ts = timestampExpression(ctx.db, at);
  const done = sql`((ca.user_id * 13) % 40)`;
  const parts = await sql`
    insert into part_progress
      (site_id, course_id, course_part_id, user_id, video_play, completed_at, milestone_completed_at, created_at, updated_at)
    select ca.site_id, ca.course_id, cp.id, ca.user_id, 1, ${ts}, null, ${ts}, ${ts}
    from course_access ca
    join course_parts cp on cp.site_id = ca.site_id and cp.course_id = ca.course_id
    where ca.site_id = ${siteId} and ca.user_id <> ${benchUserId} and cp.sort_id <= ${done}`.execute(ctx.db);
  const progress = await sql`
    insert into course_progress (site_id, course_id, user_id, progress_percent, xp, completed_at, created_at, updated_at)
    select ca.site_id, ca.course_id, ca.user_id, ${done} * 100 / ${sql.lit(benchShape.partsPerCourse)}, ${done} * 5, null, ${ts}, ${ts}
    from course_access ca
    where ca.site_id = ${siteId} and ca.user_id <> ${benchUserId}`.execute(ctx.db);
  ctx.counts.part_progress = Number(parts.numAffectedRows ?? 0);
  ctx.counts.course_progress = Number(progress.numAffectedRows ?? 0);

  // The bench user's own: the first 40 parts done, their rewards taken, the quizzes among them answered.
  const completed = benchShape.benchUserCompletedParts;
  const benchParts = (ctx.partIds[0] as number[]).slice(0, completed);
  const courseId = courseIds[0] as number;
  await insertAll(
    ctx,
    'part_progress',
    benchParts.map((partId) => ({
      site_id: siteId,
      course_id: courseId,
      course_part_id: partId,
      user_id: benchUserId,
      video_play: 1,
      completed_at: at,
      milestone_completed_at: null,
      created_at: at,
      updated_at: at,
    })),
  );
  await insertAll(
    ctx,
    'xp_awards',
    benchParts.map((partId) => ({
      site_id: siteId,
      user_id: benchUserId,
      course_id: courseId,
      course_part_id: partId,
      source: 'reward' as const,
      xp: 5,
      created_at: at,
      updated_at: at,
    })),
  );
  await insertAll(ctx, 'course_progress', [
    {
      site_id: siteId,
      course_id: courseId,
      user_id: benchUserId,
      progress_percent: Math.floor((completed * 100) / benchShape.partsPerCourse),
      xp: completed * 5,
      completed_at: null,
      created_at: at,
      updated_at: at,
    },
  ]);
  const quizBlocks = await ctx.db
    .selectFrom('course_blocks')
    .select(['id', 'course_part_id'])
    .where('site_id', '=', siteId)
    .where('block_type', '=', 'Quiz')
    .where('course_part_id', 'in', benchParts)
    .execute();
  await insertAll(
    ctx,
    'block_results',
    quizBlocks.map((block) => {
      const part = benchParts.indexOf(block.course_part_id);
      const q = `p${part + 1}q`;
      return {
        site_id: siteId,
        user_id: benchUserId,
        course_block_id: block.id,
        answers: JSON.stringify({ [`${q}1`]: [`${q}1b`], [`${q}2`]: [`${q}2a`], [`${q}3`]: [`${q}3a`, `${q}3c`] }),
        score: 2,
        max_score: 3,
        passed: 1,
        attempts: 1,
        created_at: at,
        updated_at: at,
      };
    }),
  );
}

/** Ids that must be consecutive for the SQL below to compute them (a fresh database gives them so). */
function firstOfConsecutive(ids: number[], what: string): number {
  const first = ids[0] as number;
  if (ids.some((id, i) => id !== first + i)) throw new Error(`The ${what} ids are not consecutive`);
  return first;
}

/**
 * 1,000,000 messages over a year, oldest first, the newest an hour before the seed, made in the database by one
 * INSERT … SELECT over a generated series (a recursive CTE on SQLite, generate_series on PostgreSQL): building a
 * million rows in JavaScript and binding them would take far longer. Most are chats between a student and her
 * coach (user i's coach is coachIndexOf(i)), two in three from the coach; one in a hundred a system message to the
 * student, one in a thousand a support message from her. Every 500th involves the bench user. A message of the
 * last 14 days is unopened, and one in four of the older ones.
 */
async function seedMessages(ctx: SeedContext): Promise<void> {
  const postgres = isPostgres(ctx.db);
  const firstUser = firstOfConsecutive(ctx.userIds, 'user');
  const firstCourse = firstOfConsecutive(ctx.courseIds, 'course');
  const total = benchShape.messages;
  const newest = Math.floor(Date.parse(ctx.at) / 1000) - 3600;
  const span = benchShape.messageDays * 86_400;
  const lit = (value: number) => sql.lit(value);
  // Seconds since the epoch of message i, and that as a timestamp of the dialect.
  const seconds = sql`(${lit(newest - span)} + i * ${lit(span / total)})`;
  const stamp = (at: ReturnType<typeof sql>) =>
    postgres ? sql`to_timestamp(${at})` : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, 'unixepoch')`;
  const series = postgres
    ? sql`generate_series(${lit(0)}::bigint, ${lit(total - 1)}) as n(i)`
    : sql`(with recursive n(i) as (select 0 union all select i + 1 from n where i < ${lit(total - 1)}) select i from n) as n`;
  const kind = sql`case when i % 100 = 99 then 'system' when i % 1000 = 37 then 'support' else 'chat' end`;
  const student = sql`(${lit(firstUser)} + s)`;
  const coach = sql`(${lit(firstUser)} + (s % 200) * 50 + 2)`;
  const opened = sql`((i / 7) % 4 <> 0 and ${seconds} < ${lit(newest - 14 * 86_400)})`;
  const result = await sql`
    insert into messages
      (site_id, kind, from_user_id, to_user_id, title, message, course_id, course_part_id, showed_at, replied_at,
       emailed_at, removed_by_sender, removed_by_recipient, created_at, updated_at)
    select
      ${lit(ctx.siteId)},
      ${kind},
      case when i % 100 = 99 then null when i % 1000 = 37 or i % 3 = 0 then ${student} else ${coach} end,
      case when i % 1000 = 37 then null when i % 100 = 99 or i % 3 <> 0 then ${student} else ${coach} end,
      case when i % 100 = 99 then 'Notification' else '' end,
      '<p>' || case i % 4
        when 0 then 'How is the course going? Tell me where you are stuck and we look at it together.'
        when 1 then 'I finished the last episode, but the mix still sounds muddy. What should I try first?'
        when 2 then 'Good work on the quiz! Next, try the exercise with a different tempo.'
        else 'Thanks, that helped.' end || ' (' || i || ')</p>',
      case when i % 5 = 0 then ${lit(firstCourse)} + s % ${lit(benchShape.courses)} else null end,
      null,
      case when ${opened} then ${stamp(sql`${seconds} + 600`)} else null end,
      case when ${opened} and i % 3 = 1 then ${stamp(sql`${seconds} + 3600`)} else null end,
      null,
      0,
      case when i % 200 = 7 then 1 else 0 end,
      ${stamp(seconds)},
      ${stamp(seconds)}
    from (
      select i, case when i % 500 = 0 then 0 else (i * 7919) % ${lit(benchShape.users)} end as s from ${series}
    ) as m`.execute(ctx.db);
  ctx.counts.messages = Number(result.numAffectedRows ?? 0);
}

/**
 * The table families, in dependency order. A later capability adds its family here with its tables, so the
 * benchmark always runs against a database of full size.
 */
/**
 * The shop's catalogue: benchShape.products published products in both languages — one per course first, then
 * bundles of three courses, coaching packages and sample packs — each course product giving its course of 200 parts.
 */
async function seedProducts(ctx: SeedContext): Promise<void> {
  const { siteId, at, courseIds } = ctx;
  const kindOf = (i: number) =>
    i < courseIds.length ? 'course' : i < 300 ? 'bundle' : i < 400 ? 'coaching' : 'samples';
  const indexes = Array.from({ length: benchShape.products }, (_, i) => i);
  await insertAll(
    ctx,
    'products',
    indexes.map((i) => {
      const kind = kindOf(i);
      return {
        site_id: siteId,
        slug: `product-${i}`,
        kind,
        texts: JSON.stringify({
          en: { Name: `Product ${i}`, Description: `What product ${i} gives, in a sentence or two of English.` },
          sv: { Name: `Produkt ${i}`, Description: `Vad produkt ${i} ger, i en mening eller två på svenska.` },
        }),
        price_cents: 1900 + (i % 20) * 500,
        tax_category: kind === 'coaching' ? 'live' : 'electronic',
        access_months: kind === 'course' ? 12 : null,
        coaching_sessions: kind === 'coaching' ? 4 : null,
        published: 1,
        student_benefit: i % 25 === 0 ? 1 : 0,
        sort_order: i,
        external_url: null,
        archived_at: null,
        created_at: at,
        updated_at: at,
      };
    }),
  );
  const productIds = await ctx.db
    .selectFrom('products')
    .select(['id', 'kind'])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .execute();
  const coursesOf = (kind: string, i: number): number[] => {
    if (kind === 'course') return [courseIds[i] as number];
    if (kind === 'bundle') return [0, 1, 2].map((k) => courseIds[(i + k) % courseIds.length] as number);
    return [];
  };
  const links = productIds.flatMap((product, i) =>
    coursesOf(product.kind, i).map((courseId, order) => ({
      site_id: siteId,
      product_id: product.id,
      course_id: courseId,
      sort_order: order,
      created_at: at,
      updated_at: at,
    })),
  );
  await insertAll(ctx, 'product_courses', links);
}

const families: ((ctx: SeedContext) => Promise<void>)[] = [
  seedUsers,
  seedNews,
  seedCourses,
  seedLearners,
  seedMessages,
  seedProducts,
  seedBooks,
];

/** The year the books' vouchers fall in: the current calendar year. */
export const benchBooksYear = () => new Date().getUTCFullYear();

/**
 * The books: the default chart, the current calendar year, and benchShape.vouchers vouchers spread over it, each a
 * card sale of three lines (the card receivable, the sales of Sweden or OSS, their VAT), in number order.
 */
async function seedBooks(ctx: SeedContext): Promise<void> {
  const { lines } = await seedBooksYear(ctx.db, { siteId: ctx.siteId, at: ctx.at, total: benchShape.vouchers });
  ctx.counts.vouchers = benchShape.vouchers;
  ctx.counts.voucher_lines = lines;
}

/** A site's books with a year of `total` card sales (bench/sieMemory.ts seeds a year of its own size with it). */
export async function seedBooksYear(db: Db, opts: { siteId: number; at: string; total: number }) {
  const postgres = isPostgres(db);
  const { siteId, at, total } = opts;
  const year = benchBooksYear();
  const lit = (value: number | string) => sql.lit(value);
  await db
    .insertInto('accounts')
    .values(
      DEFAULT_CHART.map((account) => ({
        site_id: siteId,
        number: account.number,
        name: account.name,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  const fiscalYear = await db
    .insertInto('fiscal_years')
    .values({
      site_id: siteId,
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
      locked_through: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const series = postgres
    ? sql`generate_series(${lit(0)}::bigint, ${lit(total - 1)}) as n(i)`
    : sql`(with recursive n(i) as (select 0 union all select i + 1 from n where i < ${lit(total - 1)}) select i from n) as n`;
  const day = postgres
    ? sql`to_char(date ${lit(`${year}-01-01`)} + (i * 365 / ${lit(total)})::int, 'YYYY-MM-DD')`
    : sql`date(${lit(`${year}-01-01`)}, '+' || (i * 365 / ${lit(total)}) || ' days')`;
  await sql`
    insert into vouchers
      (site_id, fiscal_year_id, series, number, date, text, source_kind, source_id, corrects_voucher_id,
       created_by_user_id, created_at, updated_at)
    select ${lit(siteId)}, ${lit(fiscalYear.id)}, 'A', i + 1, ${day}, 'Faktura ' || (i + 1), 'invoice', null, null, null,
      ${at}, ${at}
    from ${series}`.execute(db);
  await db
    .insertInto('number_series')
    .values({ site_id: siteId, key: `voucher:${fiscalYear.id}:A`, next: total + 1, created_at: at, updated_at: at })
    .execute();
  // Net 400–496 kr, VAT a quarter of it; every other sale to another EU country's consumer (OSS).
  const net = sql`(40000 + (number % 97) * 100)`;
  const oss = sql`(number % 2 = 0)`;
  const lines = [
    sql`${lit(1580)}, ${net} + ${net} / 4`,
    sql`case when ${oss} then ${lit(3045)} else ${lit(3041)} end, -${net}`,
    sql`case when ${oss} then ${lit(2680)} else ${lit(2611)} end, -(${net} / 4)`,
  ];
  for (const line of lines) {
    await sql`
      insert into voucher_lines (site_id, voucher_id, date, account, amount_ore, currency_cents, vat_country, text)
      select site_id, id, date, ${line}, null, null, ''
      from vouchers where site_id = ${lit(siteId)}`.execute(db);
  }
  return { fiscalYearId: fiscalYear.id, lines: total * lines.length };
}

/** Seeds an empty, migrated database in one transaction and opens a session for the first student. */
export async function seedBenchData(db: Db): Promise<BenchFixtures> {
  const at = new Date().toISOString();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const counts: Record<string, number> = {};
  const seconds: Record<string, number> = {};
  const ctx = await db.transaction().execute(async (trx) => {
    const siteId = await seedSite(trx, at);
    counts.sites = 1;
    const context: SeedContext = {
      db: trx,
      siteId,
      passwordHash,
      at,
      counts,
      userIds: [],
      companyId: 0,
      courseIds: [],
      partIds: [],
    };
    for (const family of families) {
      const started = performance.now();
      await family(context);
      seconds[family.name] = (performance.now() - started) / 1000;
    }
    return context;
  });
  const { siteId } = ctx;
  const userId = ctx.userIds[0] as number;
  const token = await createSession(db, { siteId, userId });

  // The bench user's inbox: the fourth-newest message to her is the LastDate after which three more arrived.
  const inbox = db
    .selectFrom('messages')
    .where('site_id', '=', siteId)
    .where('to_user_id', '=', userId)
    .where('removed_by_recipient', '=', 0);
  const [toBenchUser, unopened, recent] = await Promise.all([
    inbox.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    inbox
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('showed_at', 'is', null)
      .executeTakeFirstOrThrow(),
    inbox.select('created_at').orderBy('created_at', 'desc').limit(4).execute(),
  ]);
  const lastDate = recent.at(-1)?.created_at;
  if (!lastDate) throw new Error('The bench user has no messages');

  return {
    site: { id: siteId, name: 'main' },
    companyId: ctx.companyId,
    user: { id: userId, email: userEmail(0), token },
    // A learner sees every part but the draft and the mentor-only one.
    course: {
      id: ctx.courseIds[0] as number,
      parts: benchShape.partsPerCourse,
      visibleParts: benchShape.partsPerCourse - 2,
    },
    product: { slug: 'product-0' },
    messages: {
      toBenchUser: Number(toBenchUser.n),
      unopenedToBenchUser: Number(unopened.n),
      lastDateWithNew: lastDate,
      newSinceLastDate: recent.length - 1,
    },
    counts,
    seedSeconds: seconds,
  };
}

/**
 * Migrates and seeds the database at `url` (which must be empty); the bench runner calls this. The seconds include
 * closing the database (SQLite checkpoints its WAL then) and, on PostgreSQL, VACUUM ANALYZE: the server starts on a
 * database whose planner statistics and visibility map are current, as autovacuum would have made them soon after
 * such a load (without the visibility map, an index-only scan still reads every row it counts).
 */
export async function seedDatabase(url: string): Promise<BenchFixtures & { seconds: number }> {
  const started = performance.now();
  const db = createDatabase({ url });
  let fixtures: BenchFixtures;
  try {
    // One large transaction: with SQLite's default 2 MB page cache it would spill the indexes of the messages to
    // the WAL again and again. This is the seeding connection's own cache, gone when it closes.
    if (!isPostgres(db)) await sql`pragma cache_size = -524288`.execute(db);
    await migrate(db);
    fixtures = await seedBenchData(db);
    if (isPostgres(db)) await sql`vacuum analyze`.execute(db);
  } finally {
    await db.destroy();
  }
  return { ...fixtures, seconds: (performance.now() - started) / 1000 };
}
