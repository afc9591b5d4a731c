import type { Db } from './db';
import type { SiteRow } from './db/schema';

const CACHE_MS = 10_000;
const caches = new WeakMap<Db, Map<string, { site: SiteRow | undefined; until: number }>>();

/**
 * The site a `site` header names. Sites change rarely and are read by every call, so a lookup is kept
 * for a few seconds; a change reaches every process within that time.
 */
export async function findSite(db: Db, name: string): Promise<SiteRow | undefined> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(name);
  if (hit && hit.until > Date.now() && hit.site) return hit.site;
  const site = await db.selectFrom('sites').selectAll().where('name', '=', name).executeTakeFirst();
  if (cache.size > 1000) cache.clear();
  cache.set(name, { site, until: Date.now() + CACHE_MS });
  return site;
}
