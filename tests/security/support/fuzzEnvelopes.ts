import type { ContractCall } from './calls';
import { isRecord, mustRefuse, PLACEHOLDER, refusable, setAt, stringPaths } from './fuzzData';
import {
  BOUNDARY,
  type Encoding,
  encode,
  type FuzzCase,
  type FuzzRequest,
  formEncode,
  request,
  utf8,
} from './fuzzRequests';

/** Requests whose whole shape is wrong (content type, envelope) or whose size is: refused whatever the call. */

/** Content types the API does not take (docs/api.md: form data or JSON; anything else is a 415). */
export const oddContentTypes = [
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'text/xml',
  'application/xml',
  'application/octet-stream',
  'image/png',
  'application/javascript',
  'text/csv',
  'application/x-www-form-urlencodedx',
  'application/jsonx',
  'application/json-seq',
  'application/x-ndjson',
  'multipart/mixed; boundary=x',
  'multipart/form-data',
  'message/http',
  '*/*',
  'application',
  '/',
  ';',
  'x'.repeat(2000),
];

/** Odd envelopes: refused whatever the data, or left out when the data would be valid for the call they reach. */
export function envelopeCase(call: ContractCall, dataText: string, shape: string): FuzzCase {
  const form = (pairs: [string, string][]) => ({
    contentType: 'application/x-www-form-urlencoded',
    body: utf8(pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')),
  });
  const multipart = (parts: string) => ({
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: utf8(parts),
  });
  const part = (name: string, value: string, file = false) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="data.json"\r\nContent-Type: application/json' : ''}\r\n\r\n${value}\r\n`;
  // Without a req the endpoint's default call answers, if it has one: then only data it refuses is a fuzz case.
  const noReqRefused = (data: string | undefined) => mustRefuse(call.defaultData, data);
  let built: { contentType: string; body: Uint8Array } | null;
  switch (shape) {
    case 'no req':
      built = noReqRefused(dataText) ? form([['data', dataText]]) : null;
      break;
    case 'empty req':
      // An empty req is no req (docs/api.md): the default call answers it, if the endpoint has one.
      built = noReqRefused(dataText)
        ? form([
            ['req', ''],
            ['data', dataText],
          ])
        : null;
      break;
    case 'req twice':
      built = form([
        ['req', call.req],
        ['req', call.req],
        ['data', dataText],
      ]);
      break;
    case 'data twice':
      built = mustRefuse(call.data, `[${dataText},${dataText}]`)
        ? form([
            ['req', call.req],
            ['data', dataText],
            ['data', dataText],
          ])
        : null;
      break;
    case 'no data':
      built = mustRefuse(call.data, undefined) ? form([['req', call.req]]) : null;
      break;
    case 'empty body':
      built = noReqRefused(undefined)
        ? { contentType: 'application/x-www-form-urlencoded', body: new Uint8Array() }
        : null;
      break;
    case 'req in another case':
      built =
        call.req.toUpperCase() === call.req
          ? null
          : form([
              ['req', call.req.toUpperCase()],
              ['data', dataText],
            ]);
      break;
    case 'req with a control character':
      built = form([
        ['req', `${call.req}\n`],
        ['data', dataText],
      ]);
      break;
    case 'req naming a prototype member':
      built = form([
        ['req', '__proto__'],
        ['data', dataText],
      ]);
      break;
    case 'JSON body that is an array':
      built = { contentType: 'application/json', body: utf8(`[${JSON.stringify({ req: call.req, data: dataText })}]`) };
      break;
    case 'JSON body that is a string':
      built = { contentType: 'application/json', body: utf8(JSON.stringify(`req=${call.req}&data=${dataText}`)) };
      break;
    case 'JSON body that is null':
      built = noReqRefused(undefined) ? { contentType: 'application/json', body: utf8('null') } : null;
      break;
    case 'JSON body of the form encoding':
      built = {
        contentType: 'application/json',
        body: form([
          ['req', call.req],
          ['data', dataText],
        ]).body,
      };
      break;
    case 'form body of JSON':
      // The whole JSON text becomes one odd field name: no req, no data.
      built = noReqRefused(undefined)
        ? {
            contentType: 'application/x-www-form-urlencoded',
            body: utf8(JSON.stringify({ req: call.req, data: dataText })),
          }
        : null;
      break;
    case 'multipart with no fields':
      built = noReqRefused(undefined) ? multipart(`--${BOUNDARY}--\r\n`) : null;
      break;
    case 'multipart with data as a file':
      built = multipart(`${part('req', call.req)}${part('data', dataText, true)}--${BOUNDARY}--\r\n`);
      break;
    case 'multipart cut short':
      built = multipart(
        `${part('req', call.req)}--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${dataText.slice(0, 5)}`,
      );
      break;
    default:
      throw new Error(`no envelope ${shape}`);
  }
  return built && request(shape, built.contentType, built.body);
}

/**
 * Huge inputs, one of each kind per call (slow to make and send, so not drawn at random). The megabytes are
 * spliced as text into data already made invalid by a small spoiled field, so no huge value is ever parsed or
 * copied here; they sit in other fields, where they cannot make the data valid again.
 */
export function hugeCases(call: ContractCall, value: unknown): FuzzRequest[] {
  const cases: FuzzRequest[] = [];
  const urlencoded = (req: string, dataText: string, extra = '') =>
    utf8(`req=${formEncode(req)}&data=${formEncode(dataText)}${extra}`);
  cases.push(
    request(
      'a req of 900 kB',
      'application/x-www-form-urlencoded',
      urlencoded('r'.repeat(900_000), JSON.stringify(value)),
    ),
    request(
      'a body over the limit',
      'application/x-www-form-urlencoded',
      utf8(`req=${call.req}&data=${'x'.repeat(3_000_000)}`),
    ),
  );
  const skeleton = refusable(call.data, value);
  if (skeleton === null) return cases;

  const wrapped = Array.isArray(skeleton);
  const inner = (wrapped ? skeleton[0] : skeleton) as unknown;
  const record = isRecord(inner) ? inner : {};
  const spoiled = Object.keys(record).filter((k) => !isRecord(value) || record[k] !== value[k]);
  const free = (path: string[]) => !spoiled.includes(path[0] ?? '');
  const stringPath = stringPaths(record).find(free) ?? ['huge'];
  const fieldPath = [Object.keys(record).find((k) => free([k])) ?? 'huge'];
  const wrap = (text: string) => (wrapped ? `[${text}]` : text);
  const at = (path: string[], hugeJson: string) =>
    wrap(JSON.stringify(setAt(record, path, PLACEHOLDER)).replace(`"${PLACEHOLDER}"`, () => hugeJson));
  const extraFields = (fields: string) => {
    const text = JSON.stringify(record);
    return wrap(`${text.slice(0, -1)}${text === '{}' ? '' : ','}${fields}}`);
  };

  const add = (label: string, dataText: string, encoding: Encoding) => {
    const { contentType, body } = encode(encoding, { req: call.req, data: dataText });
    cases.push(request(label, contentType, body));
  };
  add('a 1 MB string', at(stringPath, JSON.stringify('a'.repeat(1_000_000))), 'urlencoded');
  add('a 1 MB string of multi-byte characters', at(stringPath, JSON.stringify('é'.repeat(500_000))), 'multipart');
  add('a 900 kB string of "<"', at(stringPath, JSON.stringify('<'.repeat(900_000))), 'json');
  add(
    'an array of 100,000 numbers',
    at(fieldPath, `[${Array.from({ length: 100_000 }, (_, i) => i).join(',')}]`),
    'urlencoded',
  );
  add('an array of 50,000 objects', at(fieldPath, `[${'{},'.repeat(49_999)}{}]`), 'multipart');
  add(
    'an object of 40,000 fields',
    extraFields(Array.from({ length: 40_000 }, (_, i) => `"k${i}":${i}`).join(',')),
    'json',
  );
  add('a key of 1 MB', extraFields(`"${'k'.repeat(1_000_000)}":1`), 'urlencoded');
  const fields = Array.from({ length: 20_000 }, (_, i) => `&f${i}=${i}`).join('');
  cases.push(
    request(
      '20,000 form fields',
      'application/x-www-form-urlencoded',
      urlencoded(call.req, JSON.stringify(skeleton), fields),
    ),
  );
  return cases;
}
