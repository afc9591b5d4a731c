import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/shared/errors';
import { namespaces, resources } from '../../src/shared/i18n';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a bundle as a dotted key with its value. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [leaf, text] of leaves(value, path)) found.set(leaf, text);
    } else {
      found.set(path, value);
    }
  }
  return found;
}

const languages = Object.keys(resources) as (keyof typeof resources)[];
const bundle = (language: keyof typeof resources, namespace: string) =>
  leaves((resources[language] as unknown as Record<string, Tree>)[namespace] ?? {});

describe('i18n bundles', () => {
  it('every language has every namespace', () => {
    for (const language of languages) {
      expect(Object.keys(resources[language]).sort()).toEqual([...namespaces].sort());
    }
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    it('has the same keys in every language', () => {
      const english = [...bundle('en', namespace).keys()].sort();
      for (const language of languages) {
        const keys = [...bundle(language, namespace).keys()].sort();
        const missing = english.filter((k) => !keys.includes(k));
        const extra = keys.filter((k) => !english.includes(k));
        expect({ language, missing, extra }).toEqual({ language, missing: [], extra: [] });
      }
    });

    it('has no empty or non-text value', () => {
      for (const language of languages) {
        const bad = [...bundle(language, namespace)]
          .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
          .map(([key]) => key);
        expect({ language, bad }).toEqual({ language, bad: [] });
      }
    });

    it('uses the same interpolation variables in every language', () => {
      const variables = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
      const english = bundle('en', namespace);
      for (const language of languages) {
        for (const [key, text] of bundle(language, namespace)) {
          if (english.has(key))
            expect({ key, vars: variables(text) }).toEqual({ key, vars: variables(english.get(key)) });
        }
      }
    });
  });

  it('every error code has a text', () => {
    for (const language of languages) {
      const texts = bundle(language, 'errors');
      expect(errorCodes.filter((code) => !texts.has(code))).toEqual([]);
    }
  });
});
