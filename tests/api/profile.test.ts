import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, createUser, signInAs } from '../factories';
import { createCourse, createMedia, grantAccess } from '../factories/courses';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('profile, upload, achievements and resources on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function signedIn(site: { id: number; name: string }) {
    const user = await createUser(server, { site, firstName: 'Maja' });
    return { ...user, token: await signInAs(server, site, user), site };
  }

  /** Posts a file as the spec's upload does: multipart with `file` and `folder`. */
  async function upload(who: { token: string; site: { name: string } } | null, bytes: Buffer, folder = 'profile') {
    const form = new FormData();
    form.set('folder', folder);
    form.set('file', new Blob([new Uint8Array(bytes)]), 'photo.png');
    const response = await fetch(`${server.url}/api/backend/ajaxUpload.php`, {
      method: 'POST',
      headers: { site: who?.site.name ?? 'main', ...(who ? { authorization: who.token } : {}) },
      body: form,
    });
    return { httpStatus: response.status, body: await response.json() };
  }

  it('reads and updates the own profile; bad names change nothing', async () => {
    const site = await createSite(server);
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
    expect(empty.body.fields[0].field).toBe('data.FirstName');
    const other = await createUser(server, { site });
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
    const site = await createSite(server);
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
    const site = await createSite(server);
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

  it('achievements list the courses a learner may open; one achievement shows her course xp', async () => {
    const site = await createSite(server);
    const mine = await createCourse(server, { site, achievements: [5, 50] });
    await createCourse(server, { site, achievements: [10] });
    const user = await signedIn(site);
    await grantAccess(server, { site, course: mine, user });
    const as = { site: site.name, token: user.token };
    await server.call(
      'course_progress.php',
      'save_reward',
      { user_id: user.id, course_id: mine.id, course_part_id: mine.partIds[0] },
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
      { Id: mine.achievementIds[1], CourseId: mine.id },
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
    const site = await createSite(server);
    const course = await createCourse(server, { site });
    const file = await createMedia(server, { site });
    const at = new Date().toISOString();
    const base = { site_id: site.id, description: '', created_at: at, updated_at: at };
    await server.db
      .insertInto('resources')
      .values([
        { ...base, course_id: null, title: 'Handbook', url: null, media_file_id: file.id, sort_id: 1 },
        {
          ...base,
          course_id: course.id,
          title: 'Course extra',
          url: 'https://example.org/extra',
          media_file_id: null,
          sort_id: 2,
        },
      ])
      .execute();
    const outsider = await signedIn(site);
    const learner = await signedIn(site);
    await grantAccess(server, { site, course, user: learner });

    const titles = async (who: { token: string }) =>
      (await server.call('resources.php', 'get_resources', {}, { site: site.name, token: who.token })).body.data;
    expect((await titles(outsider)).map((r: { Title: string }) => r.Title)).toEqual(['Handbook']);
    const all = await titles(learner);
    expect(all.map((r: { Title: string }) => r.Title)).toEqual(['Handbook', 'Course extra']);
    expect(all[1]).toMatchObject({ CourseId: course.id, CourseName: course.name, Url: 'https://example.org/extra' });
    const download = await fetch(`${server.url}${all[0].Url}`);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(file.bytes);
  });
});
