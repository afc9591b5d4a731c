import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';

/**
 * Signed links: an address that a browser follows without the Authorization header (a <video>, an <a download>)
 * carries its expiry and an HMAC of what it grants, made with a key every server process shares (kept in the
 * database by its migration). What a link grants is its `subject`: each kind of link spells its own, so a
 * signature of one kind never passes for another (media: `<site>.<file>`; a course export: `course-export.…`).
 */

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The signing key of this database, read once per process. */
export function linkKey(db: Db): Promise<Buffer> {
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

/** The signature of `subject` until `expiry` (seconds since the epoch), URL-safe. */
export const signLink = (key: Buffer, subject: string, expiry: number): string =>
  createHmac('sha256', key).update(`${subject}.${expiry}`).digest('base64url');

/**
 * Whether `signature` (from the link's query) signs `subject` until `expiry` (also from the query, unparsed) and
 * that moment is still to come. Compared in constant time.
 */
export function linkValid(key: Buffer, subject: string, expiry: unknown, signature: unknown): boolean {
  const seconds = Number(expiry);
  if (typeof expiry !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expiry)) return false;
  const expected = Buffer.from(signLink(key, subject, seconds));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) && seconds * 1000 >= Date.now();
}
