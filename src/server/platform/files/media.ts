import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import type { MediaFileRow } from '../db/schema';
import { sendError } from '../dispatcher';
import { AppError } from '../errors';
import { linkKey, signLink } from './signing';
import { type ByteRange, mediaStore } from './storage';

/**
 * Course media are files in the media store (storage.ts: a site's folder on disk, or an object store). A <video> or <a download> cannot send the
 * Authorization header, so a viewer who may see a medium gets a link signed with a key every server process
 * shares (kept in the database): `/media/<id>?e=<expiry>&s=<signature>`. Profile photos are public by id.
 */

/** A link stays valid for 3 to 6 hours: its expiry is rounded up to a 3-hour step, so answers stay cacheable. */
const LINK_STEP_SECONDS = 3 * 3600;

/** The signing key of this database (made by its migration), read once per process. */
export const mediaKey = linkKey;

const signature = (key: Buffer, siteId: number, fileId: number, expiry: number) =>
  signLink(key, `${siteId}.${fileId}`, expiry);

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

/**
 * The one range of a `Range: bytes=…` header within a file of `size` bytes: `'whole'` when the header is absent or
 * asks for several ranges (a server may answer those with the whole file), null when it cannot be satisfied.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'whole' | null {
  if (!header) return 'whole';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return header.includes(',') || !header.startsWith('bytes=') ? 'whole' : null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    return suffix === 0 || size === 0 ? null : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start >= size || end < start ? null : { start, end };
}

/**
 * Answers with a medium from the store, the same on disk and in an object store: the whole file, or the one range
 * a Range request asks for (a video seeks with them), streamed through this server.
 */
async function sendMedia(
  reply: FastifyReply,
  config: Config,
  file: MediaFileRow,
  cacheControl: string,
  request: FastifyRequest,
) {
  const store = mediaStore(config);
  const size = await store.size(file.site_id, file.storage_name);
  if (size === null) return sendError(reply, new AppError('NOT_FOUND', 'File not found'));
  const range = requestedRange(request.headers.range, size);
  reply
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes')
    .header('last-modified', new Date(file.created_at).toUTCString());
  if (file.kind === 'file') {
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.original_name)}`);
  }
  if (range === null) {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  if (range !== 'whole') {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  }
  const length = range === 'whole' ? size : range.end - range.start + 1;
  reply.type(file.mime_type).header('content-length', length);
  // A HEAD answers the headers alone: the file is not read (from an object store, not fetched) for it.
  if (request.method === 'HEAD') return reply.send();
  const body = await store.read(file.site_id, file.storage_name, range === 'whole' ? undefined : range);
  if (!body) return sendError(reply, new AppError('NOT_FOUND', 'File not found'));
  return reply.send(body);
}

const fileIdOf = (raw: string) => (/^\d{1,10}$/.test(raw) ? Number(raw) : null);

export function registerMediaRoutes(app: FastifyInstance, opts: { db: Db; config: Config }): void {
  const { db, config } = opts;

  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/avatar/:id',
    handler: async (request, reply) => {
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
      return sendMedia(reply, config, file, 'public, max-age=86400', request);
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/:id',
    handler: async (request, reply) => {
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
      return sendMedia(reply, config, file, `private, max-age=${maxAge}`, request);
    },
  });
}
