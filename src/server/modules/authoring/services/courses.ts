import type { CourseState } from '../../../../shared/contract/authoring/courses';
import { DEFAULT_EDIT_INACTIVITY_MINUTES, lockHolderAt } from '../../../../shared/domain/authoring/lock';
import { staffUsers } from '../../../platform/authorize';
import { type Db, inTransaction, now } from '../../../platform/db';
import { getById } from '../../../platform/db/lookups';
import type { CourseRow } from '../../../platform/db/schema';
import { invalidFields } from '../../../platform/errors';
import { assertPlanRoom } from '../../../platform/plans';
import { withoutNameTranslations } from '../domain/courseTranslations';
import { nextVersion, storedLock } from '../queries';

/** A course row with what /Courses counts of it, and its edit lock with the holder's name. */
export interface CourseListRow {
  id: number;
  name: string;
  published: number;
  draft: number;
  archived_at: string | null;
  parts: number;
  learners: number;
  /** Who holds the course's edit lock now; null when nobody does or it has lapsed. */
  lockHolder: { id: number; first_name: string | null; last_name: string | null } | null;
}

const flag = (value: boolean) => (value ? 1 : 0);

/** The columns `published` and `draft` of a state (see migration 0013). */
export const stateColumns = (state: CourseState) => ({
  published: flag(state === 'published'),
  draft: flag(state === 'draft'),
});

/** The site's courses with their part and learner counts, in the course order; `courseId` narrows to one. */
export async function listCourses(db: Db, opts: { siteId: number; courseId?: number }): Promise<CourseListRow[]> {
  let query = db
    .selectFrom('courses')
    .leftJoin('users as holder', 'holder.id', 'courses.locked_by_user_id')
    .where('courses.site_id', '=', opts.siteId)
    .select((eb) => [
      'courses.id',
      'courses.name',
      'courses.published',
      'courses.draft',
      'courses.archived_at',
      'courses.locked_by_user_id',
      'courses.lock_expires_at',
      'holder.first_name as holder_first_name',
      'holder.last_name as holder_last_name',
      eb
        .selectFrom('course_parts')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where('course_parts.site_id', '=', opts.siteId)
        .whereRef('course_parts.course_id', '=', 'courses.id')
        .as('parts'),
      eb
        .selectFrom('course_access')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where('course_access.site_id', '=', opts.siteId)
        .whereRef('course_access.course_id', '=', 'courses.id')
        .as('learners'),
    ])
    .orderBy('courses.sort_id')
    .orderBy('courses.id');
  if (opts.courseId !== undefined) query = query.where('courses.id', '=', opts.courseId);
  const rows = await query.execute();
  const at = now();
  return rows.map(({ locked_by_user_id, lock_expires_at, holder_first_name, holder_last_name, ...row }) => {
    const holderId = lockHolderAt(storedLock({ locked_by_user_id, lock_expires_at }), at);
    return {
      ...row,
      parts: Number(row.parts ?? 0),
      learners: Number(row.learners ?? 0),
      lockHolder:
        holderId === null ? null : { id: holderId, first_name: holder_first_name, last_name: holder_last_name },
    };
  });
}

/** One course of the site as /Courses lists it; NOT_FOUND when the site has no such course. */
export async function findCourseListRow(db: Db, opts: { siteId: number; courseId: number }) {
  await getById(db, 'courses', opts.siteId, opts.courseId, 'No such course');
  const [row] = await listCourses(db, opts);
  return row as CourseListRow;
}

