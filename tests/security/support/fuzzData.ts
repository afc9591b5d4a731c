import type { z } from 'zod';
import { defOf } from './validData';

/**
 * The data side of fuzzing: whether the server must refuse a data text (docs/api.md § Validation), how to make
 * valid data refusable while keeping the distortion under test, and small helpers that copy objects without
 * ever turning a `__proto__` key into a prototype.
 */

/** A private-use character marking where bytes or text too odd (or too big) for JSON.stringify are spliced in. */
export const PLACEHOLDER = '\ue000';

/** Deeper than any call's data may nest (docs/api.md: 32 levels), with room so the edge is not guessed at. */
const SURELY_TOO_DEEP = 40;

function depthAndNul(value: unknown): { depth: number; nul: boolean } {
  let depth = 0;
  let nul = false;
  const stack: { value: unknown; level: number }[] = [{ value, level: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; level: number };
    if (typeof item.value === 'string') nul ||= item.value.includes('\u0000');
    if (typeof item.value !== 'object' || item.value === null) continue;
    depth = Math.max(depth, item.level + 1);
    for (const [key, child] of Object.entries(item.value)) {
      nul ||= key.includes('\u0000');
      stack.push({ value: child, level: item.level + 1 });
    }
  }
  return { depth, nul };
}

/** Whether the server must refuse `data` (as the text it reads) for a schema; an empty text means `{}`. */
export function mustRefuse(schema: z.ZodType | undefined, dataText: string | undefined): boolean {
  if (!schema) return true;
  const text = dataText === undefined || dataText.trim() === '' ? '{}' : dataText;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return true;
  }
  const { depth, nul } = depthAndNul(value);
  if (nul || depth > SURELY_TOO_DEEP) return true;
  return !schema.safeParse(value).success;
}

/** Sets an own property, even one named `__proto__`, on a copy. */
// Object.fromEntries defines own properties, so a key `__proto__` stays a key and never becomes a prototype.
export const withOwn = (value: object, key: string, child: unknown): Record<string, unknown> =>
  Object.fromEntries([...Object.entries(value), [key, child]]);

export const withoutKeys = (value: object, keys: string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Paths of every value inside an object (its fields, and fields of nested objects). */
export function pathsIn(value: unknown, path: string[] = []): string[][] {
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => [[...path, k], ...pathsIn(v, [...path, k])]);
}

export function setAt(value: unknown, path: string[], child: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return child;
  const base = isRecord(value) ? value : {};
  return withOwn(base, head, setAt(base[head], rest, child));
}

/** Paths of the string values inside an object. */
export const stringPaths = (value: unknown) =>
  pathsIn(value).filter(
    (p) => typeof p.reduce<unknown>((v, k) => (isRecord(v) ? v[k] : undefined), value) === 'string',
  );

/** The fields the call's object schema declares (none for a schema that is not an object). */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? {};
  if (def.type === 'pipe' && def.in) return shapeOf(def.in);
  return {};
}

/**
 * The data made refusable, keeping the distortion under test: unchanged when already refused; else with a
 * declared field set to a value of the wrong type; else (a schema with no fields to spoil) wrapped in an array.
 * Null when nothing works (a schema that takes anything).
 */
export function refusable(schema: z.ZodType, value: unknown): unknown | null {
  if (mustRefuse(schema, JSON.stringify(value))) return value;
  if (isRecord(value)) {
    for (const [key, field] of Object.entries(shapeOf(schema))) {
      if (field.safeParse({ spoiled: [true] }).success) continue;
      const spoiled = withOwn(value, key, { spoiled: [true] });
      if (mustRefuse(schema, JSON.stringify(spoiled))) return spoiled;
    }
  }
  return mustRefuse(schema, JSON.stringify([value])) ? [value] : null;
}
