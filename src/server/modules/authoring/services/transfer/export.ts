import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { COURSE_EXPORT_FORMAT, COURSE_EXPORT_VERSION } from '../../../../../shared/domain/authoring/transfer';
import { type Actor, authorize } from '../../../../platform/authorize';
import type { Config } from '../../../../platform/config';
import type { Db } from '../../../../platform/db';
import { AppError } from '../../../../platform/errors';
import { linkKey, linkValid, signLink } from '../../../../platform/files/signing';
import { mediaStore } from '../../../../platform/files/storage';
import { mapLimit } from '../../../../platform/lib/mapLimit';
import { authoringActions } from '../../policies/course';
import {
  achievementFields,
  blockFields,
  courseFields,
  MANIFEST_PATH,
  type ManifestV1,
  mediaIdsIn,
  mediumPath,
  partFields,
  siteMark,
  toFile,
} from './format';

/** How long an export link stays valid. */
const EXPORT_LINK_SECONDS = 10 * 60;

const subjectOf = (siteId: number, courseId: number, userId: number) => `course-export.${siteId}.${courseId}.${userId}`;

async function courseOf(db: Db, siteId: number, courseId: number) {
  const course = await db
    .selectFrom('courses')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course) throw new AppError('NOT_FOUND', 'No such course');
  return course;
}

/** export_course: a signed link, valid for a few minutes, to the course's file (`GET /export/course/<id>`). */
export async function exportLink(db: Db, opts: { siteId: number; user: Actor; courseId: number }): Promise<string> {
  authorize(opts.user, authoringActions.edit, undefined);
  const course = await courseOf(db, opts.siteId, opts.courseId);
  const expiry = Math.floor(Date.now() / 1000) + EXPORT_LINK_SECONDS;
  const signature = signLink(await linkKey(db), subjectOf(opts.siteId, course.id, opts.user.id), expiry);
  return `/export/course/${course.id}?u=${opts.user.id}&e=${expiry}&s=${signature}`;
}

/** The course an export link names, when its signature holds and it has not expired; else FORBIDDEN. */
export async function courseOfExportLink(
  db: Db,
  link: { courseId: string; user: unknown; expiry: unknown; signature: unknown },
): Promise<{ siteId: number; courseId: number }> {
  const refused = new AppError('FORBIDDEN', 'This link is not valid (any more)');
  if (!/^\d{1,10}$/.test(link.courseId) || typeof link.user !== 'string' || !/^\d{1,10}$/.test(link.user)) {
    throw refused;
  }
  const course = await db
    .selectFrom('courses')
    .select(['id', 'site_id'])
    .where('id', '=', Number(link.courseId))
    .executeTakeFirst();
  if (!course) throw refused;
  const subject = subjectOf(course.site_id, course.id, Number(link.user));
  if (!linkValid(await linkKey(db), subject, link.expiry, link.signature)) throw refused;
  return { siteId: course.site_id, courseId: course.id };
}

