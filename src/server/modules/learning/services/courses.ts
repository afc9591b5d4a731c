import { sql } from 'kysely';
import { jsonArrayFrom as postgresJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { lockHolderAt } from '../../../../shared/domain/authoring/lock';
import type { Language } from '../../../../shared/domain/language';
import { type Db, isPostgres, now } from '../../../platform/db';
import { prepare } from '../../../platform/db/prepared';
import type { CourseBlockRow, CoursePartRow, SessionUser } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { mediaSigner } from '../../../platform/files/media';
import { courseInLanguage, inLanguage, partNameInLanguage } from '../domain/translations';
import { courseAbilities, seesCourseAsStaff, visibleToLearner } from '../policies/course';
import type { CourseStructure, CourseView } from '../presenters/course';
import { courseOpenToLearner, partVisibleToLearner } from '../queries/visibility';
import { courseStructure, mediaOf } from './courseStructure';

/** The parts and blocks of a course a viewer may see: all for staff, the published and due ones for a learner. */
function visibleParts(parts: CoursePartRow[], blocks: CourseBlockRow[], staff: boolean) {
  const at = now();
  const shownParts = staff ? parts : parts.filter((part) => visibleToLearner(part, at));
  const partIds = new Set(shownParts.map((part) => part.id));
  const shownBlocks = blocks.filter(
    (block) => partIds.has(block.course_part_id) && (staff || visibleToLearner({ ...block, publish_date: null }, at)),
  );
  return { parts: shownParts, blocks: shownBlocks };
}

type ViewerValues = { siteId: number; courseId: number; userId: number };

/**
 * The course's row for get_course, with what there is one of per viewer (her access, course progress and
 * certificate, and the name of the edit lock's holder) and, as JSON arrays, her lists: her part progress, rewards
 * and quiz and test results, the course's coaches (their names are theirs to change, so they are read on every
 * call, not kept) and its achievements with whether she earned each. One statement, prepared: with the course's
 * structure kept, building queries was much of what a call cost, and on PostgreSQL each statement costs a round
 * trip and the pg protocol's work per row and column, which a JSON array of each list mostly saves.
 */
const courseForViewer = prepare({ siteId: true, courseId: true, userId: true }, (db, v: ViewerValues) => {
  // Each list as JSON text on both databases (pg would parse json itself): parsed only when an answer is made, and
  // compared as it is read when a kept answer is checked (services/courseAnswers.ts).
  // Typed as the lists they hold, as SQLite's text is.
  const jsonArrayFrom: typeof sqliteJsonArrayFrom = isPostgres(db)
    ? (query) => sql`(${postgresJsonArrayFrom(query)})::text` as never
    : sqliteJsonArrayFrom;
  return db
    .selectFrom('courses')
    .leftJoin('users as holder', (join) =>
      join.onRef('holder.id', '=', 'courses.locked_by_user_id').on('holder.site_id', '=', v.siteId),
    )
    .leftJoin('course_access', (join) =>
      join
        .onRef('course_access.course_id', '=', 'courses.id')
        .on('course_access.site_id', '=', v.siteId)
        .on('course_access.user_id', '=', v.userId),
    )
    .leftJoin('course_progress', (join) =>
      join
        .onRef('course_progress.course_id', '=', 'courses.id')
        .on('course_progress.site_id', '=', v.siteId)
        .on('course_progress.user_id', '=', v.userId),
    )
    .leftJoin('certificates', (join) =>
      join
        .onRef('certificates.course_id', '=', 'courses.id')
        .on('certificates.site_id', '=', v.siteId)
        .on('certificates.user_id', '=', v.userId),
    )
    .select([
      'courses.id',
      'courses.name',
      'courses.description',
      'courses.published',
      'courses.progress_event',
      'courses.xp_per_reward',
      'courses.certificate_enabled',
      'courses.certificate_validity_months',
      'courses.test_attempts',
      'courses.version',
      'courses.default_language',
      'courses.translations',
      'courses.archived_at',
      'courses.footer_coach_text',
      'courses.footer_use_custom_text',
      'courses.locked_by_user_id',
      'courses.lock_expires_at',
      'holder.first_name as holder_first_name',
      'holder.last_name as holder_last_name',
      'course_access.id as access_id',
      'course_access.expires_at as access_expires_at',
      'course_progress.progress_percent',
      'course_progress.xp',
      'certificates.id as certificate_id',
      'certificates.code as certificate_code',
      'certificates.issued_at as certificate_issued_at',
      'certificates.expires_at as certificate_expires_at',
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('part_progress')
          .select([
            'part_progress.course_part_id',
            'part_progress.video_play',
            'part_progress.completed_at',
            'part_progress.milestone_completed_at',
          ])
          .where('part_progress.site_id', '=', v.siteId)
          .where('part_progress.user_id', '=', v.userId)
          .where('part_progress.course_id', '=', v.courseId),
      ).as('progress'),
      jsonArrayFrom(
        eb
          .selectFrom('xp_awards')
          .select(['xp_awards.course_part_id', 'xp_awards.id'])
          .where('xp_awards.site_id', '=', v.siteId)
          .where('xp_awards.user_id', '=', v.userId)
          .where('xp_awards.course_id', '=', v.courseId)
          .where('xp_awards.source', '=', 'reward'),
      ).as('rewards'),
      jsonArrayFrom(
        eb
          .selectFrom('block_results')
          .innerJoin('course_blocks', 'course_blocks.id', 'block_results.course_block_id')
          .innerJoin('course_parts', 'course_parts.id', 'course_blocks.course_part_id')
          .select([
            'block_results.course_block_id',
            'block_results.answers',
            'block_results.score',
            'block_results.max_score',
            'block_results.passed',
            'block_results.attempts',
          ])
          .where('block_results.site_id', '=', v.siteId)
          .where('block_results.user_id', '=', v.userId)
          .where('course_parts.course_id', '=', v.courseId),
      ).as('results'),
      jsonArrayFrom(
        eb
          .selectFrom('course_coaches')
          .innerJoin('users', 'users.id', 'course_coaches.user_id')
          .select([
            'users.id',
            'users.first_name',
            'users.last_name',
            'course_coaches.sort_id',
            'course_coaches.id as row_id',
          ])
          .where('course_coaches.site_id', '=', v.siteId)
          .where('course_coaches.course_id', '=', v.courseId),
      ).as('coaches'),
      jsonArrayFrom(
        eb
          .selectFrom('achievements')
          .leftJoin('user_achievements', (join) =>
            join
              .onRef('user_achievements.achievement_id', '=', 'achievements.id')
              .on('user_achievements.user_id', '=', v.userId)
              .on('user_achievements.site_id', '=', v.siteId),
          )
          .select([
            'achievements.id',
            'achievements.title',
            'achievements.description',
            'achievements.required_xp',
            'user_achievements.id as earned_id',
          ])
          .where('achievements.site_id', '=', v.siteId)
          .where('achievements.course_id', '=', v.courseId),
      ).as('achievements'),
    ])
    .where('courses.site_id', '=', v.siteId)
    .where('courses.id', '=', v.courseId);
});

