import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../src/shared/domain/storage';

/** The script index.html runs before the first paint, run here against a stored value and a system setting. */
const script = fs.readFileSync('src/client/public/color-scheme.js', 'utf8');

function schemeBeforePaint(stored: string | null, systemDark: boolean): string | undefined {
  const attributes: Record<string, string> = {};
  const run = new Function('localStorage', 'matchMedia', 'document', script);
  run(
    { getItem: (key: string) => (key === storageKeys.darkMode ? stored : null) },
    (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark }),
    { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } },
  );
  return attributes['data-mantine-color-scheme'];
}

describe('the colour scheme before the first paint (spec §3 darkMode)', () => {
  it('follows the system while nothing is stored', () => {
    expect(schemeBeforePaint(null, true)).toBe('dark');
    expect(schemeBeforePaint(null, false)).toBe('light');
  });

  it('takes a stored choice over the system', () => {
    expect(schemeBeforePaint('false', true)).toBe('light');
    expect(schemeBeforePaint('true', false)).toBe('dark');
  });

  it('leaves the choice to the app when storage is blocked', () => {
    const run = new Function('localStorage', 'matchMedia', 'document', script);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => run(blocked, () => ({ matches: false }), {})).not.toThrow();
  });
});
