import { sql } from 'kysely';
import { lockHolderAt } from '../../../../shared/domain/authoring/lock';
import type { Language } from '../../../../shared/domain/language';
import { type Db, isPostgres, now } from '../../../platform/db';
import { prepare } from '../../../platform/db/prepared';
import type { CourseBlockRow, CoursePartRow, SessionUser } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { mediaSigner } from '../../../platform/files/media';
import { inLanguage } from '../domain/translations';
import { courseAbilities, seesCourseAsStaff, visibleToLearner } from '../policies/course';
import type { CourseView } from '../presenters/course';
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
 * The course's row for get_course, with what there is one of per viewer: her access, course progress and
 * certificate, and the name of the edit lock's holder. Prepared, as are the viewer's lists below: with the
 * course's structure cached, building these queries would be much of what a call costs.
 */
const courseForViewer = prepare({ siteId: true, courseId: true, userId: true }, (db, v: ViewerValues) =>
  db
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
    .where('courses.site_id', '=', v.siteId)
    .where('courses.id', '=', v.courseId),
);

/** One row of the viewer's lists, which one in `kind`; the other columns mean what `viewerListsOf` says per kind. */
interface ViewerListRow {
  kind: 'progress' | 'reward' | 'result' | 'coach' | 'achievement';
  id: number;
  n1: number | null;
  n2: number | null;
  n3: number | null;
  n4: number | null;
  t1: string | null;
  t2: string | null;
  s1: string | null;
  s2: string | null;
}

/**
 * The viewer's lists of a course in one statement (on PostgreSQL each statement costs a round trip and the pg
 * protocol's work, which were most of get_course's cost there): her part progress, her rewards, her quiz and test
 * results, the course's coaches (their names are theirs to change, so they are read on every call, not kept), and
 * its achievements with whether she earned each. Each kind fills the columns it needs:
 *
 * - progress: `id` the part, `n1` video_play, `t1` completed_at, `t2` milestone_completed_at;
 * - reward: `id` the part, `n1` the award;
 * - result: `id` the block, `n1` score, `n2` max_score, `n3` passed, `n4` attempts, `s1` answers;
 * - coach: `id` the user, `n1` sort_id, `n4` the row (their order), `s1` first_name, `s2` last_name;
 * - achievement: `id` its own, `n1` required_xp, `n2` the user's earning of it (null: not earned), `s1` title,
 *   `s2` description.
 */
const viewerListsOf = prepare({ siteId: true, courseId: true, userId: true }, (db, v: ViewerValues) => {
  const int = sql`cast(null as integer)`;
  const text = sql`cast(null as text)`;
  const time = sql`cast(null as ${sql.raw(isPostgres(db) ? 'timestamptz' : 'text')})`;
  const query = sql<ViewerListRow>`
    select 'progress' as kind, course_part_id as id, video_play as n1, ${int} as n2, ${int} as n3, ${int} as n4,
      completed_at as t1, milestone_completed_at as t2, ${text} as s1, ${text} as s2
    from part_progress
    where site_id = ${v.siteId} and user_id = ${v.userId} and course_id = ${v.courseId}
    union all
    select 'reward', course_part_id, id, ${int}, ${int}, ${int}, ${time}, ${time}, ${text}, ${text}
    from xp_awards
    where site_id = ${v.siteId} and user_id = ${v.userId} and course_id = ${v.courseId} and source = 'reward'
    union all
    select 'result', r.course_block_id, r.score, r.max_score, r.passed, r.attempts, ${time}, ${time}, r.answers, ${text}
    from block_results r
    join course_blocks b on b.id = r.course_block_id
    join course_parts p on p.id = b.course_part_id
    where r.site_id = ${v.siteId} and r.user_id = ${v.userId} and p.course_id = ${v.courseId}
    union all
    select 'coach', u.id, c.sort_id, ${int}, ${int}, c.id, ${time}, ${time}, u.first_name, u.last_name
    from course_coaches c
    join users u on u.id = c.user_id
    where c.site_id = ${v.siteId} and c.course_id = ${v.courseId}
    union all
    select 'achievement', a.id, a.required_xp, ua.id, ${int}, ${int}, ${time}, ${time}, a.title, a.description
    from achievements a
    left join user_achievements ua on ua.achievement_id = a.id and ua.user_id = ${v.userId} and ua.site_id = ${v.siteId}
    where a.site_id = ${v.siteId} and a.course_id = ${v.courseId}
    order by kind, n1, n4, id`;
  return { compile: () => query.compile(db) };
});