/**
 * A list the course's row carries: a JSON array, which SQLite gives as text and pg as parsed. Times in it are
 * ISO text on SQLite and PostgreSQL's own text form on PostgreSQL; `times` names those made ISO again.
 */
function listOf<T>(value: T[] | string, times: readonly (keyof T)[] = []): T[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as T[];
  for (const row of rows) {
    for (const key of times) {
      const time = row[key];
      if (typeof time === 'string') row[key] = new Date(time).toISOString() as T[keyof T];
    }
  }
  return rows;
}

/** By one number, then another: the order the lists are shown in. */
const byNumbers =
  <T>(first: (row: T) => number, second: (row: T) => number) =>
  (a: T, b: T) =>
    first(a) - first(b) || second(a) - second(b);

/** The course's row as get_course reads it for one viewer (`courseForViewer`). */
export type ViewerCourseRow = Awaited<ReturnType<typeof courseForViewer.run>>[number];

/** What get_course reads for one viewer at one moment: the course's row with her lists, and its structure. */
export interface CourseRead {
  row: ViewerCourseRow;
  structure: CourseStructure;
  at: string;
  staff: boolean;
}

/**
 * get_course's reading: the course's row with the viewer's lists, checked for her access, and the course's parts and
 * blocks from its presented structure of the current version (services/courseStructure.ts). Everything of the
 * viewer, the moment and the edit lock is read on every call. `language`: the language to present the course in.
 */
