import type { CallName, CallOf, EndpointFile } from '../../src/shared/contract';
import type { CallAnswer, CallData } from '../../src/shared/contract/define';
import type { ErrorCode } from '../../src/shared/errors';

/** No request waits longer than this for its answer by default: a slower one counts as a hang. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * An HTTP answer as the suites read it: its status and headers, its text, and that text as JSON when it is JSON.
 * Only the status and the body are enumerable: they are what an answer is compared (and printed) by.
 */
export interface HttpAnswer<B = unknown> {
  httpStatus: number;
  headers: Headers;
  text: string;
  /** The text parsed as JSON, or the text itself when it is not JSON. */
  body: B;
}

/** An answer read without a contract's type: of a raw request, or of a call that is malformed on purpose. */
// biome-ignore lint/suspicious/noExplicitAny: answers of every shape, error answers and non-JSON ones included
export type RawAnswer = HttpAnswer<any>;

/** One HTTP request with a deadline; the body and headers are sent exactly as given. */
export async function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit | null; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const method = init.method ?? 'POST';
  const timeoutMs = init.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: init.headers,
      body: init.body ?? null,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new Error(`${method} ${url} got no answer within ${timeoutMs} ms: ${error}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  // The headers and the raw text are there to read, not to compare: two answers are equal (toEqual) when their
  // status and body are, as a time in a header or the text's key order would otherwise tell apart.
  const answer = { httpStatus: response.status, body } as RawAnswer;
  Object.defineProperties(answer, { headers: { value: response.headers }, text: { value: text } });
  return answer;
}

/** The form body of the spec's clients: fields `req` (left out when undefined) and `data`. */
export function callForm(req: string | undefined, data: string): URLSearchParams {
  const form = new URLSearchParams();
  if (req !== undefined) form.set('req', req);
  form.set('data', data);
  return form;
}

export interface CallOptions {
  token?: string | null;
  /** The `site` header; `main` unless given. */
  site?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** For requests that are malformed on purpose. */
export interface RawCallOptions extends CallOptions {
  /** Send `data` as this raw string instead of JSON-encoding it. */
  rawData?: string;
  /** Send this as the form field `req` as it is (an empty one, say), in place of the call's name. */
  rawReq?: string;
}

/**
 * POSTs one call to `<baseUrl>/api/backend/<file>` as the spec's clients do: form fields `req` and `data` (JSON),
 * the `site` header and the session token in `Authorization`. Throws when no answer comes back.
 */
export function sendCall(
  baseUrl: string,
  file: string,
  req: string | undefined,
  data: unknown,
  options: RawCallOptions = {},
): Promise<RawAnswer> {
  return request(`${baseUrl}/api/backend/${file}`, {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.token ? { authorization: options.token } : {}),
      site: options.site ?? 'main',
      ...options.headers,
    },
    body: callForm(options.rawReq ?? req, options.rawData ?? JSON.stringify(data)),
    timeoutMs: options.timeoutMs,
  });
}

/** What an error answer carries besides its status: the code, the message, and the fields some codes add. */
export interface ErrorFields {
  error_code: ErrorCode;
  message: string;
  /** INVALID_REQUEST: the fields at fault. */
  fields?: { field: string; message: string }[];
  /** WRONG_CREDENTIALS, TEMPORARILY_LOCKED: the failed attempt this was, and how many are allowed. */
  attempt?: number;
  max_attempts?: number;
  locked_until?: string | null;
  /** TOO_MANY_REQUESTS: seconds to wait. */
  retry_after?: number;
  /** COOLDOWN: seconds to wait. */
  cooldown?: number;
  /** WEAK_PASSWORD: why, and a hint. */
  reason?: string;
  hint?: string;
}

type Refusable<A> = A extends { status: infer S }
  ? Omit<A, 'status'> & { status: S | 'ERROR' | 'UNAUTHORIZED' } & Partial<ErrorFields>
  : A;

/**
 * A call's answer as a test reads it: the contract's answer, with an error answer's fields beside it (absent when
 * the call went through). One object type rather than a union, so a test that asserts the outcome it expects reads
 * either side without narrowing.
 */
export type AnswerOf<F extends EndpointFile, R extends CallName<F>> = Refusable<CallAnswer<CallOf<F, R>>>;

/** The data of a call, as a test writes it (the input of the call's schema). */
export type DataOf<F extends EndpointFile, R extends CallName<F>> = CallData<CallOf<F, R>>;

/** The arguments of a call of the contract: the endpoint file, the call (undefined: the file's own), its data. */
export type CallArgs<F extends EndpointFile, R extends CallName<F>> = [
  file: F,
  req: R | undefined,
  data: DataOf<F, R>,
  options?: CallOptions,
];

/** One server's API, as every suite calls it. */
export interface Api {
  url: string;
  /** A call of the contract: its data and its answer typed from the call's declaration. */
  call<F extends EndpointFile, R extends CallName<F>>(...args: CallArgs<F, R>): Promise<HttpAnswer<AnswerOf<F, R>>>;
  /** Any file, call and data, typed as nothing: for requests that are malformed on purpose. */
  callRaw(file: string, req: string | undefined, data: unknown, options?: RawCallOptions): Promise<RawAnswer>;
  /** A call that must go through (HTTP 200, status OK): its answer, or an error that says what came instead. */
  ok<F extends EndpointFile, R extends CallName<F>>(...args: CallArgs<F, R>): Promise<CallAnswer<CallOf<F, R>>>;
  /** A file sent as the spec's upload (ajaxUpload.php): multipart, with the `folder` field and the `file` part. */
  upload(
    bytes: Uint8Array,
    options?: CallOptions & { folder?: string; fileName?: string; mimeType?: string; fields?: Record<string, string> },
  ): Promise<HttpAnswer<AnswerOf<'ajaxUpload.php', 'upload'>>>;
}

/** The API of the server at `baseUrl` (given as a function, it is read at each call). */
export function api(baseUrl: string | (() => string)): Api {
  const url = () => (typeof baseUrl === 'string' ? baseUrl : baseUrl());
  const callRaw: Api['callRaw'] = (file, req, data, options) => sendCall(url(), file, req, data, options);
  return {
    get url() {
      return url();
    },
    callRaw,
    call: (file, req, data, options) => callRaw(file, req, data, options),
    upload(bytes, options = {}) {
      const form = new FormData();
      form.set('folder', options.folder ?? 'profile');
      for (const [name, value] of Object.entries(options.fields ?? {})) form.set(name, value);
      form.set(
        'file',
        new Blob([new Uint8Array(bytes)], { type: options.mimeType ?? '' }),
        options.fileName ?? 'photo.png',
      );
      return request(`${url()}/api/backend/ajaxUpload.php`, {
        headers: {
          site: options.site ?? 'main',
          ...(options.token ? { authorization: options.token } : {}),
          ...options.headers,
        },
        body: form,
        timeoutMs: options.timeoutMs,
      });
    },
    async ok(file, req, data, options) {
      const answer = await callRaw(file, req, data, options);
      if (answer.httpStatus !== 200 || answer.body?.status !== 'OK') {
        throw new Error(`${file} ${req ?? ''} answered ${answer.httpStatus}: ${answer.text.slice(0, 500)}`);
      }
      return answer.body;
    },
  };
}

/** A call that answers a file (a PDF, an SIE file), read as bytes rather than text. */
export async function downloadCall(
  baseUrl: string,
  file: string,
  req: string,
  data: unknown,
  options: CallOptions = {},
): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  const response = await fetch(`${baseUrl}/api/backend/${file}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.token ? { authorization: options.token } : {}),
      site: options.site ?? 'main',
      ...options.headers,
    },
    body: callForm(req, JSON.stringify(data)),
    signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}
