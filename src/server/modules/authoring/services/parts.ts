import type { ProgressCriteria } from '../../../../shared/domain/learning/course';
import type { Actor } from '../../../platform/authorize';
import type { Db } from '../../../platform/db';
import type { CoursePartRow } from '../../../platform/db/schema';
import { AppError, invalidFields } from '../../../platform/errors';
import { partsOfCourse } from '../../learning';
import { authoringWrite } from './lock';

interface Write {
  siteId: number;
  user: Actor;
  courseId: number;
  version: number;
}

/** The name a new part has until the editor renames it. */
export const NEW_PART_NAME = 'New page';

/** Numbers the parts from 1 in the given order (spec §4 "saving numbers parts from 1"). */
async function numberParts(trx: Db, siteId: number, partIds: number[], at: string): Promise<void> {
  for (const [index, id] of partIds.entries()) {
    await trx
      .updateTable('course_parts')
      .set({ sort_id: index + 1, updated_at: at })
      .where('site_id', '=', siteId)
      .where('id', '=', id)
      .execute();
  }
}

/** add_course_part: a draft part at position `sortNr` (past the end: last); the parts are numbered from 1 again. */
export function addCoursePart(
  db: Db,
  opts: Write & { sortNr: number; postType: number; free: boolean; name: string | undefined },
) {
  return authoringWrite(db, opts, async (trx, at) => {
    const parts = await partsOfCourse(trx, opts.siteId, opts.courseId);
    const part = await trx
      .insertInto('course_parts')
      .values({
        site_id: opts.siteId,
        course_id: opts.courseId,
        name: opts.name ?? NEW_PART_NAME,
        sort_id: 0,
        published: 0,
        publish_date: null,
        free: opts.free ? 1 : 0,
        mentor_only: 0,
        post_type: opts.postType,
        progress_criteria: 'visit',
        icon: null,
        video_length: 0,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const order = parts.map((p) => p.id);
    order.splice(Math.min(opts.sortNr - 1, order.length), 0, part.id);
    await numberParts(trx, opts.siteId, order, at);
    return part;
  });
}

/** save_sorted_course_parts: the course's parts in the order given, which must name each of them once. */
export function sortCourseParts(db: Db, opts: Write & { sortedItems: number[] }) {
  return authoringWrite(db, opts, async (trx, at) => {
    const parts = await partsOfCourse(trx, opts.siteId, opts.courseId);
    const given = new Set(opts.sortedItems);
    const everyPartOnce =
      given.size === opts.sortedItems.length &&
      given.size === parts.length &&
      parts.every((part) => given.has(part.id));
    if (!everyPartOnce) {
      throw invalidFields({ field: 'data.SortedItems', message: 'must list every part of the course exactly once' });
    }
    await numberParts(trx, opts.siteId, opts.sortedItems, at);
  });
}

export interface PartChanges {
  name?: string;
  published?: boolean;
  publishDate?: string | null;
  free?: boolean;
  mentorOnly?: boolean;
  postType?: number;
  progressCriteria?: ProgressCriteria;
  videoLength?: number;
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? (1 as const) : (0 as const));

/** rename_course_part and update_course_part: the part's fields given change, the rest stay. */
export function updateCoursePart(db: Db, opts: Write & { coursePartId: number; changes: PartChanges }) {
  const { changes } = opts;
  return authoringWrite(db, opts, async (trx, at): Promise<CoursePartRow> => {
    const part = await trx
      .updateTable('course_parts')
      .set({
        name: changes.name,
        published: flag(changes.published),
        publish_date:
          changes.publishDate === undefined
            ? undefined
            : changes.publishDate && new Date(changes.publishDate).toISOString(),
        free: flag(changes.free),
        mentor_only: flag(changes.mentorOnly),
        post_type: changes.postType,
        progress_criteria: changes.progressCriteria,
        video_length: changes.videoLength,
        updated_at: at,
      })
      .where('site_id', '=', opts.siteId)
      .where('course_id', '=', opts.courseId)
      .where('id', '=', opts.coursePartId)
      .returningAll()
      .executeTakeFirst();
    if (!part) throw new AppError('NOT_FOUND', 'No such part of this course');
    return part;
  });
}

/** delete_course_part: the part goes with its blocks and the Post blocks leading to it; the rest are renumbered. */
export function deleteCoursePart(db: Db, opts: Write & { coursePartId: number }) {
  return authoringWrite(db, opts, async (trx, at) => {
    const deleted = await trx
      .deleteFrom('course_parts')
      .where('site_id', '=', opts.siteId)
      .where('course_id', '=', opts.courseId)
      .where('id', '=', opts.coursePartId)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new AppError('NOT_FOUND', 'No such part of this course');
    const parts = await partsOfCourse(trx, opts.siteId, opts.courseId);
    await numberParts(
      trx,
      opts.siteId,
      parts.map((p) => p.id),
      at,
    );
  });
}