export async function readCourseForViewer(
  db: Db,
  opts: { siteId: number; user: SessionUser; courseId: number; language: Language },
): Promise<CourseRead> {
  const { siteId, user, courseId } = opts;
  const at = now();
  const staff = seesCourseAsStaff(user);
  const [row] = await courseForViewer.run(db, { siteId, courseId, userId: user.id }, undefined);
  if (!row) throw new AppError('NOT_FOUND', 'No such course');
  // The rule of loadCourseForViewer: staff open every course of the site; a learner a published, unarchived one she
  // holds live access to.
  const liveAccess = row.access_id !== null && (row.access_expires_at === null || row.access_expires_at > at);
  if (!staff && !(row.published === 1 && row.archived_at === null && liveAccess)) {
    throw new AppError('NO_COURSE_ACCESS', 'No access to this course');
  }
  const structure = await courseStructure(db, {
    siteId,
    courseId,
    version: row.version,
    // The course's own language presents it as written: one structure serves its readers and the untranslated.
    language: opts.language === row.default_language ? null : opts.language,
    defaultLanguage: row.default_language,
    staff,
    xpPerReward: row.xp_per_reward,
    testAttempts: row.test_attempts,
  });
  return { row, structure, at, staff };
}

/** get_course: one course as the viewer may see it now, with her progress, rewards, results and certificate. */
export function courseViewOf(read: CourseRead, user: SessionUser, language: Language): CourseView {
  const { row: course, structure, at, staff } = read;
  const progress = listOf(course.progress, ['completed_at', 'milestone_completed_at']);
  const rewards = listOf(course.rewards);
  const results = listOf(course.results);
  const coaches = listOf(course.coaches).sort(
    byNumbers(
      (c) => c.sort_id,
      (c) => c.row_id,
    ),
  );
  const achievements = listOf(course.achievements).sort(
    byNumbers(
      (a) => a.required_xp,
      (a) => a.id,
    ),
  );
  const holderId = lockHolderAt(
    { lockedByUserId: course.locked_by_user_id, lockExpiresAt: course.lock_expires_at },
    at,
  );
  return {
    course: courseInLanguage(course, language),
    structure,
    at,
    staff,
    results: new Map(results.map((row) => [row.course_block_id, row])),
    progressByPart: new Map(progress.map((row) => [row.course_part_id, row])),
    rewardByPart: new Map(rewards.map((row) => [row.course_part_id, row.id])),
    courseProgress:
      course.progress_percent === null || course.xp === null
        ? null
        : { progress_percent: course.progress_percent, xp: course.xp },
    certificate:
      course.certificate_id === null || course.certificate_code === null || course.certificate_issued_at === null
        ? null
        : {
            id: course.certificate_id,
            course_id: course.id,
            code: course.certificate_code,
            issued_at: course.certificate_issued_at,
            expires_at: course.certificate_expires_at,
          },
    coaches,
    achievements,
    abilities: courseAbilities(user),
    lockHolder:
      holderId !== null
        ? {
            id: holderId,
            first_name: course.holder_first_name ?? '',
            last_name: course.holder_last_name ?? '',
          }
        : null,
  };
}

/** My courses: every course the caller may open, with her progress and status, named in `language` where written. */
export async function listMyCourses(db: Db, opts: { siteId: number; user: SessionUser; language: string }) {
  const { siteId, user } = opts;
  const at = now();
  let query = db
    .selectFrom('courses')
    .leftJoin('course_progress', (join) =>
      join
        .onRef('course_progress.course_id', '=', 'courses.id')
        .on('course_progress.user_id', '=', user.id)
        .on('course_progress.site_id', '=', siteId),
    )
    .select((eb) => [
      'courses.id',
      'courses.name',
      'courses.description',
      'courses.category',
      'courses.certificate_enabled',
      'courses.translations',
      'courses.default_language',
      'course_progress.progress_percent',
      'course_progress.completed_at',
      'course_progress.id as progress_id',
      eb
        .selectFrom('course_parts')
        .select((p) => p.fn.countAll<number>().as('n'))
        .whereRef('course_parts.course_id', '=', 'courses.id')
        .where('course_parts.site_id', '=', siteId)
        .where(partVisibleToLearner(at))
        .as('part_count'),
      eb
        .selectFrom('course_access')
        .select('course_access.expires_at')
        .whereRef('course_access.course_id', '=', 'courses.id')
        .where('course_access.user_id', '=', user.id)
        .where('course_access.site_id', '=', siteId)
        .as('access_expires_at'),
    ])
    .where('courses.site_id', '=', siteId);
  if (!seesCourseAsStaff(user)) query = query.where(courseOpenToLearner(siteId, user.id, at));
  const rows = await query.orderBy('courses.sort_id').orderBy('courses.id').execute();
  return rows.map((row) => courseInLanguage(row, opts.language));
}

