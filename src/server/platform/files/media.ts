import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import type { MediaFileRow } from '../db/schema';
import { sendError } from '../dispatcher';
import { AppError } from '../errors';

/**
 * Course media are files under `<DATA_DIR>/uploads/<site id>/`. A <video> or <a download> cannot send the
 * Authorization header, so a viewer who may see a medium gets a link signed with a key every server process
 * shares (kept in the database): `/media/<id>?e=<expiry>&s=<signature>`. Profile photos are public by id.
 */

/** A link stays valid for 3 to 6 hours: its expiry is rounded up to a 3-hour step, so answers stay cacheable. */
const LINK_STEP_SECONDS = 3 * 3600;

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The signing key of this database (made by its migration), read once per process. */
export function mediaKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'media')
      .executeTakeFirstOrThrow()
      .then((row) => Buffer.from(row.value, 'base64'));
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const signature = (key: Buffer, siteId: number, fileId: number, expiry: number) =>
  createHmac('sha256', key).update(`${siteId}.${fileId}.${expiry}`).digest('base64url');

/**
 * The expiry (Unix seconds) of a link signed now: the same for 3 hours, and then at least 3 hours away. Links made
 * with it may be kept and handed out again while it stays the current one (a cached course).
 */
export function linkExpiry(): number {
  const seconds = Math.floor(Date.now() / 1000);
  return (Math.floor(seconds / LINK_STEP_SECONDS) + 2) * LINK_STEP_SECONDS;
}

/** Makes signed links for one request's media (or with a given `linkExpiry`); the key is read once. */
export async function mediaSigner(db: Db, siteId: number, expiry = linkExpiry()): Promise<(fileId: number) => string> {
  const key = await mediaKey(db);
  return (fileId) => `/media/${fileId}?e=${expiry}&s=${signature(key, siteId, fileId, expiry)}`;
}

export const avatarUrl = (userFileId: number) => `/media/avatar/${userFileId}`;

export const uploadDir = (config: Config, siteId: number) => path.join(config.dataDir, 'uploads', String(siteId));

function sendMedia(reply: FastifyReply, config: Config, file: MediaFileRow, cacheControl: string) {
  const dir = uploadDir(config, file.site_id);
  if (!fs.existsSync(path.join(dir, file.storage_name))) {
    return sendError(reply, new AppError('NOT_FOUND', 'File not found'));
  }
  reply.header('cache-control', cacheControl).header('x-content-type-options', 'nosniff');
  if (file.kind === 'file') {
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.original_name)}`);
  }
  // sendFile answers Range requests (seeking in a video). Its own `public, max-age=0` would replace the policy
  // above, which is the medium's: a signed link's answer is private and lives as long as the link.
  return reply.type(file.mime_type).sendFile(file.storage_name, dir, { cacheControl: false });
}

const fileIdOf = (raw: string) => (/^\d{1,10}$/.test(raw) ? Number(raw) : null);

export function registerMediaRoutes(app: FastifyInstance, opts: { db: Db; config: Config }): void {
  const { db, config } = opts;

  app.get('/media/avatar/:id', async (request, reply) => {
    const id = fileIdOf((request.params as { id: string }).id);
    const file = id
      ? await db
          .selectFrom('media_files')
          .selectAll()
          .where('id', '=', id)
          .where('kind', '=', 'avatar')
          .executeTakeFirst()
      : undefined;
    if (!file) return sendError(reply, new AppError('NOT_FOUND', 'File not found'));
    // A new photo gets a new id, so a photo never changes under its address.
    return sendMedia(reply, config, file, 'public, max-age=86400');
  });

  app.get('/media/:id', async (request, reply) => {
    const id = fileIdOf((request.params as { id: string }).id);
    const { e, s } = request.query as { e?: string; s?: string };
    const expiry = Number(e);
    const file = id
      ? await db.selectFrom('media_files').selectAll().where('id', '=', id).executeTakeFirst()
      : undefined;
    if (!file || typeof s !== 'string' || !Number.isInteger(expiry)) {
      return sendError(reply, new AppError('NOT_FOUND', 'File not found'));
    }
    const expected = Buffer.from(signature(await mediaKey(db), file.site_id, file.id, expiry));
    const given = Buffer.from(s);
    if (given.length !== expected.length || !timingSafeEqual(given, expected) || expiry * 1000 < Date.now()) {
      return sendError(reply, new AppError('FORBIDDEN', 'This link is not valid (any more)'));
    }
    const maxAge = Math.max(0, expiry - Math.floor(Date.now() / 1000));
    return sendMedia(reply, config, file, `private, max-age=${maxAge}`);
  });
}
