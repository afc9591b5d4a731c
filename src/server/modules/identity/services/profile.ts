import { randomBytes } from 'node:crypto';
import type { Metadata } from 'sharp';
import type { Language } from '../../../../shared/domain/language';
import { MAX_PHOTO_BYTES } from '../../../../shared/domain/learning/course';
import type { Config } from '../../../platform/config';
import { type Db, lockedForUpdate, now } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { assertStorageRoom } from '../../../platform/files/quota';
import { mediaStore } from '../../../platform/files/storage';
import { createSlots } from '../../../platform/lib/slots';
import { companyNameOf } from './users';

export interface ProfileView {
  user: SessionUser;
  companyName: string | null;
  pendingEmail: string | null;
}

/** The user's profile: her row, her company's name and an address change she has not confirmed yet. */
export async function getProfile(db: Db, user: SessionUser): Promise<ProfileView> {
  const [companyName, pending] = await Promise.all([
    companyNameOf(db, user),
    db
      .selectFrom('users')
      .select('pending_email')
      .where('site_id', '=', user.site_id)
      .where('id', '=', user.id)
      .executeTakeFirst(),
  ]);
  return { user, companyName, pendingEmail: pending?.pending_email ?? null };
}

/** Stores the language she chose: mails and the server's messages to her are written in it. */
export async function setLanguage(db: Db, opts: { user: SessionUser; language: Language }): Promise<ProfileView> {
  const updated = await db
    .updateTable('users')
    .set({ language: opts.language, updated_at: now() })
    .where('site_id', '=', opts.user.site_id)
    .where('id', '=', opts.user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return getProfile(db, updated);
}

export async function updateProfile(
  db: Db,
  opts: { user: SessionUser; firstName: string; lastName: string; collectXp: boolean },
): Promise<ProfileView> {
  const updated = await db
    .updateTable('users')
    .set({
      first_name: opts.firstName,
      last_name: opts.lastName,
      collect_xp: opts.collectXp ? 1 : 0,
      updated_at: now(),
    })
    .where('site_id', '=', opts.user.site_id)
    .where('id', '=', opts.user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return getProfile(db, updated);
}

/** The longest side of a stored profile photo, in pixels. */
const PHOTO_SIZE = 512;

/**
 * The most pixels a photo may have: a 2 MB photo from a phone (12 MP) fits. Progressive JPEGs are decoded whole
 * (about 3 bytes a pixel), others row by row; this bounds either to some tens of MB.
 */
export const MAX_PHOTO_PIXELS = 4096 * 4096;
/** GIFs are always decoded whole, frame by frame at 4 bytes a pixel and more: a smaller bound. */
export const MAX_GIF_PIXELS = 2048 * 2048;
/** The longest side a photo may have. */
export const MAX_PHOTO_SIDE = 8192;
/** Photos decoded at once in a process, and photos that may wait for one; beyond them an upload is refused. */
export const PHOTO_SLOTS = 2;
export const PHOTO_QUEUE = 8;

const photoSlots = createSlots({
  slots: PHOTO_SLOTS,
  queue: PHOTO_QUEUE,
  refuse: () =>
    new AppError('TOO_MANY_REQUESTS', 'Too many photos are being processed: try again in a second', {
      retry_after: 1,
    }),
});

type PhotoFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** The format by the file's first bytes: no decoder (SVG, TIFF, HEIF, PDF…) ever sees anything else. */
function sniffFormat(bytes: Buffer): PhotoFormat | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a')
    return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

const unsupported = (message = 'The file is not a JPEG, PNG, WebP or GIF image') =>
  new AppError('UNSUPPORTED_FILE', message);

/**
 * Refuses, from the header alone (nothing is decoded yet), an image whose decoding would cost far more than an
 * avatar is worth: too many pixels, more than one frame, more than 8 bits a channel, or an interlaced PNG (which
 * is decoded whole, where a plain one is read row by row).
 */
function checkHeader(meta: Metadata, format: PhotoFormat): number {
  if (meta.format !== format) throw unsupported();
  const { width, height } = meta;
  if (!width || !height) throw unsupported();
  const maxPixels = format === 'gif' ? MAX_GIF_PIXELS : MAX_PHOTO_PIXELS;
  if (width > MAX_PHOTO_SIDE || height > MAX_PHOTO_SIDE || width * height > maxPixels) {
    throw unsupported(`The image is too large: at most ${maxPixels} pixels and ${MAX_PHOTO_SIDE} pixels a side`);
  }
  if ((meta.pages ?? 1) > 1) throw unsupported('An animated or multi-page image cannot be a profile photo');
  if (meta.depth !== 'uchar') throw unsupported('The image has more than 8 bits a channel');
  if (format === 'png' && meta.isProgressive) throw unsupported('An interlaced PNG cannot be a profile photo');
  return maxPixels;
}

/**
 * Decodes and re-encodes a photo (WebP, at most 512 px, no metadata), in one of the photo slots, once its header
 * passed checkHeader.
 */
async function reencodePhoto(upload: Buffer): Promise<Buffer> {
  const format = sniffFormat(upload);
  if (!format) throw unsupported();
  // Loaded on the first photo: libvips is about 20 MB of the process that most requests never need.
  const { default: sharp } = await import('sharp');
  return photoSlots.run(async () => {
    let meta: Metadata;
    try {
      meta = await sharp(upload).metadata();
    } catch {
      throw unsupported();
    }
    const maxPixels = checkHeader(meta, format);
    try {
      return await sharp(upload, { limitInputPixels: maxPixels, sequentialRead: true, pages: 1 })
        .rotate()
        .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw unsupported();
    }
  });
}

/**
 * Stores a new profile photo: the upload is decoded and re-encoded (WebP, at most 512 px, no metadata), so what
 * is served is an image the server made, never the bytes it was sent. The file is written before the row that
 * names it, so an acknowledged photo is never a row without its file. The photo it replaces goes, row and file:
 * its public address answers 404 from then on, and replaced photos do not pile up.
 */
export async function saveProfilePhoto(
  db: Db,
  opts: { config: Config; user: SessionUser; upload: Buffer; originalName: string },
): Promise<{ fileId: number; storageName: string }> {
  if (opts.upload.length > MAX_PHOTO_BYTES)
    throw new AppError('FILE_TOO_LARGE', 'File size too large, filesize limit 2MB!');
  const image = await reencodePhoto(opts.upload);
  // Refused before anything is stored when the site's plan has no room for it.
  await assertStorageRoom(db, { siteId: opts.user.site_id, adding: image.length });
  const store = mediaStore(opts.config);
  const storageName = `avatar-${opts.user.id}-${randomBytes(8).toString('hex')}.webp`;
  await store.write(opts.user.site_id, storageName, image, 'image/webp');
  const at = now();
  const { fileId, replaced } = await db
    .transaction()
    .execute(async (trx) => {
      await assertStorageRoom(trx, { siteId: opts.user.site_id, adding: image.length, lock: true });
      // The user's row, locked: two photos uploaded at once each replace the one before, none is left behind.
      const current = await lockedForUpdate(
        trx,
        trx
          .selectFrom('users')
          .select('user_file_id')
          .where('site_id', '=', opts.user.site_id)
          .where('id', '=', opts.user.id),
      ).executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('media_files')
        .values({
          site_id: opts.user.site_id,
          owner_user_id: opts.user.id,
          kind: 'avatar',
          storage_name: storageName,
          original_name: opts.originalName.slice(0, 255) || 'photo',
          mime_type: 'image/webp',
          size_bytes: image.length,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ user_file_id: row.id, updated_at: at })
        .where('site_id', '=', opts.user.site_id)
        .where('id', '=', opts.user.id)
        .execute();
      const old =
        current.user_file_id === null
          ? undefined
          : await trx
              .deleteFrom('media_files')
              .where('site_id', '=', opts.user.site_id)
              .where('id', '=', current.user_file_id)
              .where('kind', '=', 'avatar')
              .where('owner_user_id', '=', opts.user.id)
              .returning('storage_name')
              .executeTakeFirst();
      return { fileId: row.id, replaced: old?.storage_name };
    })
    .catch(async (error: unknown) => {
      // Refused after all (another upload took the room meanwhile): the file no row names goes too.
      await removeUpload(opts.config, opts.user.site_id, storageName);
      throw error;
    });
  // After the commit: a crash before this leaves a file no row names, which is never served.
  if (replaced) await removeUpload(opts.config, opts.user.site_id, replaced);
  return { fileId, storageName };
}

/**
 * Removes a stored upload. The row that named it is gone already, so the file is never served again: a file that
 * cannot be removed (a failing disk, an unreachable store) must not fail the upload that replaced it.
 */
export async function removeUpload(config: Config, siteId: number, storageName: string): Promise<void> {
  await mediaStore(config)
    .remove(siteId, storageName)
    .catch(() => undefined);
}
