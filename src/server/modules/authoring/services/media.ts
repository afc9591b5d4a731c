import type { CourseMediaKind } from '../../../../shared/domain/authoring/media';
import { type Actor, authorize } from '../../../platform/authorize';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db';
import { AppError, invalidFields } from '../../../platform/errors';
import { storeStaffUpload } from '../../../platform/files/uploaded';
import type { UploadedFile } from '../../../platform/handlers';
import { authoringActions } from '../policies/course';

export interface CourseMedium {
  fileId: number;
  storageName: string;
  kind: CourseMediaKind;
  durationSeconds: number;
  url: string;
}

/**
 * Stores a medium for a course's blocks (spec §1: image, video, audio and file blocks), uploaded by staff. What
 * the file is comes from its content (platform/files/identify.ts); an image is decoded and re-encoded (WebP, within
 * 2560 px), so what is served is an image the server made; a video's or audio's length is read from the file; a
 * document is stored as it came and served as a download. Counted against the site's storage (STORAGE_FULL, and
 * nothing stored, when its plan has no room).
 */
export async function uploadCourseMedia(
  db: Db,
  opts: { config: Config; siteId: number; user: Actor; courseId: number | undefined; file: UploadedFile },
): Promise<CourseMedium> {
  authorize(opts.user, authoringActions.edit, undefined);
  if (!opts.courseId) throw invalidFields({ field: 'data.CourseId', message: 'Name the course the medium is for' });
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.courseId)
    .executeTakeFirst();
  if (!course) throw new AppError('NOT_FOUND', 'Course not found');
  const saved = await storeStaffUpload(db, {
    config: opts.config,
    siteId: opts.siteId,
    ownerUserId: opts.user.id,
    prefix: `course-${course.id}`,
    file: opts.file,
    label: 'a course image',
    bucket: 'course-media',
  });
  return {
    fileId: saved.id,
    storageName: saved.storageName,
    kind: saved.kind,
    durationSeconds: saved.durationSeconds,
    url: saved.url,
  };
}
