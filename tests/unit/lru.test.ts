import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/server/platform/lib/lru';

describe('BoundedCache', () => {
  it('keeps at most its number of entries, dropping the least recently used', () => {
    const cache = new BoundedCache<string>({ entries: 2, bytes: 1000 });
    cache.set('a', 'A', 1);
    cache.set('b', 'B', 1);
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', 1);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual(['A', 'C', 2]);
  });

  it('keeps at most its bytes, and never a value larger than all of them', () => {
    const cache = new BoundedCache<string>({ entries: 10, bytes: 100 });
    cache.set('a', 'A', 60);
    cache.set('b', 'B', 30);
    cache.set('c', 'C', 30);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.bytes]).toEqual([undefined, 'B', 'C', 60]);
    cache.set('huge', 'H', 101);
    expect([cache.get('huge'), cache.size]).toEqual([undefined, 2]);
    cache.set('b', 'B2', 10);
    cache.delete('c');
    expect([cache.get('b'), cache.bytes, cache.size]).toEqual(['B2', 10, 1]);
  });
});
