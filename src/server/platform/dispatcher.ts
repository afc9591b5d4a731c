import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Contract, contract } from '../../shared/contract';
import type { Access, CallDef, EndpointDef } from '../../shared/contract/define';
import type { ErrorCode } from '../../shared/errors';
import { checkAnswer } from './answers';
import { hasAccess } from './authorize';
import type { Config } from './config';
import type { Db } from './db';
import type { SessionUser, SiteRow } from './db/schema';
import { AppError, type FieldError, invalidFields } from './errors';
import {
  type CallContext,
  FileAnswer,
  type Handler,
  type HandlerRegistry,
  JsonText,
  type UploadedFile,
} from './handlers';
import { GzipPieces, takesGzip } from './http/gzipPieces';
import { receiveUpload } from './http/uploads';
import type { Mailer } from './mail/outbox';
import { cachedSite, findSite, MAIN_SITE, siteNameOfHost } from './sites';

interface DispatcherOptions {
  db: Db;
  config: Config;
  mailer: Mailer;
  registry: HandlerRegistry;
  /** The signed-in user a session token names on a site (the identity module's sessions), or null. */
  findSessionUser: (db: Db, session: { siteId: number; token: string }) => Promise<SessionUser | null>;
  /** Check every successful answer against its contract schema (tests: platform/answers.ts), so it cannot drift. */
  checkAnswers: boolean;
  /**
   * The largest file an upload endpoint takes, by the fields sent before the file and the caller (the module that
   * owns the endpoint knows: a course's medium may be far larger than a profile photo); the contract's
   * `maxFileBytes` when an endpoint has none.
   */
  uploadLimits?: Partial<Record<string, UploadLimit>>;
  /** Holds a large upload's body to a minimum rate instead of the request deadline (http/deadlines.ts). */
  allowSlowBody?: (request: IncomingMessage) => void;
}

/** The largest file an upload may carry: the largest of all, and given the fields before it and the caller. */
export interface UploadLimit {
  largest: number;
  /** For the fields read before the file (none yet: `{}`) and the caller (null: anonymous). */
  of: (fields: Record<string, string>, user: SessionUser | null) => number;
}

/** Endpoint files by their path with and without `.php`. */
const endpointsByPath = new Map<string, EndpointDef>(
  Object.values(contract).flatMap((e) => [
    [e.file, e as EndpointDef],
    [e.file.replace(/\.php$/, ''), e as EndpointDef],
  ]),
);

function checkAccess(access: Access, user: SessionUser | null): void {
  if (!hasAccess(access, user)) {
    throw new AppError(user ? 'FORBIDDEN' : 'UNAUTHORIZED', user ? 'No access to this call' : 'Sign in first');
  }
}

/**
 * An administrator's view-as session (docs/decisions.md, "View as this user") is read-only: it may make the calls
 * the contract marks as reading (`reads`), and no other, whatever the call would write. Asked after the access gate,
 * so a call the student herself may not make is refused as it would be to her.
 */
function checkViewAs(user: SessionUser | null, reads: boolean): void {
  if (user?.viewer_id && !reads) {
    throw new AppError('VIEW_AS_READ_ONLY', 'Viewing as this user is read-only: nothing was changed');
  }
}

/**
 * Maintenance mode (spec §9): while a site is in it, only administrators are answered, but for the calls the contract
 * keeps open (signing in and out, the session check, the site's facts the maintenance page reads). Asked after the
 * access gate, so a caller who may not make a call at all is told that first.
 */
function checkMaintenance(site: SiteRow, user: SessionUser | null, open: boolean): void {
  if (site.maintenance === 1 && !open && !hasAccess('admin', user)) {
    throw new AppError('MAINTENANCE', 'The site is in maintenance; only administrators are answered');
  }
}

/** Each access level admits everyone the next one does (an administrator is staff). */
const accessRank: Record<Access, number> = { public: 0, user: 1, staff: 2, admin: 3 };

/** The access of an endpoint's most open call: a caller without it may make none of its calls. */
const leastAccess = (endpoint: EndpointDef): Access =>
  (Object.values(endpoint.calls) as CallDef[])
    .map((c) => c.access)
    .reduce((a, b) => (accessRank[b] < accessRank[a] ? b : a), 'admin' as Access);

interface Caller {
  site: SiteRow;
  token: string | null;
  user: SessionUser | null;
}

/** Callers already identified by an upload route's check before its body was read, so `handle` asks once. */
const identified = new WeakMap<FastifyRequest, Caller>();

