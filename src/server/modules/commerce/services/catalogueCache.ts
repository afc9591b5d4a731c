import type { Db } from '../../../platform/db';
import { GzipPieces, keepPiece } from '../../../platform/http/gzipPieces';
import { BoundedCache } from '../../../platform/lib/lru';

/**
 * The shop's public answers (the catalogue, a product's page) kept serialized and gzipped per process: a visitor's
 * /products then costs no query, no JSON and no compression. A change made through this process forgets its site's
 * answers at once; one made through another process shows here within CATALOGUE_TTL_MS (and a course's outline,
 * which authoring changes, within the same).
 */
export const CATALOGUE_TTL_MS = 5_000;
const LIMITS = { entries: 2_000, bytes: 64 * 1024 * 1024 };

interface Entry {
  until: number;
  value: unknown;
}

const caches = new WeakMap<Db, { answers: BoundedCache<Entry>; generations: Map<number, number> }>();

function cacheOf(db: Db) {
  let cache = caches.get(db);
  if (!cache) {
    cache = { answers: new BoundedCache<Entry>(LIMITS), generations: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/** A JSON answer as one kept piece: written and deflated once, sent as it is to every request that takes it. */
export function keptJson(answer: unknown): { pieces: GzipPieces; bytes: number } {
  const text = Buffer.from(JSON.stringify(answer));
  const pieces = new GzipPieces();
  pieces.keep(keepPiece(text));
  return { pieces, bytes: text.length * 2 };
}

/** The site's answer under `key`, made by `make` when it is not kept or has aged; `make` tells its size in bytes. */
export async function cachedForSite<T>(
  db: Db,
  siteId: number,
  key: string,
  make: () => Promise<{ value: T; bytes: number }>,
): Promise<T> {
  const cache = cacheOf(db);
  const fullKey = `${siteId}:${cache.generations.get(siteId) ?? 0}:${key}`;
  const hit = cache.answers.get(fullKey);
  if (hit && hit.until > Date.now()) return hit.value as T;
  const made = await make();
  cache.answers.set(fullKey, { until: Date.now() + CATALOGUE_TTL_MS, value: made.value }, made.bytes);
  return made.value;
}

/** Forgets every answer kept for a site (its products or the shop's settings changed). */
export function forgetCatalogue(db: Db, siteId: number): void {
  const { generations } = cacheOf(db);
  generations.set(siteId, (generations.get(siteId) ?? 0) + 1);
}
