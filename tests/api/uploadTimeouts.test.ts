import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerTimeouts } from '../../src/server/app';
import { UPLOAD_MIN_BYTES_PER_SECOND } from '../../src/server/platform/http/deadlines';
import { createSite } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, createMedia } from '../factories/courses';
import { testDialects } from '../support/databases';
import { answered, BOUNDARY, multipart, RawConnection } from '../support/rawHttp';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/**
 * The request deadline against large uploads: a course medium or a course file may take far longer than a request
 * may while it keeps coming at the minimum rate; one that trickles or stalls is cut, and everything else keeps the
 * short deadline. The timeouts are shortened: a request 1.2 s, an upload at most 5 s.
 */
const timeouts: ServerTimeouts = { headers: 600, request: 1200, idle: 6000, keepAlive: 400, upload: 5000 };

/** A PDF (what the course media take by its first bytes) of about `bytes`. */
const pdf = (bytes: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n%'), Buffer.alloc(bytes, 'x'), Buffer.from('\n%%EOF\n')]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `bytes` in slices of `slice` bytes, one every `everyMs`, until all are sent or the server closes. */
async function sendPaced(connection: RawConnection, bytes: Buffer, slice: number, everyMs: number): Promise<void> {
  for (let at = 0; at < bytes.length && !connection.closed; at += slice) {
    await connection.write(bytes.subarray(at, at + slice));
    await sleep(everyMs);
  }
}

/** Bytes every 100 ms: a steady rate far above the minimum (320 KB/s), and a trickle far below it (1 KB/s). */
const STEADY = 32 * 1024;
const TRICKLE = 100;
if (STEADY * 10 < 8 * UPLOAD_MIN_BYTES_PER_SECOND || TRICKLE * 10 > UPLOAD_MIN_BYTES_PER_SECOND / 4) {
  throw new Error('the paces of these tests no longer fit the minimum rate');
}

describe.each(dialects)('upload deadlines on %s', (dialect) => {
  let server: TestServer;
  let site: { id: number; name: string };
  let courseId: number;
  let coach: Person;
  let admin: Person;
  let student: Person;
  beforeAll(async () => {
    server = await startTestServer(dialect, {}, undefined, { timeouts });
    site = await createSite(server.db);
    courseId = (await createCourse(server.db, { site })).id;
    coach = await createPerson(server, site, 'coach');
    admin = await createPerson(server, site, 'admin');
    student = await createPerson(server, site, 'student');
  });
  afterAll(() => server.close());

  /** The uploads' temporary files (an import's media have a folder of their own beside them). */
  const temporaryFiles = () => {
    const dir = path.join(server.config.dataDir, 'tmp');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith('upload-')) : [];
  };
  const media = () =>
    server.db
      .selectFrom('media_files')
      .select('id')
      .where('site_id', '=', site.id)
      .where('kind', '=', 'file')
      .execute();

  /** An upload's connection with its headers sent; its body (`body`) is for the test to send at its pace. */
  async function startUpload(
    who: Person,
    fields: Record<string, string>,
    file: Buffer,
    fileName: string,
    endpoint = 'ajaxUpload.php',
  ) {
    const body = multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', value: file, filename: fileName },
    ]);
    const connection = await RawConnection.open(server.url);
    await connection.write(
      `POST /api/backend/${endpoint} HTTP/1.1\r\nHost: x\r\nSite: ${site.name}\r\nAuthorization: ${who.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    return { connection, body, startedAt: Date.now() };
  }
  const courseMedium = (bytes: number) =>
    startUpload(coach, { folder: 'course', CourseId: String(courseId) }, pdf(bytes), 'handout.pdf');

  it('a course medium that keeps coming at a steady rate may take longer than a request may', async () => {
    const before = (await media()).length;
    const { connection, body, startedAt } = await courseMedium(800 * 1024);
    try {
      await sendPaced(connection, body, STEADY, 100);
      expect(await connection.waitFor(answered(connection), 5_000)).toBe(true);
      expect(Date.now() - startedAt).toBeGreaterThan(timeouts.request + 500);
      expect(connection.received).toMatch(/^HTTP\/1\.1 200/);
      expect(connection.firstJson()).toMatchObject({ status: 'OK', data: { Kind: 'file' } });
    } finally {
      connection.close();
    }
    expect((await media()).length).toBe(before + 1);
  });

  it('so may a course file', async () => {
    // A course with a medium that does not compress, so its file is large enough to take a while.
    const medium = await createMedia(server.db, {
      config: server.config,
      site,
      kind: 'file',
      mimeType: 'application/pdf',
      bytes: Buffer.concat([Buffer.from('%PDF-1.4\n%'), randomBytes(800 * 1024), Buffer.from('\n%%EOF\n')]),
      originalName: 'notes.pdf',
    });
    const course = await createCourse(server.db, {
      site,
      name: 'Slow link',
      parts: [{ name: 'One', blocks: [{ type: 'File', title: 'Notes', content: { mediaId: medium.id } }] }],
    });
    const { Url } = await server.ok('course_transfer.php', 'export_course', { CourseId: course.id }, as(admin));
    const zip = Buffer.from(await (await fetch(`${server.url}${Url}`)).arrayBuffer());
    expect(zip.length).toBeGreaterThan(800 * 1024);
    const { connection, body, startedAt } = await startUpload(admin, {}, zip, 'course.zip', 'course_import.php');
    try {
      await sendPaced(connection, body, STEADY, 100);
      expect(await connection.waitFor(answered(connection), 5_000)).toBe(true);
      expect(Date.now() - startedAt).toBeGreaterThan(timeouts.request + 500);
      expect(connection.firstJson()).toMatchObject({ status: 'OK', Name: 'Slow link (imported)' });
    } finally {
      connection.close();
    }
  });

  it('one that slows to a trickle is cut within two periods of it, and leaves no temporary file', async () => {
    const before = (await media()).length;
    const { connection, body, startedAt } = await courseMedium(600 * 1024);
    // Steady past the request deadline (which is no longer what holds it), then a hundred bytes every 100 ms: what
    // came fast before is no credit for the trickle.
    const steady = 500 * 1024;
    await sendPaced(connection, body.subarray(0, steady), STEADY, 100);
    expect(temporaryFiles()).toHaveLength(1);
    const trickleStartedAt = Date.now();
    const trickle = sendPaced(connection, body.subarray(steady), TRICKLE, 100);
    try {
      expect(await connection.waitFor(() => connection.closed, 5_000)).toBe(true);
    } finally {
      connection.close();
      await trickle;
    }
    expect(connection.closedAt - startedAt).toBeGreaterThan(timeouts.request + 500);
    expect(connection.closedAt - trickleStartedAt).toBeLessThan(2 * timeouts.request + 600);
    expect(connection.received).not.toMatch(/^HTTP\/1\.1 200/);
    await expect.poll(temporaryFiles).toEqual([]);
    expect((await media()).length).toBe(before);
  });

  it('one that stalls is cut as soon, long before the idle timeout', async () => {
    const { connection, body, startedAt } = await courseMedium(400 * 1024);
    await connection.write(body.subarray(0, 2048));
    await expect.poll(() => temporaryFiles().length).toBe(1);
    try {
      expect(await connection.waitFor(() => connection.closed, 5_000)).toBe(true);
    } finally {
      connection.close();
    }
    expect(connection.closedAt - startedAt).toBeLessThan(timeouts.idle / 2);
    await expect.poll(temporaryFiles).toEqual([]);
  });

  it('no upload, however steady, takes longer than the upload deadline', async () => {
    const { connection, body, startedAt } = await courseMedium(4 * 1024 * 1024);
    const sending = sendPaced(connection, body, STEADY, 100);
    try {
      expect(await connection.waitFor(() => connection.closed, timeouts.upload + 3_000)).toBe(true);
    } finally {
      connection.close();
      await sending;
    }
    expect(connection.closedAt - startedAt).toBeGreaterThanOrEqual(timeouts.upload - 300);
    expect(connection.received).not.toMatch(/^HTTP\/1\.1 200/);
    await expect.poll(temporaryFiles).toEqual([]);
  });

  it('a steady body of any other request is cut at the request deadline: a profile photo, an API call', async () => {
    // A learner's photo is no large upload: it has a request's time, however steadily it comes.
    const photo = await startUpload(student, { folder: 'profile' }, pdf(1024 * 1024), 'photo.png');
    const api = await RawConnection.open(server.url);
    const form = Buffer.from(`req=get_site&data=${'%20'.repeat(200_000)}`);
    await api.write(
      'POST /api/backend/site.php HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
        `Content-Length: ${form.length}\r\n\r\n`,
    );
    const apiStartedAt = Date.now();
    const sending = [sendPaced(photo.connection, photo.body, STEADY, 100), sendPaced(api, form, 4096, 100)];
    try {
      expect(await photo.connection.waitFor(() => photo.connection.closed, 5_000)).toBe(true);
      expect(await api.waitFor(() => api.closed, 5_000)).toBe(true);
    } finally {
      photo.connection.close();
      api.close();
      await Promise.all(sending);
    }
    for (const [connection, startedAt] of [
      [photo.connection, photo.startedAt],
      [api, apiStartedAt],
    ] as const) {
      expect(connection.received).not.toMatch(/^HTTP\/1\.1 200/);
      expect(connection.closedAt - startedAt).toBeGreaterThanOrEqual(timeouts.request - 300);
      expect(connection.closedAt - startedAt).toBeLessThan(timeouts.request + 1500);
    }
    await expect.poll(temporaryFiles).toEqual([]);
  });
});