/** The site, token and signed-in user of a request. */
async function identify(
  db: Db,
  request: FastifyRequest,
  findSessionUser: DispatcherOptions['findSessionUser'],
): Promise<Caller> {
  const known = identified.get(request);
  if (known) return known;
  // The `site` header wins (spec §7's clients send it); without one, the site of the Host, then the main site.
  const header = request.headers.site;
  const siteName = header !== undefined ? String(header) : ((await siteNameOfHost(db, request.hostname)) ?? MAIN_SITE);
  const site = cachedSite(db, siteName) ?? (await findSite(db, siteName));
  if (!site) throw new AppError('UNKNOWN_SITE', `Unknown site: ${siteName.slice(0, 100)}`);
  const token = readToken(request);
  const user = token ? await findSessionUser(db, { siteId: site.id, token }) : null;
  return { site, token, user };
}

/** Each wrong field; a text over its length limit also carries the limit (`max`), which the forms name. */
const fieldErrors = (error: z.ZodError): FieldError[] =>
  error.issues.map((i) => ({
    field: ['data', ...i.path].join('.'),
    message: i.message,
    ...(i.code === 'too_big' && i.origin === 'string' ? { max: Number(i.maximum) } : {}),
  }));

/** Reads `req` and `data` from a JSON, urlencoded or multipart body; `data` may be a JSON string or an object. */
function readEnvelope(body: unknown): { req: string | undefined; data: unknown; file?: null } {
  if (body === undefined || body === null || body === '') return { req: undefined, data: {} };
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('INVALID_REQUEST', 'The body must carry the fields req and data');
  }
  const { req, data } = body as Record<string, unknown>;
  if (req !== undefined && typeof req !== 'string') throw new AppError('INVALID_REQUEST', 'req must be a string');
  return { req, data: readData(data) };
}

/** An upload's body: its text fields are the data, its `file` part the file (spec §7 `ajaxUpload.php`). */
function readUpload(body: unknown): { req: string | undefined; data: unknown; file: UploadedFile | null } {
  if (!isReceivedUpload(body)) throw new AppError('INVALID_REQUEST', 'Send the file as multipart form data');
  const { req, ...data } = body.fields;
  if (Object.hasOwn(data, 'file')) throw new AppError('INVALID_REQUEST', 'file must be a file part');
  return { req, data, file: body.file };
}

/** What an upload route's body parser makes of a multipart body. */
interface ReceivedUpload {
  [received]: true;
  fields: Record<string, string>;
  file: UploadedFile | null;
}
const received = Symbol('upload');
const isReceivedUpload = (body: unknown): body is ReceivedUpload =>
  typeof body === 'object' && body !== null && (body as Partial<ReceivedUpload>)[received] === true;

function readData(data: unknown): unknown {
  // A multipart file part arrives as a Buffer, which a schema of an object would take for an empty object.
  if (Buffer.isBuffer(data)) throw new AppError('INVALID_REQUEST', 'data must be a text field, not a file');
  if (typeof data !== 'string') return data ?? {};
  if (data.trim() === '') return {};
  try {
    return JSON.parse(data);
  } catch {
    throw new AppError('INVALID_REQUEST', 'data is not valid JSON');
  }
}

/** No call nests deeper than a few levels; anything far deeper is refused before it reaches a schema. */
const MAX_DATA_DEPTH = 32;

/** A value met while walking `data`: its key and its parent's entry, so a field's path is spelled only when needed. */
interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
  depth: number;
}

const fieldOf = (visit: Visit): string => {
  const path: string[] = [];
  for (let at: Visit | null = visit; at; at = at.parent) path.push(at.key);
  return path.reverse().join('.');
};

/**
 * Values no schema should have to think about: a NUL character (PostgreSQL cannot store it in text, so it
 * would fail as a 500 on one dialect and be stored on the other) and absurd nesting. Walks without recursion.
 */
function findUnsafeValue(data: unknown): { field: string; message: string } | null {
  const stack: Visit[] = [{ value: data, key: 'data', parent: null, depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { field: fieldOf(visit), message: 'must not contain NUL characters' };
      continue;
    }
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
    if (visit.depth >= MAX_DATA_DEPTH) return { field: fieldOf(visit), message: 'is nested too deeply' };
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (key.includes('\u0000')) {
        return { field: fieldOf(visit), message: 'must not contain NUL characters in its keys' };
      }
      const child = (value as Record<string, unknown>)[key];
      stack.push({ value: child, key, parent: visit, depth: visit.depth + 1 });
    }
  }
  return null;
}