/** The manifest of a course as it is now, and the rows of the media its blocks name. */
export async function courseManifest(db: Db, siteId: number, courseId: number) {
  const course = await courseOf(db, siteId, courseId);
  const [achievements, parts, blocks] = await Promise.all([
    db
      .selectFrom('achievements')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('course_id', '=', courseId)
      .orderBy('required_xp')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('course_parts')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('course_id', '=', courseId)
      .orderBy('sort_id')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('course_blocks')
      .innerJoin('course_parts', 'course_parts.id', 'course_blocks.course_part_id')
      .selectAll('course_blocks')
      .where('course_parts.site_id', '=', siteId)
      .where('course_parts.course_id', '=', courseId)
      .orderBy('course_parts.sort_id')
      .orderBy('course_parts.id')
      .orderBy('course_blocks.sort_id')
      .orderBy('course_blocks.id')
      .execute(),
  ]);
  const partIds = new Set(parts.map((part) => part.id));
  const fileBlocks = blocks.map((block) => {
    const content = JSON.parse(block.content) as Record<string, unknown>;
    return {
      id: block.id,
      partId: block.course_part_id,
      type: block.block_type,
      // A link to a part of another course (or one gone) cannot travel: it is left out.
      postId: block.post_id !== null && partIds.has(block.post_id) ? block.post_id : null,
      ...toFile(blockFields, block),
      content,
    };
  });
  const mediaIds = new Set<number>();
  for (const block of fileBlocks) mediaIdsIn(block, mediaIds);
  const media =
    mediaIds.size === 0
      ? []
      : await db
          .selectFrom('media_files')
          .selectAll()
          .where('site_id', '=', siteId)
          .where('id', 'in', [...mediaIds])
          .where('kind', '!=', 'avatar')
          .orderBy('id')
          .execute();
  if (media.length < mediaIds.size) {
    const found = new Set(media.map((medium) => medium.id));
    const missing = [...mediaIds].filter((id) => !found.has(id));
    const at = fileBlocks.findIndex((b) => missing.some((id) => mediaIdsIn(b).has(id)));
    throw new AppError('INVALID_STATE', `The block "${blocks[at]?.title ?? ''}" names a medium that no longer exists`, {
      block_id: blocks[at]?.id ?? null,
    });
  }
  const manifest: ManifestV1 = {
    format: COURSE_EXPORT_FORMAT,
    version: COURSE_EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    site: await siteMark(db, siteId),
    course: toFile(courseFields, course) as ManifestV1['course'],
    achievements: achievements.map((a) => toFile(achievementFields, a)) as ManifestV1['achievements'],
    parts: parts.map((part) => ({ id: part.id, ...toFile(partFields, part) })) as ManifestV1['parts'],
    blocks: fileBlocks as ManifestV1['blocks'],
    media: media.map((medium) => ({
      id: medium.id,
      name: medium.original_name,
      mimeType: medium.mime_type,
      kind: medium.kind as ManifestV1['media'][number]['kind'],
      sizeBytes: Number(medium.size_bytes),
      file: mediumPath(medium.id),
    })),
  };
  return { manifest, media };
}

/** A file name for the course's file: its name, with what a file system or a header cannot take replaced. */
export const exportFileName = (courseName: string) =>
  `${
    courseName
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'course'
  }.zip`;

/**
 * The course's file as a stream: `course.json` first, then each medium read from the media store as the zip
 * reaches it (one at a time), so a course of gigabytes costs the server a few buffers. Every medium's file is
 * looked for before the first byte is sent: a file missing from the store is a clear refusal, not a broken zip.
 */
export async function courseFileStream(
  db: Db,
  config: Config,
  opts: { siteId: number; courseId: number },
): Promise<{ fileName: string; stream: Readable }> {
  const { manifest, media } = await courseManifest(db, opts.siteId, opts.courseId);
  const store = mediaStore(config);
  const sizes = await mapLimit(media, 8, (medium) => store.size(opts.siteId, medium.storage_name));
  const missing = media.find((_, index) => sizes[index] === null);
  if (missing) throw new AppError('INVALID_STATE', `The medium "${missing.original_name}" is missing from storage`);

  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 1)), MANIFEST_PATH);
  for (const [index, medium] of media.entries()) {
    // Media are compressed already (images, video, audio): stored as they are.
    zip.addReadStreamLazy(
      mediumPath(medium.id),
      { compress: false, size: sizes[index] as number, mtime: new Date(medium.created_at) },
      (callback) => {
        store.read(opts.siteId, medium.storage_name).then(
          (stream) => callback(stream ? null : new Error(`medium ${medium.id} vanished`), stream as Readable),
          (error: Error) => callback(error, undefined as unknown as Readable),
        );
      },
    );
  }
  zip.end();
  return { fileName: exportFileName(manifest.course.name), stream: zip.outputStream as Readable };
}
