import fc from 'fast-check';
import type { ContractCall } from './calls';
import {
  isRecord,
  mustRefuse,
  PLACEHOLDER,
  pathsIn,
  refusable,
  setAt,
  shapeOf,
  stringPaths,
  withOwn,
  withoutKeys,
} from './fuzzData';
import { envelopeCase, oddContentTypes } from './fuzzEnvelopes';
import { concat, type Encoding, encode, encodings, type FuzzProperty, request, utf8, withData } from './fuzzRequests';
import { validArbitrary } from './validData';

/** The fuzz properties of one call: each an arbitrary of malformed requests (see fuzzRequests.ts). */

const controlCharacters = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  '\u0085',
  '\u009f',
  '\u00a0',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\ud800',
  '\udfff',
];

/** Byte sequences that are not UTF-8: stray continuation bytes, overlong forms, surrogates, truncated sequences. */
const invalidUtf8 = [
  [0xff],
  [0xfe, 0xff],
  [0x80],
  [0xbf, 0x80],
  [0xc0, 0xaf],
  [0xc3, 0x28],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0xc0, 0x80],
].map((b) => Uint8Array.from(b));

const prototypeKeys = ['__proto__', 'constructor', 'prototype'];
const attackerKeys = [
  ...prototypeKeys,
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isAdmin',
  'user_type',
  'UserType',
  'privilegies',
  'site_id',
  'id',
  '$where',
  '$gt',
];
const wrongValues = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0,
    2 ** 31,
    2 ** 53,
    1e308,
    -1e308,
    '',
    ' ',
    '0',
    'true',
    'null',
    [],
    {},
    [null],
    { $gt: '' },
    'NaN',
    'Infinity',
  ),
);

