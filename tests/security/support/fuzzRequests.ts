import fc from 'fast-check';
import type { ContractCall } from './calls';
import { mustRefuse } from './fuzzData';

/**
 * Malformed requests, as fast-check arbitraries (fuzzCases.ts) and fixed lists (fuzzEnvelopes.ts). Every case is
 * a request the server must refuse (docs/api.md § Validation): a generated input that happens to be valid is
 * excluded (null), so the fuzz suite can demand a 4xx and an untouched database for everything it sends.
 */

export interface FuzzRequest {
  label: string;
  /** The content-type header; null sends none. */
  contentType: string | null;
  body: Uint8Array<ArrayBuffer>;
}

/** A case, or null when the generated input turned out to be valid (not a fuzz case). */
export type FuzzCase = FuzzRequest | null;

export interface FuzzProperty {
  name: string;
  runs: number;
  arbitrary: fc.Arbitrary<FuzzCase>;
}

// ---- Encodings of a request: the spec's two form encodings, and JSON ---------------------------------------------

export type Encoding = 'urlencoded' | 'multipart' | 'json';
export const encodings: Encoding[] = ['urlencoded', 'multipart', 'json'];

export const utf8 = (text: string) => new TextEncoder().encode(text);
export const concat = (...parts: (string | Uint8Array)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? utf8(p) : p)));
export const BOUNDARY = '----securityfuzz7MA4YWxkTrZu0gW';

/** Percent-encodes every byte, so invalid UTF-8 reaches the server's decoder as it is. */
const percentEncode = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').replace(/(..)/g, '%$1');

/** A form value: text as browsers encode it (fast, for the megabyte cases), bytes and lone surrogates byte by byte. */
export function formEncode(value: string | Uint8Array): string {
  if (typeof value !== 'string') return percentEncode(value);
  try {
    return encodeURIComponent(value);
  } catch {
    return percentEncode(utf8(value));
  }
}

/** A request body with fields req (left out when undefined) and data, both as bytes. */
export function encode(
  encoding: Encoding,
  fields: { req: string | Uint8Array | undefined; data: string | Uint8Array | undefined },
  options: { rawBytes?: boolean } = {},
): { contentType: string; body: Uint8Array } {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined) as [string, string | Uint8Array][];
  const bytes = (v: string | Uint8Array) => (typeof v === 'string' ? utf8(v) : v);
  switch (encoding) {
    case 'urlencoded':
      return {
        contentType: 'application/x-www-form-urlencoded',
        body: concat(
          entries
            .map(([k, v]) =>
              options.rawBytes && typeof v !== 'string'
                ? `${k}=${Buffer.from(v).toString('latin1')}`
                : `${k}=${formEncode(v)}`,
            )
            .join('&'),
        ),
      };
    case 'multipart':
      return {
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: concat(
          ...entries.flatMap(([k, v]) => [
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n`,
            bytes(v),
            '\r\n',
          ]),
          `--${BOUNDARY}--\r\n`,
        ),
      };
    case 'json': {
      // `data` goes as a JSON string, as the form encodings send it; raw bytes stay raw inside it.
      const parts: (string | Uint8Array)[] = ['{'];
      entries.forEach(([k, v], i) => {
        parts.push(`${i ? ',' : ''}"${k}":`);
        parts.push(typeof v === 'string' ? JSON.stringify(v) : concat('"', v, '"'));
      });
      parts.push('}');
      return { contentType: 'application/json', body: concat(...parts) };
    }
  }
}

const short = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text);

export function request(label: string, contentType: string | null, body: Uint8Array): FuzzRequest {
  const r = { label, contentType, body: new Uint8Array(body) };
  // fast-check prints a failing case; the label says what it was without printing a megabyte.
  Object.defineProperty(r, fc.toStringMethod, {
    value: () => `${label} [${contentType}] ${short(Buffer.from(body).toString('utf8'))}`,
  });
  return r;
}

/** A request of one call with the given data text, in an encoding; null when the data is valid after all. */
export function withData(call: ContractCall, encoding: Encoding, dataText: string, label: string): FuzzCase {
  if (!mustRefuse(call.data, dataText)) return null;
  const { contentType, body } = encode(encoding, { req: call.req, data: dataText });
  return request(`${label} (${encoding})`, contentType, body);
}
