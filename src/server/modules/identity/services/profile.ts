import { randomBytes } from 'node:crypto';
import type { Language } from '../../../../shared/domain/language';
import { MAX_PHOTO_BYTES } from '../../../../shared/domain/learning/course';
import type { Config } from '../../../platform/config';
import { type Db, lockedForUpdate, now } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { type ImagePurpose, reencodeImage } from '../../../platform/files/images';
import { assertStorageRoom } from '../../../platform/files/quota';
import { mediaStore } from '../../../platform/files/storage';
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

/** A profile photo: a square of 512 px. */
const PHOTO: ImagePurpose = { label: 'a profile photo', width: 512, height: 512, fit: 'cover' };

export { MAX_IMAGE_PIXELS as MAX_PHOTO_PIXELS, MAX_IMAGE_SIDE as MAX_PHOTO_SIDE } from '../../../platform/files/images';

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
  const image = await reencodeImage(opts.upload, opts.upload, PHOTO);
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
