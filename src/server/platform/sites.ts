import { normalizeHost } from '../../shared/domain/site/sites';
import type { Db } from './db';
import type { SiteRow } from './db/schema';

/** The site of a request that names none and comes to no host of a site; the one the environment configures. */
export const MAIN_SITE = 'main';

const CACHE_MS = 10_000;
/** Lookups kept per database, of names and of hosts each; past it the cache starts over (bounded memory). */
const CACHE_ENTRIES = 1000;

interface Cached<T> {
  value: T;
  until: number;
}
const caches = new WeakMap<Db, Map<string, Cached<SiteRow | undefined>>>();
const hostCaches = new WeakMap<Db, Map<string, Cached<string | undefined>>>();

function cacheOf<T>(store: WeakMap<Db, Map<string, Cached<T>>>, db: Db): Map<string, Cached<T>> {
  let cache = store.get(db);
  if (!cache) {
    cache = new Map();
    store.set(db, cache);
  }
  return cache;
}

function remember<T>(store: WeakMap<Db, Map<string, Cached<T>>>, db: Db, key: string, value: T): void {
  const cache = cacheOf(store, db);
  if (cache.size >= CACHE_ENTRIES) cache.clear();
  cache.set(key, { value, until: Date.now() + CACHE_MS });
}

/** The site a `site` header names while a lookup of it is fresh: no database, no promise. */
export function cachedSite(db: Db, name: string): SiteRow | undefined {
  const hit = caches.get(db)?.get(name);
  return hit && hit.until > Date.now() ? hit.value : undefined;
}

/**
 * The site a `site` header names. Sites change rarely and are read by every call, so a lookup is kept
 * for a few seconds; a change reaches every process within that time.
 */
export async function findSite(db: Db, name: string): Promise<SiteRow | undefined> {
  const cached = cachedSite(db, name);
  if (cached) return cached;
  const site = await db.selectFrom('sites').selectAll().where('name', '=', name).executeTakeFirst();
  remember(caches, db, name, site);
  return site;
}

/** Forgets this process's lookup of a site, after a change of its settings: the next call reads the row. */
export function forgetSite(db: Db, name: string): void {
  caches.get(db)?.delete(name);
}

/**
 * The name of the site a host name serves (`site_hosts`), or undefined for a host no site has: a request without
 * a `site` header is then the main site's. Kept like the sites' lookups, unknown hosts included, so a flood of
 * made-up Host headers costs one read each at most every few seconds and never more memory than the bound.
 */
export async function siteNameOfHost(db: Db, hostname: string): Promise<string | undefined> {
  const host = normalizeHost(hostname);
  if (!host) return undefined;
  const hit = hostCaches.get(db)?.get(host);
  if (hit && hit.until > Date.now()) return hit.value;
  const row = await db
    .selectFrom('site_hosts')
    .innerJoin('sites', 'sites.id', 'site_hosts.site_id')
    .select('sites.name')
    .where('site_hosts.host', '=', host)
    .executeTakeFirst();
  remember(hostCaches, db, host, row?.name);
  return row?.name;
}

/** Forgets this process's lookup of a host, after it was added to or removed from a site. */
export function forgetHost(db: Db, host: string): void {
  hostCaches.get(db)?.delete(host);
}
