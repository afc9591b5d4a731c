import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { type Db, now } from '../db';
import type { MediaKind } from '../db/schema';
import { assertStorageRoom } from './quota';
import { type FileSource, mediaStore } from './storage';

/**
 * Stores a new medium of a site: its file in the media store, then its `media_files` row, counted against the
 * site's plan (quota.ts). Refused with STORAGE_FULL before anything is written when there is no room, and again
 * inside the row's transaction (the site's row locked), where a refusal removes the written file: an acknowledged
 * medium is never a row without its file, and two uploads at once never both take the last of the room.
 */
export async function saveMedium(
  db: Db,
  opts: {
    config: Config;
    siteId: number;
    ownerUserId: number;
    kind: Exclude<MediaKind, 'avatar'>;
    /** The stored name's start and end (`course-12`, `.mp4`): the middle is random. */
    prefix: string;
    extension: string;
    originalName: string;
    mimeType: string;
    /** A video's or audio's length read from its file; 0 (or left out) for other media. */
    durationSeconds?: number;
    /** The bytes (a re-encoded image), or the upload's file as it came. */
    content: Buffer | FileSource;
  },
): Promise<{ id: number; storageName: string; sizeBytes: number }> {
  const sizeBytes = Buffer.isBuffer(opts.content) ? opts.content.length : opts.content.size;
  await assertStorageRoom(db, { siteId: opts.siteId, adding: sizeBytes });
  const store = mediaStore(opts.config);
  const storageName = newStorageName(opts.prefix, opts.extension);
  if (Buffer.isBuffer(opts.content)) await store.write(opts.siteId, storageName, opts.content, opts.mimeType);
  else await store.writeFrom(opts.siteId, storageName, opts.content, opts.mimeType);
  try {
    const id = await db.transaction().execute(async (trx) => {
      await assertStorageRoom(trx, { siteId: opts.siteId, adding: sizeBytes, lock: true });
      return insertMediumRow(trx, { ...opts, storageName, sizeBytes });
    });
    return { id, storageName, sizeBytes };
  } catch (error) {
    await store.remove(opts.siteId, storageName).catch(() => undefined);
    throw error;
  }
}

/** A new medium's stored name: `<prefix>-<random><extension>` (`course-12-….mp4`), never one the sender chose. */
export const newStorageName = (prefix: string, extension: string) =>
  `${prefix}-${randomBytes(8).toString('hex')}${extension}`;

/**
 * The `media_files` row of a medium whose file is in the store, inside the caller's transaction (which has checked
 * the site's storage under its row lock): saveMedium's, and a course import's with the rest of its course.
 */
export async function insertMediumRow(
  trx: Db,
  medium: {
    siteId: number;
    ownerUserId: number | null;
    kind: Exclude<MediaKind, 'avatar'>;
    storageName: string;
    originalName: string;
    mimeType: string;
    sizeBytes: number;
    /** A video's or audio's length in seconds; 0 (or left out) when it has none or it is not known. */
    durationSeconds?: number;
  },
): Promise<number> {
  const at = now();
  const row = await trx
    .insertInto('media_files')
    .values({
      site_id: medium.siteId,
      owner_user_id: medium.ownerUserId,
      kind: medium.kind,
      storage_name: medium.storageName,
      original_name: medium.originalName.slice(0, 255) || 'file',
      mime_type: medium.mimeType,
      size_bytes: medium.sizeBytes,
      duration_seconds: medium.durationSeconds ?? 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