/** The viewer's lists as getCourseView reads them. */
function viewerLists(rows: ViewerListRow[]) {
  const lists = {
    progress: [] as {
      course_part_id: number;
      video_play: number;
      completed_at: string | null;
      milestone_completed_at: string | null;
    }[],
    rewards: [] as { course_part_id: number; id: number }[],
    results: [] as {
      course_block_id: number;
      answers: string;
      score: number;
      max_score: number;
      passed: number;
      attempts: number;
    }[],
    coaches: [] as { id: number; first_name: string; last_name: string }[],
    achievements: [] as {
      id: number;
      title: string;
      description: string;
      required_xp: number;
      earned_id: number | null;
    }[],
  };
  for (const row of rows) {
    switch (row.kind) {
      case 'progress':
        lists.progress.push({
          course_part_id: row.id,
          video_play: row.n1 ?? 0,
          completed_at: row.t1,
          milestone_completed_at: row.t2,
        });
        break;
      case 'reward':
        lists.rewards.push({ course_part_id: row.id, id: row.n1 ?? 0 });
        break;
      case 'result':
        lists.results.push({
          course_block_id: row.id,
          answers: row.s1 ?? '',
          score: row.n1 ?? 0,
          max_score: row.n2 ?? 0,
          passed: row.n3 ?? 0,
          attempts: row.n4 ?? 0,
        });
        break;
      case 'coach':
        lists.coaches.push({ id: row.id, first_name: row.s1 ?? '', last_name: row.s2 ?? '' });
        break;
      case 'achievement':
        lists.achievements.push({
          id: row.id,
          title: row.s1 ?? '',
          description: row.s2 ?? '',
          required_xp: row.n1 ?? 0,
          earned_id: row.n2,
        });
        break;
    }
  }
  return lists;
}

/**
 * get_course: one course as the viewer may see it now, with her progress, rewards, results and certificate. The
 * course's parts and blocks come from its presented structure of the current version (services/courseStructure.ts);
 * everything of the viewer, the moment and the edit lock is read on every call. `language`: the language to present
 * the course in; null, the course's own.
 */
export async function getCourseView(
  db: Db,
  opts: { siteId: number; user: SessionUser; courseId: number; language: Language },
): Promise<CourseView> {
  const { siteId, user, courseId } = opts;
  const at = now();
  const staff = seesCourseAsStaff(user);
  const values = { siteId, courseId, userId: user.id };
  const [course] = await courseForViewer.run(db, values, undefined);
  if (!course) throw new AppError('NOT_FOUND', 'No such course');
  // The rule of loadCourseForViewer: staff open every course of the site; a learner a published, unarchived one she
  // holds live access to.
  const liveAccess = course.access_id !== null && (course.access_expires_at === null || course.access_expires_at > at);
  if (!staff && !(course.published === 1 && course.archived_at === null && liveAccess)) {
    throw new AppError('NO_COURSE_ACCESS', 'No access to this course');
  }
  const [structure, listRows] = await Promise.all([
    courseStructure(db, {
      siteId,
      courseId,
      version: course.version,
      // The course's own language presents it as written: one structure serves its readers and the untranslated.
      language: opts.language === course.default_language ? null : opts.language,
      defaultLanguage: course.default_language,
      staff,
      xpPerReward: course.xp_per_reward,
      testAttempts: course.test_attempts,
    }),
    viewerListsOf.run(db, values, undefined),
  ]);
  const { progress, rewards, results, coaches, achievements } = viewerLists(listRows);
  const holderId = lockHolderAt(
    { lockedByUserId: course.locked_by_user_id, lockExpiresAt: course.lock_expires_at },
    at,
  );
  return {
    course,
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

/** My courses: every course the caller may open, with her progress and status. */
export async function listMyCourses(db: Db, opts: { siteId: number; user: SessionUser }) {
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
    ])
    .where('courses.site_id', '=', siteId);
  if (!seesCourseAsStaff(user)) query = query.where(courseOpenToLearner(siteId, user.id, at));
  return query.orderBy('courses.sort_id').orderBy('courses.id').execute();
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

export async function listFreeLessons(db: Db, opts: { siteId: number; category: string | null }) {
  const rows = await freePartsQuery(db, opts.siteId)
    .select([
      'courses.id as course_id',
      'courses.name as course_name',
      'courses.category',
      'course_parts.id',
      'course_parts.name',
      'course_parts.video_length',
      'course_parts.icon',
    ])
    .orderBy('courses.sort_id')
    .orderBy('courses.id')
    .orderBy('course_parts.sort_id')
    .execute();
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
    .select(['courses.name as course_name', 'courses.test_attempts', 'courses.default_language'])
    .where('course_parts.id', '=', opts.partId)
    .where('courses.id', '=', opts.courseId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such free lesson');
  const { default_language, ...part } = row;
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
    courseName: part.course_name,
    part: lesson,
    blocks,
    // A free lesson gives no rewards, so it shows no xp per reward.
    blockContext: { staff: false, xpPerReward: 0, testAttempts: part.test_attempts, sign, media },
    freeParts,
  };
}
