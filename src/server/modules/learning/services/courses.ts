import { lockHolderAt } from '../../../../shared/domain/authoring/lock';
import { type Db, now } from '../../../platform/db';
import type { CourseBlockRow, CoursePartRow, CourseRow, MediaFileRow, SessionUser } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { mediaSigner } from '../../../platform/files/media';
import { mediaIdOf } from '../domain/blockContent';
import { inLanguage } from '../domain/translations';
import { courseAbilities, seesCourseAsStaff, visibleToLearner } from '../policies/course';
import type { CourseView } from '../presenters/course';
import { courseOpenToLearner, partVisibleToLearner } from '../queries/visibility';
import { loadCourseForViewer } from './courseAccess';

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

async function mediaOf(db: Db, siteId: number, blocks: CourseBlockRow[]): Promise<Map<number, MediaFileRow>> {
  const ids = [...new Set(blocks.map((b) => mediaIdOf(b.block_type, b.content)).filter((id) => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('media_files')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

const partsOf = (db: Db, siteId: number, courseId: number) =>
  db
    .selectFrom('course_parts')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('course_id', '=', courseId)
    .orderBy('sort_id')
    .orderBy('id')
    .execute();

/**
 * The blocks of a course's parts. The part ids come from a subquery on the course, so both databases seek the
 * blocks index per part rather than reading every block of the site and joining.
 */
const blocksOf = (db: Db, siteId: number, courseId: number) =>
  db
    .selectFrom('course_blocks')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('course_part_id', 'in', (parts) =>
      parts.selectFrom('course_parts').select('id').where('site_id', '=', siteId).where('course_id', '=', courseId),
    )
    .orderBy('course_part_id')
    .orderBy('sort_id')
    .orderBy('id')
    .execute();

/** Who holds the course's edit lock (authoring's columns of `courses`), or null when nobody or it has lapsed. */
async function editLockHolder(db: Db, course: CourseRow) {
  const holderId = lockHolderAt(
    { lockedByUserId: course.locked_by_user_id, lockExpiresAt: course.lock_expires_at },
    now(),
  );
  if (holderId === null) return null;
  const holder = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('site_id', '=', course.site_id)
    .where('id', '=', holderId)
    .executeTakeFirst();
  return holder ?? null;
}

/**
 * get_course: one course as the viewer may see it, with her progress, rewards, results and certificate; its parts
 * and blocks in `language` where they are written in it, else in the course's default language.
 */
export async function getCourseView(
  db: Db,
  opts: { siteId: number; user: SessionUser; courseId: number; language: string },
): Promise<CourseView> {
  const { siteId, user } = opts;
  const course = await loadCourseForViewer(db, opts);
  const staff = seesCourseAsStaff(user);
  const [allParts, allBlocks, progress, rewards, courseProgress, certificate, results, coaches, achievements] =
    await Promise.all([
      partsOf(db, siteId, course.id),
      blocksOf(db, siteId, course.id),
      db
        .selectFrom('part_progress')
        .select(['course_part_id', 'video_play', 'completed_at', 'milestone_completed_at'])
        .where('site_id', '=', siteId)
        .where('user_id', '=', user.id)
        .where('course_id', '=', course.id)
        .execute(),
      db
        .selectFrom('xp_awards')
        .select(['course_part_id', 'id'])
        .where('site_id', '=', siteId)
        .where('user_id', '=', user.id)
        .where('course_id', '=', course.id)
        .where('source', '=', 'reward')
        .execute(),
      db
        .selectFrom('course_progress')
        .select(['progress_percent', 'xp'])
        .where('site_id', '=', siteId)
        .where('user_id', '=', user.id)
        .where('course_id', '=', course.id)
        .executeTakeFirst(),
      db
        .selectFrom('certificates')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('user_id', '=', user.id)
        .where('course_id', '=', course.id)
        .executeTakeFirst(),
      db
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
        .where('block_results.site_id', '=', siteId)
        .where('block_results.user_id', '=', user.id)
        .where('course_parts.course_id', '=', course.id)
        .execute(),
      db
        .selectFrom('course_coaches')
        .innerJoin('users', 'users.id', 'course_coaches.user_id')
        .select(['users.id', 'users.first_name', 'users.last_name'])
        .where('course_coaches.site_id', '=', siteId)
        .where('course_coaches.course_id', '=', course.id)
        .orderBy('course_coaches.sort_id')
        .orderBy('course_coaches.id')
        .execute(),
      db
        .selectFrom('achievements')
        .leftJoin('user_achievements', (join) =>
          join
            .onRef('user_achievements.achievement_id', '=', 'achievements.id')
            .on('user_achievements.user_id', '=', user.id)
            .on('user_achievements.site_id', '=', siteId),
        )
        .select([
          'achievements.id',
          'achievements.title',
          'achievements.description',
          'achievements.required_xp',
          'user_achievements.id as earned_id',
        ])
        .where('achievements.site_id', '=', siteId)
        .where('achievements.course_id', '=', course.id)
        .orderBy('achievements.required_xp')
        .execute(),
    ]);

  const { parts, blocks } = inLanguage(
    visibleParts(allParts, allBlocks, staff),
    opts.language,
    course.default_language,
  );
  const lockHolder = await editLockHolder(db, course);
  const [media, sign] = await Promise.all([mediaOf(db, siteId, blocks), mediaSigner(db, siteId)]);
  const progressByPart = new Map(progress.map((row) => [row.course_part_id, row]));
  const rewardByPart = new Map(rewards.map((row) => [row.course_part_id, row.id]));
  const resultsByBlock = new Map(results.map((row) => [row.course_block_id, row]));

  return {
    course,
    parts,
    blocks,
    blockContext: { staff, xpPerReward: course.xp_per_reward, testAttempts: course.test_attempts, sign, media },
    results: resultsByBlock,
    progressByPart,
    rewardByPart,
    courseProgress: courseProgress ?? null,
    certificate: certificate ?? null,
    coaches,
    achievements,
    abilities: courseAbilities(user),
    lockHolder,
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
