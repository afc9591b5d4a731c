import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/server/seed/factories';
import { createSite } from '../factories';
import { createPerson } from '../factories/coaching';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { snapshotRows } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('content/get_content.php and content/save_content.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const signedIn = (site: { id: number; name: string }, role: Role, privilegies?: number) =>
    createPerson(server, site, role, { privilegies });

  // The spec's content endpoints carry no `req`: the server's test client leaves it out when given undefined.
  const get = (site: { name: string }, data: DataOf<'content/get_content.php', 'get_content'>) =>
    server.call('content/get_content.php', undefined, data, { site: site.name });
  const save = (
    site: { name: string },
    token: string | null,
    data: DataOf<'content/save_content.php', 'save_content'>,
  ) => server.call('content/save_content.php', undefined, data, { site: site.name, token });

  it('get_content answers data null when no text is stored and no default is sent', async () => {
    const site = await createSite(server.db);
    const { httpStatus, body } = await get(site, { TheKey: 'home.intro', Locale: 'en' });
    expect(httpStatus).toBe(200);
    expect(body).toEqual({ status: 'OK', data: null });
  });

  it('get_content answers the DefaultContent sent, marked as the default, while no text is stored', async () => {
    const site = await createSite(server.db);
    const admin = await signedIn(site, 'admin');
    const { httpStatus, body } = await get(site, { TheKey: 'home.intro', DefaultContent: '<p>Hi</p>', Locale: 'en' });
    expect(httpStatus).toBe(200);
    expect(body).toEqual({
      status: 'OK',
      data: {
        Key: 'home.intro',
        Content: '<p>Hi</p>',
        Locale: 'en',
        CreationDate: null,
        ModificationDate: null,
        IsDefault: true,
      },
    });
    // An empty default is a default too; nothing is stored by asking.
    const empty = await get(site, { TheKey: 'home.intro', DefaultContent: '', Locale: 'sv' });
    expect(empty.body.data).toMatchObject({ Content: '', Locale: 'sv', IsDefault: true });
    expect(await server.db.selectFrom('contents').select('id').where('site_id', '=', site.id).execute()).toEqual([]);

    // Once a text is stored for the key and language, it is answered instead, not marked.
    await save(site, admin.token, { TheKey: 'home.intro', content: '<p>Stored</p>', Locale: 'en' });
    const stored = await get(site, { TheKey: 'home.intro', DefaultContent: '<p>Hi</p>', Locale: 'en' });
    expect(stored.body.data).toMatchObject({ Content: '<p>Stored</p>', IsDefault: false });
    expect(stored.body.data?.CreationDate).toEqual(expect.any(String));
    // The other language still has none stored.
    const swedish = await get(site, { TheKey: 'home.intro', DefaultContent: '<p>Hej</p>', Locale: 'sv' });
    expect(swedish.body.data).toMatchObject({ Content: '<p>Hej</p>', Locale: 'sv', IsDefault: true });
  });

  it('a default is sanitized like a stored text before it is answered', async () => {
    const site = await createSite(server.db);
    const { body } = await get(site, {
      TheKey: 'unsafe.default',
      DefaultContent: '<p onclick="alert(1)">Hi<script>alert(2)</script> <a href="javascript:alert(3)">x</a></p>',
      Locale: 'en',
    });
    expect(body.data?.IsDefault).toBe(true);
    expect(body.data?.Content).toContain('<p>Hi');
    for (const unsafe of ['<script', 'alert(', 'onclick', 'javascript:'])
      expect(body.data?.Content).not.toContain(unsafe);
  });

  it('both content endpoints take no req, or an empty one, as the spec sends them', async () => {
    const site = await createSite(server.db);
    const admin = await signedIn(site, 'admin');
    // The wire itself is under test here (an empty req), so the calls go out raw.
    for (const [n, rawReq] of [undefined, ''].entries()) {
      const options = { site: site.name, token: admin.token, ...(rawReq === undefined ? {} : { rawReq }) };
      const key = `bare.${n}`;
      const saved = await server.callRaw(
        'content/save_content.php',
        undefined,
        { TheKey: key, content: `<p>Text ${n}</p>`, Locale: 'en' },
        options,
      );
      expect(saved.httpStatus, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toEqual({ status: 'OK', datetime: expect.any(String) });
      const read = await server.callRaw('content/get_content.php', undefined, { TheKey: key, Locale: 'en' }, options);
      expect(read.httpStatus, JSON.stringify(read.body)).toBe(200);
      expect(read.body.data).toMatchObject({ Key: key, Content: `<p>Text ${n}</p>`, IsDefault: false });
      const withDefault = await server.callRaw(
        'content/get_content.php',
        undefined,
        { TheKey: `${key}.none`, DefaultContent: '<p>Default</p>', Locale: 'en' },
        options,
      );
      expect(withDefault.body.data).toMatchObject({ Content: '<p>Default</p>', IsDefault: true });
      // The data's own checks still hold, and the empty req reaches the call's access gate too.
      const invalid = await server.callRaw('content/get_content.php', undefined, { TheKey: '', Locale: 'en' }, options);
      expect(invalid.httpStatus).toBe(400);
      expect(invalid.body.message).toContain('data.TheKey');
      const anonymous = await server.callRaw(
        'content/save_content.php',
        undefined,
        { TheKey: key, content: '<p>x</p>', Locale: 'en' },
        { ...options, token: null },
      );
      expect(anonymous.httpStatus).toBe(401);
    }
  });

  it('an administrator saves a text per language and get_content answers it', async () => {
    const site = await createSite(server.db);
    const admin = await signedIn(site, 'admin');
    const saved = await save(site, admin.token, { TheKey: 'home.intro', content: '<p>Hello</p>', Locale: 'en' });
    expect(saved.httpStatus).toBe(200);
    expect(saved.body).toEqual({ status: 'OK', datetime: expect.any(String) });
    expect(Math.abs(Date.parse(saved.body.datetime) - Date.now())).toBeLessThan(60_000);

    const en = await get(site, { TheKey: 'home.intro', Locale: 'en', isZoned: false });
    expect(en.body.data).toMatchObject({ Key: 'home.intro', Content: '<p>Hello</p>', Locale: 'en' });
    expect(en.body.data?.ModificationDate).toBe(saved.body.datetime);

    await save(site, admin.token, { TheKey: 'home.intro', content: '<p>Hej</p>', Locale: 'sv' });
    expect((await get(site, { TheKey: 'home.intro', Locale: 'sv' })).body.data?.Content).toBe('<p>Hej</p>');
    expect((await get(site, { TheKey: 'home.intro', Locale: 'en' })).body.data?.Content).toBe('<p>Hello</p>');

    const resaved = await save(site, admin.token, {
      TheKey: 'home.intro',
      content: '<p>Hello again</p>',
      Locale: 'en',
    });
    const after = await get(site, { TheKey: 'home.intro', Locale: 'en' });
    expect(after.body.data).toMatchObject({
      Content: '<p>Hello again</p>',
      CreationDate: en.body.data?.CreationDate,
      ModificationDate: resaved.body.datetime,
    });

    // Another site's texts are its own.
    const other = await createSite(server.db);
    expect((await get(other, { TheKey: 'home.intro', Locale: 'en' })).body.data).toBeNull();
  });

  it('every save is kept as a revision with the id of who saved it', async () => {
    const site = await createSite(server.db);
    const admin = await signedIn(site, 'admin');
    const otherAdmin = await signedIn(site, 'admin');
    await save(site, admin.token, { TheKey: 'faq', content: '<p>One</p>', Locale: 'en' });
    await save(site, otherAdmin.token, { TheKey: 'faq', content: '<p>Two</p>', Locale: 'en' });
    const revisions = await server.db
      .selectFrom('content_revisions')
      .select(['content', 'user_id'])
      .where('site_id', '=', site.id)
      .orderBy('id')
      .execute();
    expect(revisions).toEqual([
      { content: '<p>One</p>', user_id: admin.id },
      { content: '<p>Two</p>', user_id: otherAdmin.id },
    ]);
  });

  it('the HTML is sanitized before it is stored', async () => {
    const site = await createSite(server.db);
    const admin = await signedIn(site, 'admin');
    const html = [
      '<p>Safe <strong>bold</strong><script>alert(1)</script></p>',
      '<img src="https://example.test/a.png" onerror="alert(2)">',
      '<a href="javascript:alert(3)">click</a>',
      '<a href="https://example.test/" target="_blank">ok</a>',
      '<p style="color:red" onclick="alert(4)">styled</p>',
    ].join('');
    await save(site, admin.token, { TheKey: 'unsafe', content: html, Locale: 'en' });
    const stored = (await get(site, { TheKey: 'unsafe', Locale: 'en' })).body.data?.Content ?? '';
    expect(stored).toContain('<strong>bold</strong>');
    expect(stored).toContain('<img src="https://example.test/a.png" />');
    expect(stored).toContain('<a href="https://example.test/" target="_blank" rel="noopener noreferrer">ok</a>');
    for (const unsafe of ['<script', 'alert(', 'onerror', 'onclick', 'javascript:', 'style=']) {
      expect(stored).not.toContain(unsafe);
    }
    const [revision] = await server.db
      .selectFrom('content_revisions')
      .select('content')
      .where('site_id', '=', site.id)
      .execute();
    expect(revision?.content).toBe(stored);
  });

  it('students, coaches and low-privilege admins are FORBIDDEN, anonymous callers UNAUTHORIZED; nothing is written', async () => {
    const site = await createSite(server.db);
    const callers = [await signedIn(site, 'student'), await signedIn(site, 'coach'), await signedIn(site, 'admin', 50)];
    const before = await snapshotRows(server);
    for (const caller of callers) {
      const { httpStatus, body } = await save(site, caller.token, { TheKey: 'k', content: '<p>x</p>', Locale: 'en' });
      expect(httpStatus).toBe(403);
      expect(body).toMatchObject({ status: 'ERROR', error_code: 'FORBIDDEN' });
    }
    const anonymous = await save(site, null, { TheKey: 'k', content: '<p>x</p>', Locale: 'en' });
    expect(anonymous.httpStatus).toBe(401);
    expect(anonymous.body.status).toBe('UNAUTHORIZED');
    expect(await snapshotRows(server)).toEqual(before);
  });

  it("an administrator's token of another site does not save here", async () => {
    const site = await createSite(server.db);
    const other = await createSite(server.db);
    const admin = await signedIn(other, 'admin');
    const { httpStatus } = await save(site, admin.token, { TheKey: 'k', content: '<p>x</p>', Locale: 'en' });
    expect(httpStatus).toBe(401);
  });

  it('answers at the path without .php and with an explicit req too', async () => {
    const site = await createSite(server.db);
    const admin = await signedIn(site, 'admin');
    const response = await server.callRaw(
      'content/save_content',
      undefined,
      { TheKey: 'bare', content: '<p>Bare</p>', Locale: 'en' },
      { site: site.name, token: admin.token },
    );
    expect(response.httpStatus).toBe(200);
    expect(response.body.status).toBe('OK');
    const viaReq = await server.call(
      'content/get_content.php',
      'get_content',
      { TheKey: 'bare', Locale: 'en' },
      { site: site.name },
    );
    expect(viaReq.body.data?.Content).toBe('<p>Bare</p>');
  });

  it('refuses an unknown locale, an empty key and an unknown req', async () => {
    const site = await createSite(server.db);
    const admin = await signedIn(site, 'admin');
    const badLocale = await server.callRaw(
      'content/save_content.php',
      undefined,
      { TheKey: 'k', content: '<p>x</p>', Locale: 'de' },
      { site: site.name, token: admin.token },
    );
    expect(badLocale.httpStatus).toBe(400);
    expect(badLocale.body.message).toContain('data.Locale');
    const emptyKey = await get(site, { TheKey: '   ', Locale: 'en' });
    expect(emptyKey.httpStatus).toBe(400);
    expect(emptyKey.body.message).toContain('data.TheKey');
    const unknownReq = await server.callRaw(
      'content/get_content.php',
      'save_content',
      { TheKey: 'k', Locale: 'en' },
      { site: site.name },
    );
    expect(unknownReq.httpStatus).toBe(404);
    expect(unknownReq.body.error_code).toBe('UNKNOWN_CALL');
  });
});
