import type { FreeLesson } from '../../../../shared/contract/learning/course';
import type { Block, Course, CoursePart, CourseSummary } from '../../../../shared/contract/learning/courseShapes';
import { attemptLimit } from '../../../../shared/domain/learning/testAttempts';
import { courseStatus } from '../../../../shared/domain/learning/xp';
import { type Db, now } from '../../../platform/db';
import type { CourseBlockRow, CoursePartRow, CourseRow, MediaFileRow, UserRow } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { mediaSigner } from '../../../platform/files/media';
import { seesCourseAsStaff, visibleToLearner } from '../policies/course';
import { type BlockContext, type PartProgress, presentBlock, presentPart } from '../presenters/course';
import { mediaIdOf } from './blockContent';
import { presentCertificate } from './certificates';
import { openCourse } from './courseAccess';

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

/** Presents parts with their blocks; blocks whose content is broken or whose linked part is hidden are left out. */
function presentParts(
  parts: CoursePartRow[],
  blocks: CourseBlockRow[],
  ctx: Omit<BlockContext, 'parts'>,
  progressOf: (partId: number) => PartProgress | undefined,
  rewardOf: (partId: number) => number | null,
): CoursePart[] {
  const blocksByPart = new Map<number, Block[]>();
  const partsById = new Map(parts.map((part) => [part.id, part]));
  for (const row of blocks) {
    const block = presentBlock(row, { ...ctx, parts: partsById });
    if (!block) continue;
    const list = blocksByPart.get(row.course_part_id) ?? [];
    list.push(block);
    blocksByPart.set(row.course_part_id, list);
  }
  return parts.map((part) =>
    presentPart(part, blocksByPart.get(part.id) ?? [], progressOf(part.id), rewardOf(part.id)),
  );
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

/** get_course: one course as the viewer may see it, with her progress, rewards, results and certificate. */
export async function getCourseView(
  db: Db,
  opts: { siteId: number; user: UserRow; courseId: number },
): Promise<Course> {
  const { siteId, user } = opts;
  const course = await openCourse(db, opts);
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

  const { parts, blocks } = visibleParts(allParts, allBlocks, staff);
  const [media, sign] = await Promise.all([mediaOf(db, siteId, blocks), mediaSigner(db, siteId)]);
  const progressByPart = new Map(progress.map((row) => [row.course_part_id, row]));
  const rewardByPart = new Map(rewards.map((row) => [row.course_part_id, row.id]));
  const resultsByBlock = new Map(results.map((row) => [row.course_block_id, row]));

  return {
    Id: course.id,
    Name: course.name,
    Description: course.description,
    Published: course.published === 1,
    CourseParts: presentParts(
      parts,
      blocks,
      {
        staff,
        xpPerReward: course.xp_per_reward,
        testAttempts: course.test_attempts,
        sign,
        media,
        results: resultsByBlock,
      },
      (id) => progressByPart.get(id),
      (id) => rewardByPart.get(id) ?? null,
    ),
    CourseProgressEvent: course.progress_event,
    XpPerReward: course.xp_per_reward,
    progress_percent: courseProgress?.progress_percent ?? 0,
    CourseXp: courseProgress?.xp ?? 0,
    // The edit lock arrives with course editing.
    LockedByUserId: null,
    LockedByUsername: null,
    FooterMentorCopy: { UseCustomText: false },
    CertificateEnabled: course.certificate_enabled === 1,
    CertificateValidityMonths: course.certificate_validity_months,
    TestAttempts: attemptLimit(course.test_attempts),
    Certificate: certificate ? presentCertificate(certificate, course.name) : null,
    Coaches: coaches.map((c) => ({ UserId: c.id, FirstName: c.first_name, LastName: c.last_name })),
    Achievements: achievements.map((a) => ({
      Id: a.id,
      CourseId: course.id,
      title: a.title,
      description: a.description,
      required_xp: a.required_xp,
      earned: a.earned_id !== null,
    })),
  };
}

/** My courses: every course the caller may open, with her progress and status. */
export async function listMyCourses(db: Db, opts: { siteId: number; user: UserRow }): Promise<CourseSummary[]> {
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
        .where('course_parts.published', '=', 1)
        .where('course_parts.mentor_only', '=', 0)
        .where((p) => p.or([p('course_parts.publish_date', 'is', null), p('course_parts.publish_date', '<=', at)]))
        .as('part_count'),
    ])
    .where('courses.site_id', '=', siteId);
  if (!seesCourseAsStaff(user)) {
    query = query.where('courses.published', '=', 1).where((eb) =>
      eb.exists(
        eb
          .selectFrom('course_access')
          .select('course_access.id')
          .where('course_access.site_id', '=', siteId)
          .whereRef('course_access.course_id', '=', 'courses.id')
          .where('course_access.user_id', '=', user.id)
          .where((a) => a.or([a('course_access.expires_at', 'is', null), a('course_access.expires_at', '>', at)])),
      ),
    );
  }
  const rows = await query.orderBy('courses.sort_id').orderBy('courses.id').execute();
  return rows.map((row) => {
    const percent = row.progress_percent ?? 0;
    return {
      Id: row.id,
      Name: row.name,
      Description: row.description,
      Category: row.category,
      progress_percent: percent,
      Status: courseStatus({
        progressPercent: percent,
        completedAt: row.completed_at,
        started: row.progress_id !== null,
      }),
      PartCount: Number(row.part_count ?? 0),
      CompletedAt: row.completed_at,
      CertificateEnabled: row.certificate_enabled === 1,
    };
  });
}

