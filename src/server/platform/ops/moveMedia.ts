/**
 * `npm run media:move -- --site <id>`: moves one site's media from `<DATA_DIR>/uploads/<site id>/` into the object
 * store the S3_* variables name (see README), with the server's own configuration, while the server runs.
 *
 * Each medium is written to the store, read back and compared byte for byte (SHA-256), and only then is its file
 * on disk removed. Run again after an interruption, it picks up where it stopped: a medium already in the store is
 * verified again and its leftover file removed, one that is only in the store is counted as moved before. Servers
 * configured with the store read a medium not moved yet from the disk (files/storage.ts `movingStore`), so the
 * site is served throughout.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type Config, loadConfig } from '../config';
import { createDatabase, type Db } from '../db';
import { diskStore, type MediaStore, s3Store } from '../files/storage';
import { isMainModule, option } from './tools';

export interface MoveResult {
  /** Media written to the store and verified by this run. */
  moved: number;
  /** Media found in the store only: moved by an earlier run. */
  alreadyMoved: number;
  /** Media whose file is neither on disk nor in the store. */
  missing: string[];
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Moves a site's media from `from` (the disk) to `to` (the object store); see the file's comment. */
export async function moveSiteMedia(
  db: Db,
  opts: { siteId: number; from: MediaStore; to: MediaStore; log?: (line: string) => void },
): Promise<MoveResult> {
  const { siteId, from, to } = opts;
  const rows = await db
    .selectFrom('media_files')
    .select(['storage_name', 'mime_type'])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .execute();
  const result: MoveResult = { moved: 0, alreadyMoved: 0, missing: [] };
  for (const row of rows) {
    const local = await from.read(siteId, row.storage_name);
    if (!local) {
      if ((await to.size(siteId, row.storage_name)) === null) result.missing.push(row.storage_name);
      else result.alreadyMoved += 1;
      continue;
    }
    const bytes = await readAll(local);
    const expected = createHash('sha256').update(bytes).digest('hex');
    const stored = await to.read(siteId, row.storage_name);
    // Written unless an earlier, interrupted run already stored the very same bytes.
    if (!stored || (await sha256(stored)) !== expected) {
      await to.write(siteId, row.storage_name, bytes, row.mime_type);
      const check = await to.read(siteId, row.storage_name);
      if (!check || (await sha256(check)) !== expected) {
        throw new Error(`${row.storage_name}: the store does not give back the bytes written; the file stays on disk`);
      }
    }
    await from.remove(siteId, row.storage_name);
    result.moved += 1;
    opts.log?.(`moved ${row.storage_name} (${bytes.length} bytes)`);
  }
  return result;
}

/** The command: the configured database and disk, and the configured store, which must exist. */
export async function moveMediaCommand(config: Config, siteId: number, log: (line: string) => void) {
  if (!config.s3) throw new Error('No object store is configured: set S3_BUCKET (and S3_ENDPOINT, …), see README');
  const db = createDatabase({ url: config.databaseUrl });
  try {
    const site = await db.selectFrom('sites').select('id').where('id', '=', siteId).executeTakeFirst();
    if (!site) throw new Error(`There is no site ${siteId}`);
    return await moveSiteMedia(db, { siteId, from: diskStore(config), to: s3Store(config.s3), log });
  } finally {
    await db.destroy();
  }
}

if (isMainModule(import.meta.url)) {
  try {
    const site = option(process.argv.slice(2), 'site');
    if (!site || !/^\d{1,10}$/.test(site)) throw new Error('Name the site: npm run media:move -- --site <id>');
    const log = (line: string) => process.stderr.write(`${line}\n`);
    const result = await moveMediaCommand(loadConfig(), Number(site), log);
    process.stdout.write(
      `Site ${site}: ${result.moved} moved and verified, ${result.alreadyMoved} moved before, ${result.missing.length} missing\n`,
    );
    for (const name of result.missing) process.stderr.write(`missing: ${name}\n`);
    if (result.missing.length > 0) process.exit(2);
  } catch (error) {
    process.stderr.write(`Moving media failed: ${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  }
}