function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  // Like every API answer (docs/api.md), an error is never kept by a cache along the way. What becomes of a body
  // left unread by the refusal is up to http/bodies.ts (read and discarded up to a bound, then the connection closed).
  reply.header('cache-control', 'no-store');
  if (error.code === 'UNAUTHORIZED') {
    return reply.code(401).send({ status: 'UNAUTHORIZED', error_code: 'UNAUTHORIZED', message: error.message });
  }
  return reply
    .code(error.httpStatus)
    .send({ ...error.extra, status: 'ERROR', error_code: error.code, message: error.message });
}

/** `POST /api/backend/<endpoint>[.php]`: the one way into the API (ARCHITECTURE.md §1). */
export function registerDispatcher(app: FastifyInstance, options: DispatcherOptions): void {
  const { db, config, mailer, registry, checkAnswers, findSessionUser } = options;

  const handle = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const endpoint = endpointsByPath.get(path);
    if (!endpoint) throw new AppError('UNKNOWN_CALL', `Unknown endpoint: ${path}`);

    const { req, data, file = null } = endpoint.upload ? readUpload(request.body) : readEnvelope(request.body);
    try {
      return await respond(request, reply, endpoint, { req, data, file });
    } finally {
      await file?.remove();
    }
  };

  const respond = async (
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: EndpointDef,
    { req, data, file }: { req: string | undefined; data: unknown; file: UploadedFile | null },
  ) => {
    // The spec's content endpoints have no `req` (§7 "(none)"): a client may leave it out or send it empty.
    const callName = req || endpoint.defaultCall;
    const definition: CallDef | undefined = callName ? endpoint.calls[callName] : undefined;
    if (!callName || !definition || !Object.hasOwn(endpoint.calls, callName)) {
      throw new AppError('UNKNOWN_CALL', `Unknown req for ${endpoint.file}: ${String(req).slice(0, 100)}`);
    }

    const { site, token, user } = await identify(db, request, findSessionUser);
    checkAccess(definition.access, user);
    checkViewAs(user, definition.reads === true);
    checkMaintenance(site, user, definition.openInMaintenance === true);

    const unsafe = findUnsafeValue(data);
    if (unsafe) throw invalidFields(unsafe);
    const parsed = definition.data.safeParse(data);
    if (!parsed.success) throw invalidFields(...fieldErrors(parsed.error));

    const ctx: CallContext = {
      db,
      config,
      mailer,
      log: request.log,
      site,
      user,
      token,
      ip: request.ip,
      locale: /^sv\b/i.test(request.headers['accept-language'] ?? '') ? 'sv' : 'en',
      file,
    };
    const endpointHandlers = registry[endpoint.file as keyof Contract] as Record<string, Handler<CallDef>>;
    const answer = await endpointHandlers[callName]?.(ctx, parsed.data);
    reply.header('cache-control', 'no-store');
    if (answer instanceof FileAnswer) {
      const { name, type, body } = answer.file;
      return reply
        .type(type)
        .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`)
        .send(body);
    }
    if (answer instanceof JsonText) {
      const { json } = answer;
      const pieces = json instanceof GzipPieces ? json : null;
      if (checkAnswers) checkAnswer(definition.answer, JSON.parse((pieces?.text() ?? json).toString()));
      reply.type('application/json; charset=utf-8');
      if (!pieces) return reply.send(json);
      reply.header('vary', 'accept-encoding');
      if (!takesGzip(request.headers['accept-encoding'])) return reply.send(pieces.text());
      return reply.header('content-encoding', 'gzip').send(pieces.gzip());
    }
    if (checkAnswers) checkAnswer(definition.answer, answer);
    return reply.send(answer);
  };

  app.post('/api/backend/*', (request, reply) => handle(request, reply, (request.params as { '*': string })['*']));

  // An upload endpoint gets routes of its own, so that its body may be as large as the file it takes, read as it
  // streams (http/uploads.ts: the file to a temporary file, bounded while it arrives). Its caller is checked before
  // the body is read (the same check `handle` makes, done once): an upload nobody may make of that caller costs its
  // headers, never its file (the unread body is discarded, see http/bodies.ts).
  const uploadDir = join(config.dataDir, 'tmp');
  void removeStaleUploads(uploadDir);
  app.register(async (uploads) => {
    uploads.removeContentTypeParser('multipart/form-data');
    uploads.addContentTypeParser('multipart/form-data', async (request: FastifyRequest, body: Readable) => {
      const route = request.routeOptions.config as Partial<UploadRouteConfig>;
      const caller = identified.get(request);
      await fs.promises.mkdir(uploadDir, { recursive: true, mode: 0o700 });
      const { fields, file } = await receiveUpload(body, request.headers, {
        fields: 20,
        fieldSize: 64 * 1024,
        fileSize: (sent) => route.fileLimit?.of(sent, caller?.user ?? null) ?? route.maxFileBytes ?? 0,
        dir: uploadDir,
      });
      // Answered or failed, the temporary file goes once the answer is out (or the client is gone).
      if (file) request.raw.once('close', () => void file.remove());
      return { [received]: true, fields, file } satisfies ReceivedUpload;
    });
    for (const endpoint of Object.values(contract) as EndpointDef[]) {
      if (!endpoint.upload) continue;
      const maxFileBytes = endpoint.upload.maxFileBytes;
      const fileLimit = options.uploadLimits?.[endpoint.file];
      const access = leastAccess(endpoint);
      const config: UploadRouteConfig = { tooLarge: 'FILE_TOO_LARGE', maxFileBytes, fileLimit };
      const onRequest = async (request: FastifyRequest) => {
        // A body that declares more than the route allows anyone is refused before its caller is looked up, and
        // one that declares more than this caller may send before her access is even checked.
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > (fileLimit?.largest ?? maxFileBytes) + UPLOAD_FORM_OVERHEAD) {
          throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
        }
        const caller = await identify(db, request, findSessionUser);
        if (fileLimit && declared > fileLimit.of({}, caller.user) + UPLOAD_FORM_OVERHEAD) {
          throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
        }
        checkAccess(access, caller.user);
        // An upload writes (a file, and what names it): never made by a view-as session.
        checkViewAs(caller.user, false);
        checkMaintenance(caller.site, caller.user, false);
        // A large upload (a course's medium for staff, a course file) holds one of its caller's few places, and may
        // take longer than a request, as long as it keeps coming.
        if (caller.user && (fileLimit?.of({}, caller.user) ?? maxFileBytes) > LARGE_UPLOAD_BYTES) {
          takeLargeUpload(request, caller.user);
          options.allowSlowBody?.(request.raw);
        }
        identified.set(request, caller);
      };
      for (const path of [endpoint.file, endpoint.file.replace(/\.php$/, '')]) {
        uploads.post(`/api/backend/${path}`, { config, onRequest }, (request, reply) => handle(request, reply, path));
      }
    }
  });
}

/**
 * Uploads that may be large (a course's medium, up to hundreds of MB; a course file, up to 2 GB) streaming at once:
 * each holds a temporary file and the disk's bandwidth for minutes, so one user (a staff account of a small plan,
 * say) may run only a few at once, whatever endpoint they go to, and the process only some more; beyond them an
 * upload is refused before its body is read. An upload is large when its caller may send more than
 * LARGE_UPLOAD_BYTES on it (a profile photo is not).
 */
export const LARGE_UPLOAD_BYTES = 8 * 1024 * 1024;
export const LARGE_UPLOADS_PER_USER = 2;
export const LARGE_UPLOADS_PER_PROCESS = 8;
const largeUploads = new Map<string, number>();
let largeUploadsRunning = 0;

function takeLargeUpload(request: FastifyRequest, user: SessionUser): void {
  const key = `${user.site_id}:${user.id}`;
  const mine = largeUploads.get(key) ?? 0;
  if (mine >= LARGE_UPLOADS_PER_USER || largeUploadsRunning >= LARGE_UPLOADS_PER_PROCESS) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many uploads at once: wait for one to finish', { retry_after: 5 });
  }
  largeUploads.set(key, mine + 1);
  largeUploadsRunning++;
  request.raw.once('close', () => {
    largeUploadsRunning--;
    const left = (largeUploads.get(key) ?? 1) - 1;
    if (left > 0) largeUploads.set(key, left);
    else largeUploads.delete(key);
  });
}

/** Temporary files of uploads a process did not live to remove (a crash): gone after a day. */
async function removeStaleUploads(dir: string): Promise<void> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of names.filter((n) => n.startsWith('upload-'))) {
    const file = join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < dayAgo) await fs.promises.unlink(file).catch(() => undefined);
  }
}

/** What an upload route tells the rest of the server: its answer to a body too large, and its largest file. */
export interface UploadRouteConfig {
  tooLarge: ErrorCode;
  maxFileBytes: number;
  /** The limit by the fields before the file and the caller, when the endpoint's module sets one. */
  fileLimit?: UploadLimit;
}

/** Room for an upload's form fields and part headers beside its file. */
const UPLOAD_FORM_OVERHEAD = 64 * 1024;
