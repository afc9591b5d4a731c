import Busboy from '@fastify/busboy';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * Request bodies: how multipart bodies are read, and what happens to a body the server answers without reading.
 *
 * A multipart body is read whole by Fastify, like a JSON or urlencoded one, and only then parsed: so its route's
 * bodyLimit holds for it whether or not it declares a content-length (a body streamed without one is refused with
 * 413 as soon as it passes the limit), and the hooks before parsing (an upload's access check) run before a byte
 * of it is read. Bodies are at most a few MiB (1 MiB, an upload 2 MiB and its form), so reading them whole costs
 * no more than the parts they are made of.
 */

export interface MultipartLimits {
  /** Text fields at most; a request of the API has two (`req`, `data`), an upload a few. */
  fields: number;
  /** Bytes of one text field at most. */
  fieldSize: number;
  /** File parts at most. */
  files: number;
  /** Bytes of one file part at most. */
  fileSize: number;
}

const tooLarge = (what: string) => new AppError('PAYLOAD_TOO_LARGE', `The request body is too large: ${what}`);
const malformed = (why: string) => new AppError('INVALID_REQUEST', `Malformed multipart body: ${why}`);

/**
 * The parts of a multipart body as one object: a text field is a string, a file part a Buffer, a name given twice
 * an array of its values. A part over its limit is refused (413), never cut short silently; a body that is not
 * what its content type says is a 400.
 */
export function parseMultipart(
  body: Buffer,
  headers: FastifyRequest['headers'],
  limits: MultipartLimits,
): Promise<Record<string, unknown>> {
  // An empty body is an empty form, as an empty urlencoded body is.
  if (body.length === 0) return Promise.resolve({});
  return new Promise((resolve, reject) => {
    const values: Record<string, unknown> = {};
    let failure: AppError | null = null;
    const fail = (error: AppError) => {
      failure ??= error;
    };
    const add = (name: string, value: string | Buffer) => {
      // A part named like a property of every object (`__proto__`, `constructor`) is never a field of a call.
      if (name in Object.prototype) return fail(malformed(`a part may not be named ${name.slice(0, 50)}`));
      const previous = values[name];
      if (previous === undefined) values[name] = value;
      else if (Array.isArray(previous)) previous.push(value);
      else values[name] = [previous, value];
    };

    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: headers as { 'content-type': string },
        limits: { ...limits, parts: limits.fields + limits.files },
      });
    } catch (error) {
      // No boundary, or a content type busboy does not read.
      reject(malformed(error instanceof Error ? error.message : String(error)));
      return;
    }
    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) return fail(tooLarge(`field ${name.slice(0, 50)}`));
      add(name, value);
    });
    parser.on('file', (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge(`file ${name.slice(0, 50)}`)));
      stream.on('end', () => {
        if (!stream.truncated) add(name, Buffer.concat(chunks));
      });
      // A part cut short fails the parser too, which settles the promise.
      stream.on('error', () => {});
    });
    parser.on('fieldsLimit', () => fail(tooLarge('too many fields')));
    parser.on('filesLimit', () => fail(tooLarge('too many files')));
    parser.on('partsLimit', () => fail(tooLarge('too many parts')));
    parser.on('error', (error: unknown) => reject(malformed(error instanceof Error ? error.message : String(error))));
    parser.on('finish', () => (failure ? reject(failure) : resolve(values)));
    try {
      parser.end(body);
    } catch (error) {
      // Whatever busboy throws reading it is the body's fault: every failure here is a 400 or a 413.
      reject(malformed(error instanceof Error ? error.message : String(error)));
    }
  });
}

/**
 * At most this many bytes of a body the server answers without reading (a body over its limit, an upload refused
 * before its file) are still read and thrown away after the answer, so that a client that sends its whole body
 * before reading the answer (Node's fetch, some proxies) gets the answer instead of a broken connection. Beyond it
 * the connection is closed.
 */
export const UNREAD_BODY_DISCARD_BYTES = 8 * 1024 * 1024;

/**
 * What becomes of a body an answer leaves unread (app.ts calls it for every answer whose body is not read whole,
 * and for Fastify's framework errors, which pass no hook): the rest is read and discarded, up to
 * UNREAD_BODY_DISCARD_BYTES, and the connection stays usable; a body that declares more, or turns out to be
 * longer, gets its answer with `connection: close` and its connection closed once the answer is out. Resolves when
 * the answer may go: at once on a connection kept alive (the client reads it while it still sends), and on one
 * that closes after the answer (the client asked so) once the body is read, since closing with its rest still
 * coming could make the client's system drop the answer unread.
 */
export function discardUnreadBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return Promise.resolve();
  const declared = Number(request.headers['content-length']);
  if (declared > UNREAD_BODY_DISCARD_BYTES) {
    reply.header('connection', 'close');
    return Promise.resolve();
  }
  // Fastify closes the connection after any failure to parse a body (one over its limit too), while the client
  // may still be sending it; reading the rest keeps the connection, and the bound below still closes it.
  reply.removeHeader('connection');
  const read = discard(raw, reply);
  return clientCloses(request) ? read : Promise.resolve();
}

/** Whether the client asked for its connection to close after this exchange (HTTP/1.0 does unless told). */
function clientCloses(request: FastifyRequest): boolean {
  const connection = String(request.headers.connection ?? '').toLowerCase();
  if (/\bclose\b/.test(connection)) return true;
  return request.raw.httpVersion === '1.0' && !/\bkeep-alive\b/.test(connection);
}

/** How long a client past the bound has to read its answer before its connection is dropped. */
const CLOSE_GRACE_MS = 2000;

/** Reads and drops the rest of a body; resolves when it is all read, or past the bound, or the request is gone. */
function discard(raw: FastifyRequest['raw'], reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => {
    let discarded = 0;
    const done = () => {
      raw.off('data', onData).off('end', done).off('close', done).off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded <= UNREAD_BODY_DISCARD_BYTES) return;
      raw.pause();
      // Once the answer is out, the connection is ended on the server's side and, a moment later, dropped. Not
      // at once, as Node would for a client that asked to close: dropped with the rest of the body still coming,
      // the client's system may drop the answer unread.
      if (!reply.raw.headersSent) reply.raw.shouldKeepAlive = true;
      done();
      const close = () => {
        const socket = raw.socket;
        if (!socket || socket.destroyed) return;
        socket.end();
        setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
      };
      if (reply.raw.writableFinished) close();
      else reply.raw.once('finish', close);
    };
    raw.on('data', onData).on('end', done).on('close', done).on('error', done);
    raw.resume();
  });
}