/** The ids of the courses the viewer may open (every course of the site for staff). */
export async function openCourseIds(db: Db, opts: { siteId: number; user: SessionUser }): Promise<number[]> {
  const rows = await db
    .selectFrom('courses')
    .select('courses.id')
    .where('courses.site_id', '=', opts.siteId)
    .$if(!seesCourseAsStaff(opts.user), (q) => q.where(courseOpenToLearner(opts.siteId, opts.user.id, now())))
    .execute();
  return rows.map((row) => row.id);
}

/** A course's name in `language` from the columns a join reads of it. */
const courseNameInLanguage = (name: string, translations: string, defaultLanguage: string, language: string) =>
  courseInLanguage({ name, translations, default_language: defaultLanguage }, language).name;

/** Free parts of published courses that anyone may see. */
function freePartsQuery(db: Db, siteId: number) {
  return db
    .selectFrom('course_parts')
    .innerJoin('courses', 'courses.id', 'course_parts.course_id')
    .where('course_parts.site_id', '=', siteId)
    .where('courses.site_id', '=', siteId)
    .where('courses.published', '=', 1)
    .where('courses.archived_at', 'is', null)
    .where('course_parts.free', '=', 1)
    .where(partVisibleToLearner(now()));
}

/** The free lessons of the site, their course's and their own names in `language` where written. */
export async function listFreeLessons(db: Db, opts: { siteId: number; category: string | null; language: string }) {
  const read = await freePartsQuery(db, opts.siteId)
    .select([
      'courses.id as course_id',
      'courses.name as course_name',
      'courses.translations as course_translations',
      'courses.default_language',
      'courses.category',
      'course_parts.id',
      'course_parts.name',
      'course_parts.translations',
      'course_parts.video_length',
      'course_parts.icon',
    ])
    .orderBy('courses.sort_id')
    .orderBy('courses.id')
    .orderBy('course_parts.sort_id')
    .execute();
  const rows = read.map(({ course_translations, translations, default_language, ...row }) => ({
    ...row,
    course_name: courseNameInLanguage(row.course_name, course_translations, default_language, opts.language),
    name: partNameInLanguage({ name: row.name, translations }, opts.language, default_language),
  }));
  const categories = [...new Set(rows.map((row) => row.category).filter((c): c is string => c !== null))].sort();
  const wanted = opts.category?.toLowerCase() ?? null;
  return {
    categories,
    lessons: rows.filter((row) => wanted === null || row.category?.toLowerCase() === wanted),
  };
}

/** One free part with its blocks, as a learner sees it; Post blocks lead only to other free parts. */
export async function getFreeLesson(
  db: Db,
  opts: { siteId: number; courseId: number; partId: number; language: string },
) {
  const row = await freePartsQuery(db, opts.siteId)
    .selectAll('course_parts')
    .select([
      'courses.name as course_name',
      'courses.translations as course_translations',
      'courses.test_attempts',
      'courses.default_language',
    ])
    .where('course_parts.id', '=', opts.partId)
    .where('courses.id', '=', opts.courseId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such free lesson');
  const { default_language, course_translations, ...part } = row;
  const [freePartRows, blockRows] = await Promise.all([
    freePartsQuery(db, opts.siteId).selectAll('course_parts').where('courses.id', '=', opts.courseId).execute(),
    db
      .selectFrom('course_blocks')
      .selectAll()
      .where('site_id', '=', opts.siteId)
      .where('course_part_id', '=', part.id)
      .orderBy('sort_id')
      .orderBy('id')
      .execute(),
  ]);
  const shown = { parts: [part], blocks: visibleParts([part], blockRows, false).blocks };
  const {
    parts: [lesson = part],
    blocks,
  } = inLanguage(shown, opts.language, default_language);
  const freeParts = inLanguage({ parts: freePartRows, blocks: [] }, opts.language, default_language).parts;
  const [media, sign] = await Promise.all([mediaOf(db, opts.siteId, blocks), mediaSigner(db, opts.siteId)]);
  return {
    courseId: opts.courseId,
    courseName: courseNameInLanguage(part.course_name, course_translations, default_language, opts.language),
    part: lesson,
    blocks,
    // A free lesson gives no rewards, so it shows no xp per reward.
    blockContext: { staff: false, xpPerReward: 0, testAttempts: part.test_attempts, sign, media },
    freeParts,
  };
}
