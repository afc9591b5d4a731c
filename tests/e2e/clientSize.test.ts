import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_JS_BUDGET, measureClient } from '../../bench/clientSize';

/**
 * The JavaScript a browser loads before it can show `/` (the sign-in page), read from the build this stage runs
 * against. A page or library added to the first load shows up here, not months later in a slow phone's profile.
 */
describe('the built client', () => {
  const pages = measureClient(process.env.CLIENT_DIR ?? 'dist/client');

  it(`loads at most ${FIRST_LOAD_JS_BUDGET / 1000} kB of gzipped JavaScript for /`, () => {
    const root = pages.find((page) => page.path === '/');
    const biggest = root?.files
      .filter((f) => f.file.endsWith('.js'))
      .slice(0, 5)
      .map((f) => `${f.file} ${(f.gzip / 1000).toFixed(1)} kB`);
    expect(root?.jsGzip, `first-load JavaScript of / (largest: ${biggest?.join(', ')})`).toBeLessThan(
      FIRST_LOAD_JS_BUDGET,
    );
  });
});
