import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Contract } from '../../shared/contract';
import type { CallAnswer, CallDef, EndpointDef, ParsedCallData } from '../../shared/contract/define';
import type { Language } from '../../shared/domain/language';
import type { Config } from './config';
import type { Db } from './db';
import type { SessionUser, SiteRow } from './db/schema';
import { AppError } from './errors';
import type { GzipPieces } from './http/gzipPieces';
import type { Mailer } from './mail/outbox';

/** The server's log, as services may use it without knowing the HTTP framework behind it. */
export type Log = FastifyBaseLogger;

/** Everything a handler may know about the request it serves. */
export interface CallContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: Log;
  site: SiteRow;
  /** The signed-in user, or null for an anonymous caller. */
  user: SessionUser | null;
  /** The raw session token the request carried, if any. */
  token: string | null;
  ip: string;
  /** The locale the client asked for (`Accept-Language`), used for mails. */
  locale: Language;
  /** The `file` part of an upload endpoint's body, when one was sent. */
  file: UploadedFile | null;
}

/**
 * The file of an upload, in a temporary file (platform/http/uploads.ts) that the dispatcher removes after the
 * answer: never held in memory unless a handler `read()`s it.
 */
export interface UploadedFile {
  /** The temporary file's path. */
  readonly path: string;
  readonly size: number;
  /** The name and type the client gave it: never trusted for what the file is. */
  readonly name: string;
  readonly declaredType: string;
  /** Its first bytes (up to 4 KiB), which tell its type. */
  readonly head: Buffer;
  /** The whole file in memory: only for files bounded small (a profile photo). */
  read(): Promise<Buffer>;
  remove(): Promise<void>;
}

/**
 * An answer already written as JSON, which the dispatcher sends as it is: for a large answer assembled from parts
 * kept serialized (get_course), as text or, where the client takes it, in its gzip form (http/gzipPieces.ts). `T`
 * is the answer it stands for; in tests it is parsed and checked like any other.
 */
export class JsonText<T> {
  declare readonly answer?: T;
  constructor(readonly json: Buffer | string | GzipPieces) {}
}

/**
 * An answer that is a file, sent as it is made (a CSV export of any size): the dispatcher streams `body` as an
 * attachment named `name`, with the backpressure of the connection, so that the file is never held whole in memory.
 * Only a call whose contract says `file` answers it; a refusal before the first byte is a JSON error like any other.
 */
export class FileAnswer {
  constructor(readonly file: { name: string; type: string; body: Readable }) {}
}

type AnswerOf<C extends CallDef> = C extends { file: string } ? FileAnswer : CallAnswer<C> | JsonText<CallAnswer<C>>;

export type Handler<C extends CallDef> = (ctx: CallContext, data: ParsedCallData<C>) => Promise<AnswerOf<C>>;

export type Handlers<E extends EndpointDef> = { [K in keyof E['calls']]: Handler<E['calls'][K]> };

export const handlers = <E extends EndpointDef>(_endpoint: E, h: NoInfer<Handlers<E>>): Handlers<E> => h;

/** The caller of a call whose access is `user` or higher; the dispatcher has already refused anonymous ones. */
export function signedInUser(ctx: CallContext): SessionUser {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', 'Sign in first');
  return ctx.user;
}

/** The caller, when a user id in the data names her: the spec's calls carry it, and it must be her own. */
export function callerNamed(ctx: CallContext, userId: number): SessionUser {
  const user = signedInUser(ctx);
  if (user.id !== userId) throw new AppError('FORBIDDEN', 'The user id must be your own');
  return user;
}

/** Handlers for every endpoint file of the contract. */
export type HandlerRegistry = { [F in keyof Contract]: Handlers<Contract[F]> };

/** The endpoint files one module serves. */
export type ModuleHandlers = Partial<HandlerRegistry>;
