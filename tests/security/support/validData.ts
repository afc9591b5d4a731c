import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Valid data for any call, derived from its zod 4 schema, so the security suite reaches past the data schema
 * of every call the contract declares, including calls added later. The generator reads the schema's
 * definition (`_zod.def`) and knows the shapes the contract uses; a shape it does not know is an error that
 * names it, not a silent gap. Everything it makes is checked with the schema itself before it is used, which
 * also covers refinements the generator cannot read.
 */

/** The parts of a zod 4 definition the generator reads (zod's own types are a union too wide to narrow here). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  format?: string;
  checks?: { _zod: { def: CheckDef } }[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Whether a field of an object may be left out (optional, or with a default). */
export const isOptionalField = (schema: z.ZodType): boolean =>
  (schema as unknown as { _zod: { optin?: string } })._zod.optin !== undefined;

export type FieldPath = readonly string[];

export interface GenerateOptions {
  /** Consulted first for every value: lets a test choose a field's values (ids of known rows, the caller's own id). */
  hint?: (path: FieldPath, schema: z.ZodType) => fc.Arbitrary<unknown> | undefined;
  /** Optional fields: present or not at random, always left out (the smallest valid data), or always present. */
  optional?: 'random' | 'omit' | 'include';
  /** Longest string made where the schema allows longer (default 40). */
  maxStringLength?: number;
}

const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

function lengthBounds(def: Def, cap: number): { minLength: number; maxLength: number } {
  let minLength = 0;
  let maxLength = Number.POSITIVE_INFINITY;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum !== undefined) minLength = Math.max(minLength, check.minimum);
    if (check.check === 'max_length' && check.maximum !== undefined) maxLength = Math.min(maxLength, check.maximum);
    if (check.check === 'length_equals' && check.length !== undefined) minLength = maxLength = check.length;
  }
  return { minLength, maxLength: Math.min(maxLength, Math.max(minLength, cap)) };
}

const label = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
  minLength: 1,
  maxLength: 12,
});
const emailArbitrary = fc.tuple(label, label).map(([local, domain]) => `${local}@${domain}.test`);

function stringArbitrary(def: Def, cap: number): fc.Arbitrary<string> {
  const format = def.format ?? checksOf(def).find((c) => c.check === 'string_format')?.format;
  const { minLength, maxLength } = lengthBounds(def, cap);
  switch (format) {
    case undefined:
      return fc.string({ minLength, maxLength });
    case 'email':
      return emailArbitrary;
    case 'url':
      return label.map((path) => `https://example.test/${path}`);
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'datetime':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'regex': {
      // Strings the pattern matches (random ones seldom do: `sk_…`), cut to the length bounds.
      const pattern = checksOf(def).find((c) => c.format === 'regex')?.pattern;
      if (!pattern) return fc.string({ minLength, maxLength });
      return fc
        .stringMatching(pattern)
        .filter((text) => text.length >= minLength && text.length <= Math.max(maxLength, minLength));
    }
    default:
      // Formats without a generator of their own still get strings; the schema filters them below.
      return fc.string({ minLength, maxLength });
  }
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const integer = checks.some((c) => c.check === 'number_format' && /int/.test(c.format ?? ''));
  let min = integer ? -1_000_000 : -1e6;
  let max = integer ? 1_000_000 : 1e6;
  let minExclusive = false;
  let maxExclusive = false;
  for (const check of checks) {
    if (check.check === 'greater_than' && check.value !== undefined) {
      min = check.value;
      minExclusive = !check.inclusive;
    }
    if (check.check === 'less_than' && check.value !== undefined) {
      max = check.value;
      maxExclusive = !check.inclusive;
    }
  }
  if (integer) {
    return fc.integer({
      min: Math.ceil(minExclusive ? min + 1 : min),
      max: Math.floor(maxExclusive ? max - 1 : max),
    });
  }
  return fc.double({ min, max, minExcluded: minExclusive, maxExcluded: maxExclusive, noNaN: true });
}

/** An arbitrary of values of the schema's shape (mostly valid; `validArbitrary` keeps the valid ones). */
export function arbitraryFor(
  schema: z.ZodType,
  options: GenerateOptions = {},
  path: FieldPath = [],
): fc.Arbitrary<unknown> {
  const hinted = options.hint?.(path, schema);
  if (hinted) return hinted;
  const def = defOf(schema);
  const optional = options.optional ?? 'random';
  const inner = (child: z.ZodType, childPath: FieldPath = path) => arbitraryFor(child, options, childPath);
  const leaf = <T>(arbitrary: fc.Arbitrary<T>) => arbitrary.filter((v) => schema.safeParse(v).success);

  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, child] of Object.entries(shape)) {
        const optionalField = isOptionalField(child);
        if (optionalField && optional === 'omit') continue;
        model[key] = inner(child, [...path, key]);
        if (!optionalField || optional === 'include') requiredKeys.push(key);
      }
      return fc.record(model, { requiredKeys });
    }
    case 'string':
      return leaf(stringArbitrary(def, options.maxStringLength ?? 40));
    case 'number':
      return leaf(numberArbitrary(def));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'any':
    case 'unknown':
      return fc.jsonValue();
    case 'optional':
    case 'default':
    case 'prefault':
      // Inside an object the field itself comes and goes; standing alone, the inner value is what counts.
      return inner(def.innerType as z.ZodType);
    case 'nullable':
      return optional === 'random'
        ? fc.option(inner(def.innerType as z.ZodType), { nil: null })
        : inner(def.innerType as z.ZodType);
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType as z.ZodType);
    case 'lazy':
      return inner((def.getter as () => z.ZodType)());
    case 'array': {
      const { minLength, maxLength } = lengthBounds(def, 5);
      return fc.array(inner(def.element as z.ZodType, [...path, '0']), { minLength, maxLength });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item, i) => inner(item, [...path, String(i)])));
    case 'record':
      return fc.dictionary(
        inner(def.keyType as z.ZodType) as fc.Arbitrary<string>,
        inner(def.valueType as z.ZodType, [...path, '*']),
        { maxKeys: 5 },
      );
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
    case 'intersection':
      return fc
        .tuple(inner(def.left as z.ZodType), inner(def.right as z.ZodType))
        .map(([left, right]) => ({ ...(left as object), ...(right as object) }));
    case 'pipe': {
      // `z.string().trim().pipe(z.email())`: the output schema says what the value must look like; a transform
      // cannot be generated backwards, so then the input schema is the guide.
      const out = def.out as z.ZodType;
      return defOf(out).type === 'transform' ? inner(def.in as z.ZodType) : inner(out);
    }
    default:
      throw new Error(`validData: no generator for the zod type '${def.type}' at data.${path.join('.')}`);
  }
}

/** Values the schema accepts. */
export const validArbitrary = (schema: z.ZodType, options: GenerateOptions = {}) =>
  arbitraryFor(schema, options).filter((value) => schema.safeParse(value).success);

/**
 * Valid data for a schema, made from a seed so a failure can be replayed. Throws, naming the schema's
 * complaint, when no valid value turns up (a refinement the generator's random values never meet).
 */
export function validData(schema: z.ZodType, options: GenerateOptions & { seed?: number } = {}): unknown {
  const candidates = fc.sample(arbitraryFor(schema, options), { numRuns: 300, seed: options.seed ?? 42 });
  const valid = candidates.find((value) => schema.safeParse(value).success);
  if (valid !== undefined) return valid;
  const issue = schema.safeParse(candidates[0]).error?.issues[0];
  throw new Error(`validData: no valid value found; e.g. ${issue?.path.join('.')}: ${issue?.message}`);
}
