import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Profile } from '../../shared/contract/profile';
import { MAX_PHOTO_BYTES } from '../../shared/domain/course';
import type { Config } from '../config';
import { type Db, now } from '../db';
import type { UserRow } from '../db/schema';
import { AppError } from '../errors';
import { uploadDir } from '../files/media';
import { companyNameOf } from './users';

export async function getProfile(db: Db, user: UserRow): Promise<Profile> {
  return {
    Id: user.id,
    Username: user.email,
    FirstName: user.first_name,
    LastName: user.last_name,
    UserFileId: user.user_file_id,
    UserType: user.user_type,
    CollectXp: user.collect_xp === 1,
    TotalXp: user.total_xp,
    CompanyName: await companyNameOf(db, user),
  };
}

export async function updateProfile(
  db: Db,
  opts: { user: UserRow; firstName: string; lastName: string; collectXp: boolean },
): Promise<Profile> {
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
 * Stores a new profile photo: the upload is decoded and re-encoded (WebP, at most 512 px, no metadata), so what
 * is served is an image the server made, never the bytes it was sent. The file is written before the row that
 * names it, so an acknowledged photo is never a row without its file.
 */
export async function saveProfilePhoto(
  db: Db,
  opts: { config: Config; user: UserRow; upload: Buffer; originalName: string },
): Promise<{ fileId: number; storageName: string }> {
  if (opts.upload.length > MAX_PHOTO_BYTES)
    throw new AppError('FILE_TOO_LARGE', 'File size too large, filesize limit 2MB!');
  let image: Buffer;
  try {
    // Loaded on the first photo: libvips is about 20 MB of the process that most requests never need.
    const { default: sharp } = await import('sharp');
    const meta = await sharp(opts.upload).metadata();
    if (!['jpeg', 'png', 'webp', 'gif'].includes(meta.format ?? '')) throw new Error(`format ${meta.format}`);
    image = await sharp(opts.upload, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_FILE', 'The file is not a JPEG, PNG, WebP or GIF image');
  }
  const dir = uploadDir(opts.config, opts.user.site_id);
  fs.mkdirSync(dir, { recursive: true });
  const storageName = `avatar-${opts.user.id}-${randomBytes(8).toString('hex')}.webp`;
  const file = path.join(dir, storageName);
  const handle = await fs.promises.open(file, 'w');
  try {
    await handle.writeFile(image);
    await handle.sync();
  } finally {
    await handle.close();
  }
  const at = now();
  const fileId = await db.transaction().execute(async (trx) => {
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
    return row.id;
  });
  return { fileId, storageName };
}
