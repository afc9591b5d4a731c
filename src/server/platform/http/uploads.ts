import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { UploadedFile } from '../handlers';

/**
 * The body of an upload route, read as it arrives: its text fields are kept, its one file part is written to a
 * temporary file and never held in memory, and the file is bounded WHILE it streams by the limit the fields before
 * it name (a course's medium may be large, a profile photo not): a file past its limit is refused (413) the moment
 * it passes it, and what was written of it removed.
 */

export interface UploadLimits {
  /** Text fields at most, and bytes of one. */
  fields: number;
  fieldSize: number;
  /** The largest file the fields read so far allow (the file part is bounded by it as it streams). */
  fileSize: (fields: Record<string, string>) => number;
  /** The folder of the temporary files. */
  dir: string;
}

const tooLarge = (what: string) => new AppError('PAYLOAD_TOO_LARGE', `The request body is too large: ${what}`);
const malformed = (why: string) => new AppError('INVALID_REQUEST', `Malformed multipart body: ${why}`);

/** How many first bytes of the file are kept at hand, to tell its type by. */
const HEAD_BYTES = 4096;

/** A limit in MB as the spec's message writes it (2MB). */
const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

export const removeQuietly = (file: string) => fs.promises.unlink(file).catch(() => undefined);

/** The fields and the file of an upload body; the file, if any, is the caller's to `remove()` once done. */
export function receiveUpload(
  body: Readable,
  headers: FastifyRequest['headers'],
  limits: UploadLimits,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: UploadedFile | null = null;
    let writing: Promise<void> | null = null;
    let settled = false;
    const temporary: string[] = [];
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      body.unpipe();
      // Whatever was written goes; the unread rest of the body is the answer's to discard (http/bodies.ts).
      for (const name of temporary) void removeQuietly(name);
      reject(error);
    };

    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: headers as { 'content-type': string },
        limits: { fields: limits.fields, fieldSize: limits.fieldSize, files: 1, parts: limits.fields + 1 },
      });
    } catch (error) {
      reject(malformed(error instanceof Error ? error.message : String(error)));
      return;
    }
    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) return fail(tooLarge(`field ${name.slice(0, 50)}`));
      if (name in Object.prototype) return fail(malformed(`a part may not be named ${name.slice(0, 50)}`));
      if (Object.hasOwn(fields, name)) return fail(malformed(`the field ${name.slice(0, 50)} is given twice`));
      fields[name] = value;
    });
    parser.on('file', (name, stream, fileName, _encoding, mimeType) => {
      if (name !== 'file') {
        stream.resume();
        return fail(malformed('the file must be the part named file'));
      }
      const limit = limits.fileSize(fields);
      const target = path.join(limits.dir, `upload-${randomBytes(12).toString('hex')}`);
      temporary.push(target);
      const out = fs.createWriteStream(target, { flags: 'wx', mode: 0o600 });
      const head: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      writing = new Promise<void>((done, failed) => {
        out.on('finish', done);
        out.on('error', failed);
      });
      writing.catch(() => fail(new AppError('SERVER_ERROR', 'The upload could not be stored')));
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          stream.unpipe(out);
          out.destroy();
          stream.resume();
          return fail(new AppError('FILE_TOO_LARGE', `File size too large, filesize limit ${megabytes(limit)}MB!`));
        }
        if (headLength < HEAD_BYTES) {
          head.push(chunk.subarray(0, HEAD_BYTES - headLength));
          headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
        }
      });
      stream.on('error', () => {});
      stream.pipe(out);
      file = {
        path: target,
        get size() {
          return size;
        },
        name: fileName ?? '',
        declaredType: mimeType ?? '',
        get head() {
          return Buffer.concat(head);
        },
        read: () => fs.promises.readFile(target),
        remove: () => removeQuietly(target),
      };
    });
    parser.on('fieldsLimit', () => fail(tooLarge('too many fields')));
    parser.on('filesLimit', () => fail(tooLarge('too many files')));
    parser.on('partsLimit', () => fail(tooLarge('too many parts')));
    parser.on('error', (error: unknown) => fail(malformed(error instanceof Error ? error.message : String(error))));
    parser.on('finish', () => {
      if (settled) return;
      Promise.resolve(writing).then(
        () => {
          if (settled) return;
          settled = true;
          resolve({ fields, file });
        },
        () => fail(new AppError('SERVER_ERROR', 'The upload could not be stored')),
      );
    });
    body.on('error', () => fail(malformed('the body was cut short')));
    // A client gone mid-body: what was written of its file goes.
    body.on('close', () => {
      if (!body.readableEnded) fail(malformed('the body was cut short'));
    });
    body.pipe(parser);
  });
}
