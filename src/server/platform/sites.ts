import type { Db } from './db';
import type { SiteRow } from './db/schema';

const CACHE_MS = 10_000;
const caches = new WeakMap<Db, Map<string, { site: SiteRow | undefined; until: number }>>();

/** The site a `site` header names while a lookup of it is fresh: no database, no promise. */
export function cachedSite(db: Db, name: string): SiteRow | undefined {
  const hit = caches.get(db)?.get(name);
  return hit && hit.until > Date.now() ? hit.site : undefined;
}

/**
 * The site a `site` header names. Sites change rarely and are read by every call, so a lookup is kept
 * for a few seconds; a change reaches every process within that time.
 */
export async function findSite(db: Db, name: string): Promise<SiteRow | undefined> {
  const cached = cachedSite(db, name);
  if (cached) return cached;
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const site = await db.selectFrom('sites').selectAll().where('name', '=', name).executeTakeFirst();
  if (cache.size > 1000) cache.clear();
  cache.set(name, { site, until: Date.now() + CACHE_MS });
  return site;
}

/** Forgets this process's lookup of a site, after a change of its settings: the next call reads the row. */
export function forgetSite(db: Db, name: string): void {
  caches.get(db)?.delete(name);
}
