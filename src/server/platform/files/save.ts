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
    /** The bytes (a re-encoded image), or the upload's file as it came. */
    content: Buffer | FileSource;
  },
): Promise<{ id: number; storageName: string; sizeBytes: number }> {
  const sizeBytes = Buffer.isBuffer(opts.content) ? opts.content.length : opts.content.size;
  await assertStorageRoom(db, { siteId: opts.siteId, adding: sizeBytes });
  const store = mediaStore(opts.config);
  const storageName = `${opts.prefix}-${randomBytes(8).toString('hex')}${opts.extension}`;
  if (Buffer.isBuffer(opts.content)) await store.write(opts.siteId, storageName, opts.content, opts.mimeType);
  else await store.writeFrom(opts.siteId, storageName, opts.content, opts.mimeType);
  const at = now();
  try {
    const row = await db.transaction().execute(async (trx) => {
      await assertStorageRoom(trx, { siteId: opts.siteId, adding: sizeBytes, lock: true });
      return trx
        .insertInto('media_files')
        .values({
          site_id: opts.siteId,
          owner_user_id: opts.ownerUserId,
          kind: opts.kind,
          storage_name: storageName,
          original_name: opts.originalName.slice(0, 255) || 'file',
          mime_type: opts.mimeType,
          size_bytes: sizeBytes,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    return { id: row.id, storageName, sizeBytes };
  } catch (error) {
    await store.remove(opts.siteId, storageName).catch(() => undefined);
    throw error;
  }
}