export function fuzzProperties(call: ContractCall, runs: number): FuzzProperty[] {
  const valid = validArbitrary(call.data, { maxStringLength: 20 });
  const encoding = fc.constantFrom(...encodings);
  const schema = call.data;
  const textOf = (value: unknown) => JSON.stringify(value) ?? 'undefined';

  return [
    {
      name: 'data that is not JSON',
      runs,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.string({ maxLength: 60 }),
            fc.constantFrom(
              '{',
              '{"a":',
              "{'a':1}",
              'NaN',
              '[1,]',
              '{"a":1}}',
              'undefined',
              '{"a":1,}',
              '\u0000',
              '01',
              '{"a":"\\x"}',
              '"open',
              '{"a" 1}',
              '/*c*/{}',
            ),
            valid.map((v) => textOf(v).slice(0, -1)),
          ),
          encoding,
        )
        .map(([text, enc]) => withData(call, enc, text, 'not JSON')),
    },
    {
      name: 'data that is JSON but not an object',
      runs,
      arbitrary: fc
        .tuple(
          fc.jsonValue({ maxDepth: 3 }).filter((v) => !isRecord(v)),
          encoding,
        )
        .map(([value, enc]) => withData(call, enc, textOf(value), 'not an object')),
    },
    {
      name: 'a field of the wrong type',
      runs,
      arbitrary: fc.tuple(valid, fc.nat(), wrongValues, encoding).map(([value, pick, wrong, enc]) => {
        const paths = [...pathsIn(value), ...Object.keys(shapeOf(schema)).map((k) => [k])];
        const path = paths[pick % Math.max(paths.length, 1)] ?? ['x'];
        return withData(call, enc, textOf(setAt(value, path, wrong)), `wrong type at ${path.join('.')}`);
      }),
    },
    {
      name: 'missing fields',
      runs,
      arbitrary: fc
        .tuple(valid, fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), encoding)
        .map(([value, picks, enc]) => {
          const keys = isRecord(value) ? Object.keys(value) : [];
          const drop = picks.map((p) => keys[p % Math.max(keys.length, 1)]).filter((k): k is string => k !== undefined);
          return withData(
            call,
            enc,
            textOf(isRecord(value) ? withoutKeys(value, drop) : value),
            `without ${drop.join(', ')}`,
          );
        }),
    },
    {
      name: 'extra fields (made invalid: extra fields alone are ignored)',
      runs,
      arbitrary: fc
        .tuple(
          valid,
          fc.dictionary(
            fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...attackerKeys)),
            fc.jsonValue({ maxDepth: 2 }),
            { minKeys: 1, maxKeys: 8 },
          ),
          encoding,
        )
        .map(([value, extra, enc]) => {
          let data: unknown = value;
          for (const [k, v] of Object.entries(extra)) data = isRecord(data) ? withOwn(data, k, v) : data;
          const invalid = refusable(schema, data);
          return invalid === null
            ? null
            : withData(call, enc, textOf(invalid), `extra ${Object.keys(extra).join(', ')}`);
        }),
    },
    {
      name: '__proto__, constructor and prototype keys',
      runs,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom(...prototypeKeys),
          fc.boolean(),
          fc.constantFrom<Encoding | 'json-object'>(...encodings, 'json-object'),
        )
        .map(([value, key, moveFields, enc]) => {
          const payload = {
            ...(isRecord(value) ? value : {}),
            polluted: 'yes',
            isAdmin: true,
            user_type: 2,
            privilegies: 100,
          };
          const inner = key === 'constructor' ? { prototype: payload } : payload;
          // JSON.parse makes `__proto__` an own key, as a server reading the text would see it.
          const parsed = JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(inner)}}`) as Record<string, unknown>;
          let data: unknown = parsed;
          if (!moveFields && isRecord(value))
            for (const [k, v] of Object.entries(value)) data = withOwn(data as object, k, v);
          const invalid = refusable(schema, data);
          if (invalid === null) return null;
          const text = textOf(invalid);
          if (enc !== 'json-object') return withData(call, enc, text, `${key} key`);
          if (!mustRefuse(schema, text)) return null;
          return request(
            `${key} key (JSON body, data as an object)`,
            'application/json',
            utf8(`{"req":${JSON.stringify(call.req)},"data":${text}}`),
          );
        }),
    },
    {
      name: 'control characters and odd code points in every text',
      runs,
      arbitrary: fc
        .tuple(
          valid,
          fc.array(
            fc.string({
              unit: fc.oneof(fc.constantFrom(...controlCharacters), fc.constantFrom('a', '@', '.', ' ')),
              minLength: 1,
              maxLength: 24,
            }),
            { minLength: 1, maxLength: 6 },
          ),
          encoding,
        )
        .map(([value, texts, enc]) => {
          let data: unknown = value;
          stringPaths(value).forEach((path, i) => {
            data = setAt(data, path, texts[i % texts.length]);
          });
          if (stringPaths(value).length === 0 && isRecord(data)) data = withOwn(data, texts[0] ?? '\u0001', texts[0]);
          const invalid = refusable(schema, data);
          return invalid === null ? null : withData(call, enc, textOf(invalid), 'control characters');
        }),
    },
    {
      name: 'invalid UTF-8 bytes',
      runs,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...invalidUtf8), fc.constantFrom('value', 'key', 'req'), encoding, fc.boolean())
        .map(([value, bad, where, enc, rawBytes]) => {
          const label = `bytes ${Buffer.from(bad).toString('hex')} in the ${where} (${enc}${rawBytes ? ', raw' : ''})`;
          const withBytes = (text: string) => {
            const [before, ...after] = text.split(PLACEHOLDER);
            return concat(before ?? '', ...after.flatMap((part) => [bad, part]));
          };
          if (where === 'req') {
            const { contentType, body } = encode(
              enc,
              { req: withBytes(`${call.req}${PLACEHOLDER}`), data: textOf(value) },
              { rawBytes },
            );
            return request(label, contentType, body);
          }
          let data: unknown = value;
          const strings = stringPaths(value);
          if (where === 'value' && strings[0]) data = setAt(data, strings[0], `a${PLACEHOLDER}b`);
          else if (isRecord(data)) data = withOwn(data, `k${PLACEHOLDER}`, 'x');
          const invalid = refusable(schema, data);
          if (invalid === null) return null;
          const bytes = withBytes(textOf(invalid));
          // What the server reads: its decoders replace what is not UTF-8.
          if (!mustRefuse(schema, Buffer.from(bytes).toString('utf8'))) return null;
          const { contentType, body } = encode(enc, { req: call.req, data: bytes }, { rawBytes });
          return request(label, contentType, body);
        }),
    },
    {
      name: 'nesting far deeper than any call needs',
      runs: Math.ceil(runs / 3),
      arbitrary: fc
        .tuple(valid, fc.integer({ min: 33, max: 5_000 }), fc.constantFrom('array', 'object'), fc.boolean(), encoding)
        .map(([value, depth, kind, asField, enc]) => {
          const [open, close] = kind === 'array' ? ['[', ']'] : ['{"a":', '}'];
          const nested = `${open.repeat(depth)}1${close.repeat(depth)}`;
          const text =
            asField && isRecord(value)
              ? textOf(withOwn(value, 'nested', PLACEHOLDER)).replace(`"${PLACEHOLDER}"`, nested)
              : nested;
          return withData(call, enc, text, `${kind} nested ${depth} deep${asField ? ' in a field' : ''}`);
        }),
    },
    {
      name: 'content types the API does not take, around a valid request',
      runs,
      arbitrary: fc
        .tuple(valid, fc.constantFrom<string | null>(...oddContentTypes, null), encoding)
        .map(([value, contentType, enc]) => {
          const { body } = encode(enc, { req: call.req, data: textOf(value) });
          return request(`a valid ${enc} body sent as ${contentType ?? 'no content type'}`, contentType, body);
        }),
    },
    {
      name: 'envelopes without req, with req twice, without data, or with bodies of the wrong shape',
      runs,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom(
            'no req',
            'empty req',
            'req twice',
            'data twice',
            'no data',
            'empty body',
            'req in another case',
            'req with a control character',
            'req naming a prototype member',
            'JSON body that is an array',
            'JSON body that is a string',
            'JSON body that is null',
            'JSON body of the form encoding',
            'form body of JSON',
            'multipart with no fields',
            'multipart with data as a file',
            'multipart cut short',
          ),
        )
        .map(([value, shape]) => envelopeCase(call, textOf(value), shape)),
    },
  ];
}
