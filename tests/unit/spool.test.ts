import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { SpooledFile, spoolMultipart } from '../../src/server/platform/http/bodies';

const boundary = 'spoolboundary';
const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };

/** A multipart body with a field and a file of `fileBytes` bytes, sent in chunks of 64 KiB as a client would. */
function body(fileBytes: number, chunks = { sent: 0 }): Readable {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let left = fileBytes;
  return Readable.from(
    (function* () {
      yield head;
      while (left > 0) {
        const size = Math.min(left, 64 * 1024);
        left -= size;
        chunks.sent += size;
        yield Buffer.alloc(size, 7);
      }
      yield tail;
    })(),
  );
}

describe('multipart bodies written to disk as they arrive', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spool-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const limits = (dir: string) => ({
    fields: 5,
    fieldSize: 1024,
    files: 1,
    fileSize: 1024 * 1024,
    bodyBytes: 1100 * 1024,
    dir,
  });

  it('writes the file part to a file of the folder and gives the fields as they are', async () => {
    const dir = tmp();
    const parsed = await spoolMultipart(body(300_000), headers, limits(dir));
    expect(parsed.note).toBe('hello');
    const file = parsed.file as SpooledFile;
    expect(file).toBeInstanceOf(SpooledFile);
    expect(file.bytes).toBe(300_000);
    expect(fs.statSync(file.path).size).toBe(300_000);
    expect(path.dirname(file.path)).toBe(dir);
    await file.remove();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a file past its limit, and leaves no file behind', async () => {
    const dir = tmp();
    await expect(spoolMultipart(body(1024 * 1024 + 1), headers, limits(dir))).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('stops reading a body as soon as it passes its limit, whatever it declares', async () => {
    const dir = tmp();
    const sent = { sent: 0 };
    await expect(
      spoolMultipart(body(50 * 1024 * 1024, sent), headers, { ...limits(dir), fileSize: 100 * 1024 * 1024 }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // Refused after about its limit, not after the 50 MiB it would send.
    expect(sent.sent).toBeLessThan(2 * 1024 * 1024);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a body that is not multipart', async () => {
    const dir = tmp();
    await expect(
      spoolMultipart(Readable.from([Buffer.from('x')]), { 'content-type': 'multipart/form-data' }, limits(dir)),
    ).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });
});