async function nextSortId(db: Db, siteId: number): Promise<number> {
  const row = await db
    .selectFrom('courses')
    .select((eb) => eb.fn.max('sort_id').as('top'))
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

/**
 * An empty course of that name: a draft, unpublished, with the default settings, last in the course order; within
 * the plan's number of courses.
 */
export async function createCourse(db: Db, opts: { siteId: number; name: string }): Promise<number> {
  return inTransaction(db, async (trx) => {
    await assertPlanRoom(trx, { siteId: opts.siteId, resource: 'courses' });
    return insertEmptyCourse(trx, opts);
  });
}

async function insertEmptyCourse(db: Db, opts: { siteId: number; name: string }): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('courses')
    .values({
      site_id: opts.siteId,
      name: opts.name,
      description: '',
      category: null,
      ...stateColumns('draft'),
      sort_id: await nextSortId(db, opts.siteId),
      progress_event: 1,
      xp_per_reward: 5,
      certificate_enabled: 0,
      certificate_validity_months: null,
      test_attempts: null,
      archived_at: null,
      footer_coach_text: '',
      footer_use_custom_text: 0,
      edit_inactivity_minutes: DEFAULT_EDIT_INACTIVITY_MINUTES,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The columns of a course that /Courses changes (the version and lock columns move only with `nextVersion`). */
export type CourseChanges = Partial<
  Omit<
    CourseRow,
    | 'id'
    | 'site_id'
    | 'created_at'
    | 'updated_at'
    | 'version'
    | 'version_user_id'
    | 'version_at'
    | 'locked_by_user_id'
    | 'locked_at'
    | 'lock_expires_at'
  >
>;

/**
 * Changes columns of one course of the site as `userId`, as the course's next version (what `get_course` presents
 * changes with it); NOT_FOUND when the site has no such course.
 */
export async function updateCourse(
  db: Db,
  opts: { siteId: number; userId: number; courseId: number; set: CourseChanges },
): Promise<void> {
  const changed = await db
    .updateTable('courses')
    .set((eb) => ({ ...opts.set, ...nextVersion(eb, opts.userId, now()) }))
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.courseId)
    .executeTakeFirst();
  if (changed.numUpdatedRows === 0n) await getById(db, 'courses', opts.siteId, opts.courseId, 'No such course');
}

/**
 * Archives a course (closed to learners, listed apart, not counted against the plan) or restores it as it was,
 * within the plan's number of courses.
 */
export const setCourseArchived = (
  db: Db,
  opts: { siteId: number; userId: number; courseId: number; archived: boolean },
) =>
  inTransaction(db, async (trx) => {
    if (!opts.archived) {
      const course = await getById(trx, 'courses', opts.siteId, opts.courseId, 'No such course');
      if (course.archived_at !== null) await assertPlanRoom(trx, { siteId: opts.siteId, resource: 'courses' });
    }
    await updateCourse(trx, { ...opts, set: { archived_at: opts.archived ? now() : null } });
  });

/**
 * A copy of a course as a draft: its settings, coaches, achievements, parts and blocks (a post block's link to a
 * part follows the copy of that part). Learners, their access and progress stay with the original, and so do its
 * edit lock and history: the copy is a new course at version 1 that nobody edits. One transaction.
 */
export async function duplicateCourse(
  db: Db,
  opts: { siteId: number; courseId: number; name: string | undefined },
): Promise<number> {
  const { siteId } = opts;
  const source = await getById(db, 'courses', siteId, opts.courseId, 'No such course');
  return db.transaction().execute(async (trx) => {
    await assertPlanRoom(trx, { siteId, resource: 'courses' });
    const at = now();
    const stamp = { created_at: at, updated_at: at };
    const { id: _id, ...settings } = source;
    const copy = await trx
      .insertInto('courses')
      .values({
        ...settings,
        ...stamp,
        name: opts.name ?? `${source.name} (copy)`.slice(0, 200),
        // The copy is named anew: a translation of the old name would name it in the other language.
        translations: withoutNameTranslations(source.translations),
        ...stateColumns('draft'),
        archived_at: null,
        sort_id: await nextSortId(trx, siteId),
        version: 1,
        version_user_id: null,
        version_at: null,
        locked_by_user_id: null,
        locked_at: null,
        lock_expires_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const ofCourse = { site_id: siteId, course_id: copy.id, ...stamp };
    const coaches = await trx
      .selectFrom('course_coaches')
      .select(['user_id', 'sort_id'])
      .where('site_id', '=', siteId)
      .where('course_id', '=', source.id)
      .execute();
    if (coaches.length > 0)
      await trx
        .insertInto('course_coaches')
        .values(coaches.map((c) => ({ ...c, ...ofCourse })))
        .execute();
    const achievements = await trx
      .selectFrom('achievements')
      .select(['title', 'description', 'required_xp'])
      .where('site_id', '=', siteId)
      .where('course_id', '=', source.id)
      .execute();
    if (achievements.length > 0) {
      await trx
        .insertInto('achievements')
        .values(achievements.map((a) => ({ ...a, ...ofCourse })))
        .execute();
    }

    const parts = await trx
      .selectFrom('course_parts')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('course_id', '=', source.id)
      .orderBy('id')
      .execute();
    const partIdOf = new Map<number, number>();
    for (const { id: partId, ...part } of parts) {
      const row = await trx
        .insertInto('course_parts')
        .values({ ...part, ...ofCourse })
        .returning('id')
        .executeTakeFirstOrThrow();
      partIdOf.set(partId, row.id);
    }
    if (parts.length === 0) return copy.id;
    const blocks = await trx
      .selectFrom('course_blocks')
      .selectAll()
      .where('site_id', '=', siteId)
      .where(
        'course_part_id',
        'in',
        parts.map((p) => p.id),
      )
      .orderBy('id')
      .execute();
    if (blocks.length > 0) {
      await trx
        .insertInto('course_blocks')
        .values(
          blocks.map(({ id: _blockId, ...block }) => ({
            ...block,
            ...stamp,
            course_part_id: partIdOf.get(block.course_part_id) as number,
            post_id: block.post_id === null ? null : (partIdOf.get(block.post_id) ?? block.post_id),
          })),
        )
        .execute();
    }
    return copy.id;
  });
}

/** The site's staff, who may coach a course, by name. */
export const staffOfSite = (db: Db, siteId: number) =>
  db
    .selectFrom('users')
    .select(['users.id', 'users.first_name', 'users.last_name'])
    .where('users.site_id', '=', siteId)
    .where(staffUsers)
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('users.id')
    .execute();

export const coachIdsOf = async (db: Db, siteId: number, courseId: number): Promise<number[]> =>
  (
    await db
      .selectFrom('course_coaches')
      .select('user_id')
      .where('site_id', '=', siteId)
      .where('course_id', '=', courseId)
      .orderBy('sort_id')
      .orderBy('id')
      .execute()
  ).map((row) => row.user_id);

/** Replaces a course's coaches; each must be staff of the site (else INVALID_REQUEST and nothing changes). */
export async function replaceCoaches(db: Db, opts: { siteId: number; courseId: number; coachIds: number[] }) {
  const coachIds = [...new Set(opts.coachIds)];
  const staff = new Set((await staffOfSite(db, opts.siteId)).map((user) => user.id));
  const notStaff = coachIds.find((coachId) => !staff.has(coachId));
  if (notStaff !== undefined) {
    throw invalidFields({ field: 'data.Settings.CoachIds', message: `User ${notStaff} is not staff of this site` });
  }
  await db
    .deleteFrom('course_coaches')
    .where('site_id', '=', opts.siteId)
    .where('course_id', '=', opts.courseId)
    .execute();
  if (coachIds.length === 0) return;
  const at = now();
  await db
    .insertInto('course_coaches')
    .values(
      coachIds.map((userId, index) => ({
        site_id: opts.siteId,
        course_id: opts.courseId,
        user_id: userId,
        sort_id: index + 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}