/** Free parts of published courses that anyone may see. */
function freePartsQuery(db: Db, siteId: number) {
  return db
    .selectFrom('course_parts')
    .innerJoin('courses', 'courses.id', 'course_parts.course_id')
    .where('course_parts.site_id', '=', siteId)
    .where('courses.site_id', '=', siteId)
    .where('courses.published', '=', 1)
    .where('course_parts.free', '=', 1)
    .where('course_parts.published', '=', 1)
    .where('course_parts.mentor_only', '=', 0)
    .where((eb) => eb.or([eb('course_parts.publish_date', 'is', null), eb('course_parts.publish_date', '<=', now())]));
}

export async function listFreeLessons(
  db: Db,
  opts: { siteId: number; category: string | null },
): Promise<{ lessons: FreeLesson[]; categories: string[] }> {
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
    lessons: rows
      .filter((row) => wanted === null || row.category?.toLowerCase() === wanted)
      .map((row) => ({
        CourseId: row.course_id,
        CourseName: row.course_name,
        Category: row.category,
        PartId: row.id,
        Name: row.name,
        VideoLength: row.video_length,
        Icon: row.icon,
      })),
  };
}

/** One free part with its blocks, as a learner sees it; Post blocks lead only to other free parts. */
export async function getFreeLesson(db: Db, opts: { siteId: number; courseId: number; partId: number }) {
  const part = await freePartsQuery(db, opts.siteId)
    .selectAll('course_parts')
    .select(['courses.name as course_name', 'courses.test_attempts'])
    .where('course_parts.id', '=', opts.partId)
    .where('courses.id', '=', opts.courseId)
    .executeTakeFirst();
  if (!part) throw new AppError('NOT_FOUND', 'No such free lesson');
  const [freeParts, blockRows] = await Promise.all([
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
  const { blocks } = visibleParts([part], blockRows, false);
  const [media, sign] = await Promise.all([mediaOf(db, opts.siteId, blocks), mediaSigner(db, opts.siteId)]);
  const course = { xp_per_reward: 0 } satisfies Partial<CourseRow>;
  const ctx: BlockContext = {
    staff: false,
    xpPerReward: course.xp_per_reward,
    testAttempts: part.test_attempts,
    sign,
    media,
    results: new Map(),
    parts: new Map(freeParts.map((p) => [p.id, p])),
  };
  const presented = blocks.map((row) => presentBlock(row, ctx)).filter((b): b is Block => b !== null);
  return { CourseId: opts.courseId, CourseName: part.course_name, Part: presentPart(part, presented, undefined, null) };
}
