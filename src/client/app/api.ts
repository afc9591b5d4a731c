import type { CallName, CallOf, Contract, EndpointFile } from '../../shared/contract';
import type { CallAnswer, CallData } from '../../shared/contract/define';
import { storageKeys } from '../../shared/domain/storage';
import type { ErrorCode } from '../../shared/errors';
import { currentLanguage } from '../components/language';
import { storage } from './storage';

/**
 * The education site this client serves: the build's VITE_SITE when a deployment builds one client per site, else
 * the site the server named for this page's host (`<meta name="site">`, server/app.ts), else the main site.
 */
export const SITE =
  (import.meta.env.VITE_SITE as string | undefined) ??
  (typeof document === 'undefined'
    ? undefined
    : document.querySelector('meta[name="site"]')?.getAttribute('content') || undefined) ??
  'main';

/** What a failed call says: the server's error_code (shared/errors.ts), or NETWORK when no answer came. */
export type ClientErrorCode = ErrorCode | 'NETWORK';

/** A failed call: `code` is the server's error_code (or NETWORK), `body` the whole answer. */
export class ApiError extends Error {
  constructor(
    readonly code: ClientErrorCode,
    // biome-ignore lint/suspicious/noExplicitAny: error answers carry call-specific fields (attempt, locked_until…)
    readonly body: Record<string, any> = {},
  ) {
    super(code);
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The shell listens here to sign the user out when the server says the session is dead. */
export const onUnauthorized = (listener: UnauthorizedListener) => {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
};

const maintenanceListeners = new Set<() => void>();

/** The shell listens here to learn that the site went into maintenance mode while a page was open. */
export const onMaintenance = (listener: () => void) => {
  maintenanceListeners.add(listener);
  return () => {
    maintenanceListeners.delete(listener);
  };
};

let beforeFailure: () => Promise<void> = () => Promise.resolve();

/** The app's entry names what a failed call waits for before it rejects: the error texts' chunk (app/i18n.ts). */
export const beforeFailing = (wait: () => Promise<void>) => {
  beforeFailure = wait;
};

/**
 * The endpoint files that take a file (their contract entry has `upload`): a multipart body whose text fields are
 * the data and whose `file` part is the file (spec §7). The contract's types do not carry the `upload` option, so
 * the list is kept here; the spec has one such file.
 */
export type UploadFile = 'ajaxUpload.php';

/** The endpoint files that take `req` and `data` as form fields. */
export type DataFile = Exclude<EndpointFile, UploadFile>;

/**
 * Above this many characters of urlencoded body a call goes as multipart instead. Percent-encoding can triple the
 * size of a JSON text (quotes, markup, non-ASCII letters), so a page text near its schema's limit could pass the
 * server's 1 MiB body limit as urlencoded while fitting easily as multipart, which carries the text as it is. Calls
 * this large are rare (saving long page texts), and for them multipart parsing costs little beside the body itself.
 */
export const URLENCODED_MAX_CHARS = 256 * 1024;

/**
 * The body of a call: `application/x-www-form-urlencoded` with `req` and `data` (spec §7 allows it beside
 * multipart), which the server parses in one go; multipart parsing, streamed per request, halves the
 * throughput of a small call (docs/performance.md). Only an oversized body goes as multipart.
 */
export function callBody(req: string, data: unknown): { body: string | FormData; contentType?: string } {
  const json = JSON.stringify(data);
  const urlencoded = new URLSearchParams({ req, data: json }).toString();
  if (urlencoded.length <= URLENCODED_MAX_CHARS) {
    return { body: urlencoded, contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  }
  const form = new FormData();
  form.set('req', req);
  form.set('data', json);
  return { body: form };
}

/** Calls `POST /api/backend/<file>` with `req` and `data` as form fields (spec §7), typed by the contract. */
export async function call<F extends DataFile, R extends CallName<F>>(
  file: F,
  req: R,
  data: CallData<CallOf<F, R>>,
): Promise<CallAnswer<CallOf<F, R>>> {
  const { body, contentType } = callBody(req, data);
  return send(file, body, contentType);
}

/**
 * How a call's POST goes out: by fetch unless the caller gives another way. An upload that shows its progress
 * passes `postWithProgress` (`uploadProgress.ts`, XMLHttpRequest, which fetch cannot match there); it stays out of
 * the first load, since only the editors that upload import it.
 */
export type Post = (
  url: string,
  init: { headers: Record<string, string>; body: string | FormData; signal?: AbortSignal },
) => Promise<Response>;

const fetchPost: Post = (url, init) => fetch(url, { ...init, method: 'POST', credentials: 'include' });

/** What an upload may ask for beside its file: how it goes out, and a signal that stops it. */
export interface UploadOptions {
  post?: Post;
  /** Stops the upload; the promise then rejects with the signal's reason (an AbortError, not an ApiError). */
  signal?: AbortSignal;
}

/**
 * Uploads a file to an upload endpoint (spec §7 `ajaxUpload.php`) as multipart form data: each field of `fields`
 * as a text field (the endpoint's data, e.g. `{ folder: 'profile' }`) and `attachment` as the `file` part. The
 * endpoint's own call answers (upload endpoints have no `req`); typed by the contract like `call`.
 */
export async function upload<F extends UploadFile, R extends CallName<F> = CallName<F>>(
  file: F,
  fields: CallData<CallOf<F, R>>,
  attachment: Blob,
  fileName = attachment instanceof File ? attachment.name : 'upload',
  options: UploadOptions = {},
): Promise<CallAnswer<CallOf<F, R>>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.set(name, String(value));
  }
  form.set('file', attachment, fileName);
  return send(file, form, undefined, { tooLarge: 'FILE_TOO_LARGE', ...options });
}

/** Posts a body and answers what the server said; a failure rejects once its text can be shown (`beforeFailing`). */
async function send(
  file: EndpointFile,
  body: string | FormData,
  contentType: string | undefined,
  options: UploadOptions & { tooLarge?: ErrorCode } = {},
  // biome-ignore lint/suspicious/noExplicitAny: the answer is checked against the contract on the server's side
): Promise<any> {
  try {
    return await exchange(file, body, contentType, options);
  } catch (error) {
    await beforeFailure();
    throw error;
  }
}

/** Posts a body with the site and the session token, and reads the answer (spec §4: a dead session signs out). */
async function exchange(
  file: EndpointFile,
  body: string | FormData,
  contentType: string | undefined,
  options: UploadOptions & { tooLarge?: ErrorCode },
  // biome-ignore lint/suspicious/noExplicitAny: as above
): Promise<any> {
  return readAnswer(await post(file, body, contentType, options), options);
}

/** Posts a body with the site and the session token; a network failure rejects with NETWORK. */
async function post(
  file: EndpointFile,
  body: string | FormData,
  contentType: string | undefined,
  options: UploadOptions,
): Promise<Response> {
  const token = storage.get(storageKeys.token);
  try {
    const url = `/api/backend/${file}`;
    const headers: Record<string, string> = {
      site: SITE,
      // The app's language, not the browser's: what the server writes for the user (mails, certificates) is in it.
      'Accept-Language': currentLanguage(),
      ...(contentType ? { 'Content-Type': contentType } : {}),
      ...(token ? { Authorization: token } : {}),
    };
    return await (options.post ?? fetchPost)(url, { headers, body, signal: options.signal });
  } catch (error) {
    // A stopped upload is the caller's own doing, not a network failure.
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    throw new ApiError('NETWORK');
  }
}

/** A JSON answer: what it says when it went through, an ApiError of its code when not. */
// biome-ignore lint/suspicious/noExplicitAny: as above
async function readAnswer(response: Response, options: { tooLarge?: ErrorCode } = {}): Promise<any> {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  let answer: any;
  try {
    answer = await response.json();
  } catch {
    // A proxy in front of the server may refuse a large body with a page of its own.
    if (response.status === 413 && options.tooLarge) throw new ApiError(options.tooLarge);
    throw new ApiError(response.ok ? 'SERVER_ERROR' : 'NETWORK');
  }
  if (answer?.status === 'UNAUTHORIZED') {
    // Told even when no token went with the call: another tab may have forgotten it while this one held it.
    for (const listener of unauthorizedListeners) listener();
    throw new ApiError('UNAUTHORIZED', answer);
  }
  if (answer?.error_code === 'MAINTENANCE') for (const listener of maintenanceListeners) listener();
  // The server answers the catalogue's codes only (its answers are checked against the contract in tests).
  if (answer?.status !== 'OK')
    throw new ApiError(String(answer?.error_code ?? 'SERVER_ERROR') as ErrorCode, answer ?? {});
  return answer;
}

/**
 * Makes a call that answers a file (an export, `CallDef.file`): the file and the name the server gave it. A refusal
 * is JSON and rejects as `call` does.
 */
export async function download<F extends DataFile, R extends CallName<F>>(
  file: F,
  req: R,
  data: CallData<CallOf<F, R>>,
): Promise<{ blob: Blob; name: string }> {
  const { body, contentType } = callBody(req, data);
  try {
    const response = await post(file, body, contentType, {});
    const disposition = response.headers.get('content-disposition') ?? '';
    if (!response.ok || !disposition.startsWith('attachment')) {
      await readAnswer(response);
      throw new ApiError('SERVER_ERROR');
    }
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
    return { blob: await response.blob(), name };
  } catch (error) {
    await beforeFailure();
    throw error;
  }
}

export type { Contract };
