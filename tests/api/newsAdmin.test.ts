import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNews, createSite } from '../factories';
import { as, createPerson } from '../factories/coaching';
import { nth } from '../support/answers';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Administrators write the site's news in both languages, publish and unpublish it, and pick the banner's item. */
describe.each(dialects)('news administration on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const latestFor = async (site: { name: string }, language = 'en') =>
    (
      await server.ok(
        'news.php',
        'get_latest_news',
        { user_id: 0 },
        { site: site.name, headers: { 'accept-language': language } },
      )
    ).data.data.map((item: { title: string }) => item.title);

  it('only administrators write news: a coach and a student are refused and nothing is written', async () => {
    const site = await createSite(server.db);
    const coach = await createPerson(server, site, 'coach');
    const student = await createPerson(server, site);
    const draft = { id: 0, title: 'Hello', content: '<p>Hi</p>', published: true };
    for (const who of [coach, student]) {
      const answer = await server.call('news.php', 'save_news_item', draft, as(who));
      expect(answer.httpStatus).toBe(403);
      expect(answer.body.status).toBe('ERROR');
      expect((await server.call('news.php', 'get_news_admin_list', {}, as(who))).httpStatus).toBe(403);
      expect((await server.call('news.php', 'set_news_spotlight', { news_id: 0 }, as(who))).httpStatus).toBe(403);
    }
    expect(await server.db.selectFrom('news').select('id').where('site_id', '=', site.id).execute()).toEqual([]);
  });

  it('an item written in both languages shows in the reader’s language; a draft shows to administrators only', async () => {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    const saved = await server.ok(
      'news.php',
      'save_news_item',
      {
        id: 0,
        title: 'Summer course',
        content: '<p>Join us</p><script>alert(1)</script>',
        translations: { sv: { title: 'Sommarkurs', content: '<p>Välkommen</p>' } },
        published: true,
      },
      as(admin),
    );
    const id = saved.data.id;
    expect(id).toBeGreaterThan(0);
    expect(await latestFor(site)).toEqual(['Summer course']);
    expect(await latestFor(site, 'sv-SE,sv;q=0.9')).toEqual(['Sommarkurs']);
    const item = await server.ok('news.php', 'get_news_item', { id }, { site: site.name });
    expect(item.data.content).toBe('<p>Join us</p>');

    // A draft: not the latest, not in the list, not found by id; its administrators see it.
    await server.ok(
      'news.php',
      'save_news_item',
      { id: 0, title: 'Not yet', content: '<p>Draft</p>', published: false },
      as(admin),
    );
    expect(await latestFor(site)).toEqual(['Summer course']);
    const list = await server.ok('news.php', 'get_news_list', { page: 1 }, { site: site.name });
    expect(list.data.map((n: { title: string }) => n.title)).toEqual(['Summer course']);
    const adminList = await server.ok('news.php', 'get_news_admin_list', { page: 1 }, as(admin));
    expect(adminList.data).toEqual([
      expect.objectContaining({ title: 'Not yet', published: false, spotlight: false, translations: {} }),
      expect.objectContaining({
        id,
        title: 'Summer course',
        published: true,
        translations: { sv: { title: 'Sommarkurs', content: '<p>Välkommen</p>' } },
      }),
    ]);
    expect(adminList.spotlight_id).toBe(0);

    // Unpublished, the item leaves the site at once; edited, its time stays.
    const before = nth(adminList.data as { published_at: string }[], 1).published_at;
    await server.ok(
      'news.php',
      'save_news_item',
      { id, title: 'Summer course', content: '<p>Join us</p>', published: false },
      as(admin),
    );
    expect(await latestFor(site)).toEqual([]);
    expect((await server.call('news.php', 'get_news_item', { id }, { site: site.name })).httpStatus).toBe(404);
    const after = await server.ok('news.php', 'get_news_admin_list', { page: 1 }, as(admin));
    expect(after.data.find((n: { id: number }) => n.id === id)).toMatchObject({
      published: false,
      published_at: before,
    });
  });

  it('the banner spotlights the chosen item while it is published, else the latest', async () => {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    const older = await createNews(server.db, { site, title: 'Older', publishedAt: minutesAgo(60) });
    await createNews(server.db, { site, title: 'Latest', publishedAt: minutesAgo(5) });
    expect(await latestFor(site)).toEqual(['Latest']);

    await server.ok('news.php', 'set_news_spotlight', { news_id: older.id }, as(admin));
    expect(await latestFor(site)).toEqual(['Older']);
    const list = await server.ok('news.php', 'get_news_admin_list', { page: 1 }, as(admin));
    expect(list.spotlight_id).toBe(older.id);
    expect(list.data.map((n: { spotlight: boolean }) => n.spotlight)).toEqual([false, true]);

    // Unpublished, the spotlighted item gives the banner back to the latest.
    await server.ok(
      'news.php',
      'save_news_item',
      { id: older.id, title: 'Older', content: '<p>x</p>', published: false },
      as(admin),
    );
    expect(await latestFor(site)).toEqual(['Latest']);
    await server.ok('news.php', 'set_news_spotlight', { news_id: 0 }, as(admin));
    expect((await server.ok('news.php', 'get_news_admin_list', { page: 1 }, as(admin))).spotlight_id).toBe(0);
  });

  it('bad input is refused with the field named, and another site’s item cannot be touched', async () => {
    const site = await createSite(server.db);
    const other = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    const elsewhere = await createNews(server.db, { site: other, title: 'Theirs' });
    const refused = [
      { id: 0, title: '', content: '<p>x</p>', published: true },
      { id: 0, title: 'x'.repeat(201), content: '<p>x</p>', published: true },
      { id: 0, title: 'Fine', content: 'x'.repeat(100_001), published: true },
      { id: 0, title: 'Fine', content: '<p>x</p>', published: 'yes' },
      { id: 0, title: 'Fine', content: '<p>x</p>', published: true, published_at: 'tomorrow' },
    ];
    for (const data of refused) {
      const answer = await server.callRaw('news.php', 'save_news_item', data, as(admin));
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.status).toBe('ERROR');
    }
    const theirs = await server.call(
      'news.php',
      'save_news_item',
      { id: elsewhere.id, title: 'Mine now', content: '<p>x</p>', published: true },
      as(admin),
    );
    expect(theirs.httpStatus).toBe(404);
    expect((await server.call('news.php', 'set_news_spotlight', { news_id: elsewhere.id }, as(admin))).httpStatus).toBe(
      404,
    );
    expect(await server.db.selectFrom('news').select('title').where('site_id', '=', other.id).execute()).toEqual([
      { title: 'Theirs' },
    ]);
    expect(await server.db.selectFrom('news').select('id').where('site_id', '=', site.id).execute()).toEqual([]);
  });
});
