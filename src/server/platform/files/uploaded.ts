import {
  COURSE_IMAGE_SIDE,
  type CourseMediaKind,
  MAX_COURSE_IMAGE_BYTES,
} from '../../../shared/domain/authoring/media';
import type { Config } from '../config';
import type { Db } from '../db';
import { AppError } from '../errors';
import type { UploadedFile } from '../handlers';
import { requireWindow } from '../limits';
import { identifyMedium, readMediaLength, roundedSeconds } from './identify';
import { reencodeImage } from './images';
import { mediaSigner } from './media';
import { saveMedium } from './save';

export interface StoredMedium {
  id: number;
  storageName: string;
  kind: CourseMediaKind;
  durationSeconds: number;
}

/** The name a medium is listed and downloaded under: its base name, without control characters. */
export const cleanName = (name: string) =>
  [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255);

/**
 * Stores a medium staff uploaded (a course's, a product's). What the file is comes from its content
 * (identify.ts); an image is decoded and re-encoded (WebP, within 2560 px), so what is served is an image the server
 * made; a video's or audio's length is read from the file; a document is stored as it came and served as a download.
 * Counted against the site's storage (STORAGE_FULL, and nothing stored, when its plan has no room).
 */
export async function storeUploadedMedium(
  db: Db,
  opts: { config: Config; siteId: number; ownerUserId: number; prefix: string; file: UploadedFile; label: string },
): Promise<StoredMedium> {
  const { file } = opts;
  const originalName = cleanName(file.name);
  const identified = identifyMedium(file.head, originalName);
  const common = {
    config: opts.config,
    siteId: opts.siteId,
    ownerUserId: opts.ownerUserId,
    prefix: opts.prefix,
    originalName: originalName || `${identified.kind}${identified.extension}`,
  };

  if (identified.kind === 'image') {
    if (file.size > MAX_COURSE_IMAGE_BYTES) {
      throw new AppError(
        'FILE_TOO_LARGE',
        `File size too large, filesize limit ${MAX_COURSE_IMAGE_BYTES / 2 ** 20}MB!`,
      );
    }
    const image = await reencodeImage(file.path, file.head, {
      label: opts.label,
      width: COURSE_IMAGE_SIDE,
      height: COURSE_IMAGE_SIDE,
      fit: 'inside',
    });
    const saved = await saveMedium(db, {
      ...common,
      kind: 'image',
      extension: '.webp',
      mimeType: 'image/webp',
      content: image,
    });
    return { ...saved, kind: 'image', durationSeconds: 0 };
  }
  let { mimeType, extension } = identified;
  let kind: CourseMediaKind = identified.kind;
  let durationSeconds = 0;
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
  const saved = await saveMedium(db, {
    ...common,
    kind,
    extension,
    mimeType,
    durationSeconds,
    content: { path: file.path, size: file.size },
  });
  return { ...saved, kind, durationSeconds };
}

/** Uploads of one kind a staff member may make an hour: a course's worth, not a flood of processing and storage. */
export const STAFF_UPLOADS_PER_HOUR = 120;

/**
 * A staff member's upload for something of the site (a course's block, a product): one more of the hour's uploads
 * of its `bucket` (TOO_MANY_REQUESTS past STAFF_UPLOADS_PER_HOUR), stored as `storeUploadedMedium` stores it, with a
 * signed link to it.
 */
export async function storeStaffUpload(
  db: Db,
  opts: {
    config: Config;
    siteId: number;
    ownerUserId: number;
    prefix: string;
    file: UploadedFile;
    label: string;
    bucket: string;
  },
): Promise<StoredMedium & { url: string }> {
  await requireWindow(db, {
    siteId: opts.siteId,
    bucket: opts.bucket,
    subject: String(opts.ownerUserId),
    limit: STAFF_UPLOADS_PER_HOUR,
    windowSeconds: 3600,
    message: 'Too many uploads this hour',
  });
  const saved = await storeUploadedMedium(db, opts);
  return { ...saved, url: (await mediaSigner(db, opts.siteId))(saved.id) };
}
