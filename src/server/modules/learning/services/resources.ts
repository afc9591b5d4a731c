import type { Db } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { mediaSigner } from '../../../platform/files/media';
import { openCourseIds } from './courses';

/** The site's own resources and those of the courses the user may open, in their order. */
export async function listResources(db: Db, opts: { siteId: number; user: SessionUser }) {
  const courseIds = await openCourseIds(db, opts);
  const [rows, sign] = await Promise.all([
    db
      .selectFrom('resources')
      .leftJoin('courses', 'courses.id', 'resources.course_id')
      .leftJoin('media_files', 'media_files.id', 'resources.media_file_id')
      .select([
        'resources.id',
        'resources.title',
        'resources.description',
        'resources.url',
        'resources.media_file_id',
        'resources.course_id',
        'courses.name as course_name',
        'media_files.original_name',
      ])
      .where('resources.site_id', '=', opts.siteId)
      .where((eb) =>
        courseIds.length > 0
          ? eb.or([eb('resources.course_id', 'is', null), eb('resources.course_id', 'in', courseIds)])
          : eb('resources.course_id', 'is', null),
      )
      .orderBy('resources.sort_id')
      .orderBy('resources.id')
      .execute(),
    mediaSigner(db, opts.siteId),
  ]);
  return rows.map((row) => ({ ...row, url: row.media_file_id !== null ? sign(row.media_file_id) : row.url }));
}
