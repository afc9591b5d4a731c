import {
  COURSE_IMAGE_SIDE,
  type CourseMediaKind,
  MAX_COURSE_IMAGE_BYTES,
} from '../../../../shared/domain/authoring/media';
import { type Actor, authorize } from '../../../platform/authorize';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db';
import { AppError, invalidFields } from '../../../platform/errors';
import { identifyMedium, readMediaLength, roundedSeconds } from '../../../platform/files/identify';
import { reencodeImage } from '../../../platform/files/images';
import { mediaSigner } from '../../../platform/files/media';
import { saveMedium } from '../../../platform/files/save';
import type { UploadedFile } from '../../../platform/handlers';
import { requireWindow } from '../../../platform/limits';
import { authoringActions } from '../policies/course';

/** Course media one staff member may upload an hour: a course's worth, not a flood of processing and storage. */
export const COURSE_UPLOADS_PER_HOUR = 120;

export interface CourseMedium {
  fileId: number;
  storageName: string;
  kind: CourseMediaKind;
  durationSeconds: number;
  url: string;
}

/** The name a medium is listed and downloaded under: its base name, without control characters. */
const cleanName = (name: string) =>
  [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255);

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
  await requireWindow(db, {
    siteId: opts.siteId,
    bucket: 'course-media',
    subject: String(opts.user.id),
    limit: COURSE_UPLOADS_PER_HOUR,
    windowSeconds: 3600,
    message: 'Too many uploads this hour',
  });

  const { file } = opts;
  const originalName = cleanName(file.name);
  const identified = identifyMedium(file.head, originalName);
  const common = {
    config: opts.config,
    siteId: opts.siteId,
    ownerUserId: opts.user.id,
    prefix: `course-${course.id}`,
    originalName: originalName || `${identified.kind}${identified.extension}`,
  };

  let durationSeconds = 0;
  let saved: { id: number; storageName: string };
  let kind: CourseMediaKind = identified.kind;
  if (identified.kind === 'image') {
    if (file.size > MAX_COURSE_IMAGE_BYTES) {
      throw new AppError(
        'FILE_TOO_LARGE',
        `File size too large, filesize limit ${MAX_COURSE_IMAGE_BYTES / 2 ** 20}MB!`,
      );
    }
    const image = await reencodeImage(file.path, file.head, {
      label: 'a course image',
      width: COURSE_IMAGE_SIDE,
      height: COURSE_IMAGE_SIDE,
      fit: 'inside',
    });
    saved = await saveMedium(db, {
      ...common,
      kind: 'image',
      extension: '.webp',
      mimeType: 'image/webp',
      content: image,
    });
  } else {
    let { mimeType, extension } = identified;
    if (identified.kind === 'video' || identified.kind === 'audio') {
      const length = await readMediaLength(file.path, identified);
      durationSeconds = roundedSeconds(length.seconds);
      // WebM and Ogg hold either: a file with a video track is a video, one without is an audio.
      if (identified.container === 'webm' || identified.container === 'ogg') {
        kind = length.hasVideo ? 'video' : 'audio';
        mimeType = `${kind}/${identified.container}`;
        extension =
          identified.container === 'webm' ? (kind === 'video' ? '.webm' : '.weba') : kind === 'video' ? '.ogv' : '.ogg';
      }
    }
    saved = await saveMedium(db, {
      ...common,
      kind,
      extension,
      mimeType,
      durationSeconds,
      content: { path: file.path, size: file.size },
    });
  }
  const url = (await mediaSigner(db, opts.siteId))(saved.id);
  return { fileId: saved.id, storageName: saved.storageName, kind, durationSeconds, url };
}
