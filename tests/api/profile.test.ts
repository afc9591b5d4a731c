import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_PIXELS, MAX_PHOTO_SIDE } from '../../src/server/modules/identity/services/profile';
import { uploadDir } from '../../src/server/platform/files/storage';
import { createSite, createUser } from '../factories';
import { createPerson } from '../factories/coaching';
import { createCourse, createMedia, createResource, grantAccess } from '../factories/courses';
import { nth } from '../support/answers';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

const crc32 = (bytes: Buffer) => zlib.crc32(bytes);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** Adam7's passes: where each starts and its steps across and down. */
const adam7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * A PNG of one flat colour, RGB, written row by row through a streaming deflate so that making a huge one costs
 * this process next to no memory (sharp would hold the whole image to interlace it, and hide the server's growth).
 * Flat rows compress about a thousandfold: 6000 × 6000 at 16 bits, 216 MB decoded, is a file of some 200 KB.
 */
async function flatPng(width: number, height: number, opts: { interlaced: boolean; bits: 8 | 16 }): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = opts.bits;
  header[9] = 2; // RGB
  header[12] = opts.interlaced ? 1 : 0;
  const deflate = zlib.createDeflate();
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const bytesPerPixel = 3 * (opts.bits / 8);
  for (const [x0, y0, dx, dy] of opts.interlaced ? adam7 : [[0, 0, 1, 1] as const]) {
    const across = Math.ceil((width - x0) / dx);
    const down = Math.ceil((height - y0) / dy);
    if (across <= 0 || down <= 0) continue;
    const row = Buffer.alloc(1 + across * bytesPerPixel, 0x5a);
    row[0] = 0; // filter: none
    const perWrite = Math.max(1, Math.floor(2 ** 20 / row.length));
    const block = Buffer.concat(Array.from({ length: perWrite }, () => row));
    for (let y = 0; y < down; y += perWrite) {
      const rows = Math.min(perWrite, down - y);
      if (!deflate.write(rows === perWrite ? block : block.subarray(0, rows * row.length))) {
        await new Promise((resolve) => deflate.once('drain', resolve));
      }
    }
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Runs `work` while sampling this process's resident memory (the server runs in it); answers the growth in MB. */
async function rssGrowthDuring<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthMb: (peak - before) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

describe.each(dialects)('profile, upload, achievements and resources on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const signedIn = (site: { id: number; name: string }) => createPerson(server, site, 'student', { firstName: 'Maja' });

  /** Posts a file as the spec's upload does, as `who` (anonymous when null). */
  const upload = (who: { token: string; site: { name: string } } | null, bytes: Buffer, folder = 'profile') =>
    server.upload(bytes, { folder, ...(who ? { site: who.site.name, token: who.token } : {}) });

  it('reads and updates the own profile; bad names change nothing', async () => {
    const site = await createSite(server.db);
    const user = await signedIn(site);
    const as = { site: site.name, token: user.token };
    const read = await server.call('profile.php', 'get_profile', { UserId: user.id }, as);
    expect(read.body.data).toMatchObject({
      Id: user.id,
      FirstName: 'Maja',
      CollectXp: true,
      TotalXp: 0,
      UserFileId: null,
    });

    const updated = await server.call(
      'profile.php',
      'update_profile',
      { UserId: user.id, FirstName: '  Maria ', LastName: 'Lind', CollectXp: false },
      as,
    );
    expect(updated.body.data).toMatchObject({ FirstName: 'Maria', LastName: 'Lind', CollectXp: false });
    expect((await server.call('auth.php', 'auth_user', {}, as)).body.data).toMatchObject({
      FirstName: 'Maria',
      CollectXp: false,
    });

    const empty = await server.call(
      'profile.php',
      'update_profile',
      { UserId: user.id, FirstName: ' ', LastName: 'Lind', CollectXp: true },
      as,
    );
    expect(empty.httpStatus).toBe(400);
    expect(empty.body.fields?.[0]?.field).toBe('data.FirstName');
    const other = await createUser(server.db, { site });
    const foreign = await server.call(
      'profile.php',
      'update_profile',
      { UserId: other.id, FirstName: 'X', LastName: 'Y', CollectXp: true },
      as,
    );
    expect(foreign.httpStatus).toBe(403);
    expect((await server.call('profile.php', 'get_profile', { UserId: user.id }, as)).body.data.FirstName).toBe(
      'Maria',
    );
  });

  it('a profile photo is re-encoded, becomes the user’s photo and is served publicly', async () => {
    const site = await createSite(server.db);
    const user = await signedIn(site);
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();

    const { httpStatus, body } = await upload(user, png);
    expect(httpStatus).toBe(200);
    expect(body).toMatchObject({
      status: 'OK',
      newFilename: expect.stringMatching(/\.webp$/),
      data: { UserFileId: expect.any(Number) },
    });
    const me = await server.call('auth.php', 'auth_user', {}, { site: site.name, token: user.token });
    expect(me.body.data.UserFileId).toBe(body.data.UserFileId);

    const served = await fetch(`${server.url}/media/avatar/${body.data.UserFileId}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
  });

  it('refuses photos over 2 MB with the spec’s text, files that are no image, and anonymous uploads', async () => {
    const site = await createSite(server.db);
    const user = await signedIn(site);
    const before = await server.db.selectFrom('media_files').select('id').where('site_id', '=', site.id).execute();

    const large = await upload(user, Buffer.alloc(2 * 1024 * 1024 + 1, 1));
    expect(large.httpStatus).toBe(413);
    expect(large.body).toMatchObject({
      status: 'ERROR',
      error_code: 'FILE_TOO_LARGE',
      message: 'File size too large, filesize limit 2MB!',
    });
    const huge = await upload(user, Buffer.alloc(5 * 1024 * 1024, 1));
    expect(huge.body.error_code).toBe('FILE_TOO_LARGE');

    const text = await upload(
      user,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(text.httpStatus).toBe(415);
    expect(text.body.error_code).toBe('UNSUPPORTED_FILE');
    expect((await upload(user, Buffer.from('x'), 'elsewhere')).httpStatus).toBe(400);
    expect((await upload(null, Buffer.from('x'))).body.status).toBe('UNAUTHORIZED');

    const after = await server.db.selectFrom('media_files').select('id').where('site_id', '=', site.id).execute();
    expect(after).toEqual(before);
  });

  it('a decompression bomb (an interlaced 16-bit PNG of 216 MB decoded) is refused from its header, eight at once', async () => {
    const site = await createSite(server.db);
    const user = await signedIn(site);
    const bomb = await flatPng(6000, 6000, { interlaced: true, bits: 16 });
    expect(bomb.length).toBeLessThan(400_000);
    const before = await server.db.selectFrom('media_files').select('id').where('site_id', '=', site.id).execute();

    // Before headers were checked, each of these was decoded whole: 1.8 GB for eight of a similar one.
    const { result: answers, growthMb } = await rssGrowthDuring(() =>
      Promise.all(Array.from({ length: 8 }, () => upload(user, bomb))),
    );
    for (const answer of answers) {
      expect(answer.httpStatus).toBe(415);
      expect(answer.body).toMatchObject({ status: 'ERROR', error_code: 'UNSUPPORTED_FILE' });
    }
    expect(growthMb, 'the server process grew (MB)').toBeLessThan(60);
    const after = await server.db.selectFrom('media_files').select('id').where('site_id', '=', site.id).execute();
    expect(after).toEqual(before);
    const me = await server.call('auth.php', 'auth_user', {}, { site: site.name, token: user.token });
    expect(me.body.data.UserFileId).toBeNull();
  });

  it('refuses from the header what costs more to decode than an avatar is worth, with a clear error', async () => {
    const site = await createSite(server.db);
    const user = await signedIn(site);
    const flat = { width: 64, height: 64, channels: 3 as const, background: '#3366cc' };
    const frames = await Promise.all(
      ['#3366cc', '#cc6633'].map((background) =>
        sharp({ create: { ...flat, background } })
          .png()
          .toBuffer(),
      ),
    );
    const cases: [string, Buffer, RegExp][] = [
      ['16 bits a channel', await sharp({ create: flat }).png().toColourspace('rgb16').toBuffer(), /8 bits/],
      ['an interlaced PNG', await flatPng(64, 64, { interlaced: true, bits: 8 }), /interlaced/],
      ['too many pixels', await flatPng(4200, 4200, { interlaced: false, bits: 8 }), /too large/],
      ['too long a side', await flatPng(MAX_PHOTO_SIDE + 1, 16, { interlaced: false, bits: 8 }), /too large/],
      [
        'a GIF too large to decode whole',
        await sharp({ create: { ...flat, width: 2100, height: 2100 } })
          .gif()
          .toBuffer(),
        /too large/,
      ],
      [
        'an animated GIF',
        await sharp(frames, { join: { animated: true } })
          .gif()
          .toBuffer(),
        /animated/,
      ],
      [
        'an animated WebP',
        await sharp(frames, { join: { animated: true } })
          .webp()
          .toBuffer(),
        /animated/,
      ],
      ['a TIFF', await sharp({ create: flat }).tiff().toBuffer(), /not a JPEG, PNG, WebP or GIF/],
    ];
    expect(4200 * 4200).toBeGreaterThan(MAX_PHOTO_PIXELS);
    for (const [label, bytes, message] of cases) {
      const answer = await upload(user, bytes);
      expect(answer.httpStatus, label).toBe(415);
      expect(answer.body, label).toMatchObject({ status: 'ERROR', error_code: 'UNSUPPORTED_FILE' });
      expect(answer.body.message, label).toMatch(message);
    }
    const me = await server.call('auth.php', 'auth_user', {}, { site: site.name, token: user.token });
    expect(me.body.data.UserFileId).toBeNull();
  });

  it('a phone’s photo (12 MP, progressive JPEG) and a still GIF are still taken', async () => {
    const site = await createSite(server.db);
    const user = await signedIn(site);
    const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#aa7744' } })
      .jpeg({ progressive: true })
      .toBuffer();
    expect((await upload(user, photo)).body.status).toBe('OK');
    const gif = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#aa7744' } })
      .gif()
      .toBuffer();
    expect((await upload(user, gif)).body.status).toBe('OK');
  });

  it('a replaced photo goes: its address answers 404 and its file is removed', async () => {
    const site = await createSite(server.db);
    const user = await signedIn(site);
    const photo = (colour: string) =>
      sharp({ create: { width: 100, height: 100, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const first = await upload(user, await photo('#ff0000'));
    const firstId = first.body.data.UserFileId;
    const dir = uploadDir(server.config, site.id);
    expect(fs.existsSync(path.join(dir, first.body.newFilename))).toBe(true);
    expect((await fetch(`${server.url}/media/avatar/${firstId}`)).status).toBe(200);

    const second = await upload(user, await photo('#00ff00'));
    expect(second.httpStatus).toBe(200);
    expect((await fetch(`${server.url}/media/avatar/${firstId}`)).status).toBe(404);
    expect(fs.existsSync(path.join(dir, first.body.newFilename))).toBe(false);
    expect((await fetch(`${server.url}/media/avatar/${second.body.data.UserFileId}`)).status).toBe(200);

    // Photos uploaded at once each replace the one before: one stays, with its file, whichever came last.
    await Promise.all(['#0000ff', '#ffff00', '#00ffff'].map(async (colour) => upload(user, await photo(colour))));
    const rows = await server.db
      .selectFrom('media_files')
      .select(['id', 'storage_name'])
      .where('site_id', '=', site.id)
      .where('owner_user_id', '=', user.id)
      .execute();
    const me = await server.call('auth.php', 'auth_user', {}, { site: site.name, token: user.token });
    expect(rows.map((row) => row.id)).toEqual([me.body.data.UserFileId]);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith(`avatar-${user.id}-`))).toEqual([
      rows[0]?.storage_name,
    ]);
  });

  it('achievements list the courses a learner may open; one achievement shows her course xp', async () => {
    const site = await createSite(server.db);
    const mine = await createCourse(server.db, { site, achievements: [5, 50] });
    await createCourse(server.db, { site, achievements: [10] });
    const user = await signedIn(site);
    await grantAccess(server.db, { site, course: mine, user });
    const as = { site: site.name, token: user.token };
    await server.call(
      'course_progress.php',
      'save_reward',
      { user_id: user.id, course_id: mine.id, course_part_id: nth(mine.partIds) },
      as,
    );

    const list = await server.call('achievements.php', 'get_achievements', { UserId: user.id }, as);
    expect(list.body.data.map((a: { required_xp: number; earned: boolean }) => [a.required_xp, a.earned])).toEqual([
      [5, true],
      [50, false],
    ]);
    const one = await server.call(
      'achievements.php',
      'get_achievement',
      { Id: nth(mine.achievementIds, 1), CourseId: mine.id },
      as,
    );
    expect(one.body.data).toMatchObject({ required_xp: 50, earned: false, CourseXp: 5, CourseName: mine.name });
    const wrongCourse = await server.call(
      'achievements.php',
      'get_achievement',
      { Id: 999_999, CourseId: mine.id },
      as,
    );
    expect(wrongCourse.body.error_code).toBe('NOT_FOUND');
  });

  it('resources: the site’s own, and a course’s only for those who may open it; files by signed link', async () => {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, { site });
    const file = await createMedia(server.db, { config: server.config, site });
    await createResource(server.db, { site, course: null, title: 'Handbook', mediaFileId: file.id, sortId: 1 });
    await createResource(server.db, {
      site,
      course,
      title: 'Course extra',
      url: 'https://example.org/extra',
      sortId: 2,
    });
    const outsider = await signedIn(site);
    const learner = await signedIn(site);
    await grantAccess(server.db, { site, course, user: learner });

    const titles = async (who: { token: string }) =>
      (await server.call('resources.php', 'get_resources', {}, { site: site.name, token: who.token })).body.data;
    expect((await titles(outsider)).map((r: { Title: string }) => r.Title)).toEqual(['Handbook']);
    const all = await titles(learner);
    expect(all.map((r: { Title: string }) => r.Title)).toEqual(['Handbook', 'Course extra']);
    expect(all[1]).toMatchObject({ CourseId: course.id, CourseName: course.name, Url: 'https://example.org/extra' });
    const download = await fetch(`${server.url}${nth(all).Url}`);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(file.bytes);
  });
});
