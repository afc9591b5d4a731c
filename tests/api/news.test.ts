import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_PAGE_SIZE } from '../../src/shared/contract/site/news';
import { createNews, createSite } from '../factories';
import { createPerson } from '../factories/coaching';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe.each(dialects)('news.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const signedInStudent = (site: { id: number; name: string }) => createPerson(server, site);

  it('get_latest_news answers the newest published item of the site, signed out and signed in', async () => {
    const site = await createSite(server.db);
    const other = await createSite(server.db);
    await createNews(server.db, { site, title: 'Older', publishedAt: minutesAgo(60) });
    const latest = await createNews(server.db, {
      site,
      title: 'Latest',
      content: '<p>Hello</p>',
      publishedAt: minutesAgo(5),
    });
    await createNews(server.db, { site, title: 'Not yet', publishedAt: new Date(Date.now() + 3_600_000) });
    await createNews(server.db, { site: other, title: 'Elsewhere', publishedAt: minutesAgo(1) });

    const anonymous = await server.call('news.php', 'get_latest_news', { user_id: null }, { site: site.name });
    expect(anonymous.httpStatus).toBe(200);
    expect(anonymous.body.status).toBe('OK');
    expect(anonymous.body.data.data).toEqual([
      { id: latest.id, title: 'Latest', content: '<p>Hello</p>', published_at: expect.any(String) },
    ]);
    const withoutField = await server.call('news.php', 'get_latest_news', {}, { site: site.name });
    expect(withoutField.body.data.data.map((n: { id: number }) => n.id)).toEqual([latest.id]);

    const student = await signedInStudent(site);
    const own = await server.call(
      'news.php',
      'get_latest_news',
      { user_id: student.id },
      { site: site.name, token: student.token },
    );
    expect(own.body.data.data.map((n: { id: number }) => n.id)).toEqual([latest.id]);
  });

  it('a closed item is no longer the latest for that user, but still for others', async () => {
    const site = await createSite(server.db);
    const item = await createNews(server.db, { site });
    const student = await signedInStudent(site);
    const classmate = await signedInStudent(site);

    const stored = await server.call(
      'news.php',
      'store_user_news_interaction',
      { news_id: item.id, user_id: student.id },
      { site: site.name, token: student.token },
    );
    expect(stored.body).toEqual({ status: 'OK' });

    const mine = await server.call(
      'news.php',
      'get_latest_news',
      { user_id: student.id },
      { site: site.name, token: student.token },
    );
    expect(mine.body.data.data).toEqual([]);
    const theirs = await server.call(
      'news.php',
      'get_latest_news',
      { user_id: classmate.id },
      { site: site.name, token: classmate.token },
    );
    expect(theirs.body.data.data.map((n: { id: number }) => n.id)).toEqual([item.id]);
    const anonymous = await server.call('news.php', 'get_latest_news', {}, { site: site.name });
    expect(anonymous.body.data.data).toHaveLength(1);
  });

  it('closing the latest item does not bring an older one back as the latest', async () => {
    const site = await createSite(server.db);
    await createNews(server.db, { site, title: 'Older', publishedAt: minutesAgo(60) });
    const latest = await createNews(server.db, { site, title: 'Latest', publishedAt: minutesAgo(5) });
    const student = await signedInStudent(site);
    await server.call(
      'news.php',
      'store_user_news_interaction',
      { news_id: latest.id, user_id: student.id },
      { site: site.name, token: student.token },
    );
    const { body } = await server.call(
      'news.php',
      'get_latest_news',
      { user_id: student.id },
      { site: site.name, token: student.token },
    );
    expect(body.data.data).toEqual([]);
  });

  it("asking with another user's user_id is FORBIDDEN, and signed out it is UNAUTHORIZED", async () => {
    const site = await createSite(server.db);
    await createNews(server.db, { site });
    const student = await signedInStudent(site);
    const classmate = await signedInStudent(site);

    const latest = await server.call(
      'news.php',
      'get_latest_news',
      { user_id: classmate.id },
      { site: site.name, token: student.token },
    );
    expect(latest.httpStatus).toBe(403);
    expect(latest.body).toMatchObject({ status: 'ERROR', error_code: 'FORBIDDEN' });

    const store = await server.call(
      'news.php',
      'store_user_news_interaction',
      { news_id: 1, user_id: classmate.id },
      { site: site.name, token: student.token },
    );
    expect(store.httpStatus).toBe(403);
    expect(store.body.error_code).toBe('FORBIDDEN');

    const signedOut = await server.call('news.php', 'get_latest_news', { user_id: student.id }, { site: site.name });
    expect(signedOut.httpStatus).toBe(401);
    expect(signedOut.body.status).toBe('UNAUTHORIZED');
    const storeSignedOut = await server.call(
      'news.php',
      'store_user_news_interaction',
      { news_id: 1, user_id: student.id },
      { site: site.name },
    );
    expect(storeSignedOut.httpStatus).toBe(401);

    const rows = await server.db.selectFrom('news_interactions').select('id').where('site_id', '=', site.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('storing an interaction twice keeps one row', async () => {
    const site = await createSite(server.db);
    const item = await createNews(server.db, { site });
    const student = await signedInStudent(site);
    for (let i = 0; i < 2; i++) {
      const { body } = await server.call(
        'news.php',
        'store_user_news_interaction',
        { news_id: item.id, user_id: student.id },
        { site: site.name, token: student.token },
      );
      expect(body).toEqual({ status: 'OK' });
    }
    const rows = await server.db
      .selectFrom('news_interactions')
      .selectAll()
      .where('site_id', '=', site.id)
      .where('user_id', '=', student.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.news_id).toBe(item.id);
  });

  it("an unknown news id, or another site's, is NOT_FOUND for the interaction", async () => {
    const site = await createSite(server.db);
    const other = await createSite(server.db);
    const foreign = await createNews(server.db, { site: other });
    const student = await signedInStudent(site);
    for (const newsId of [2_000_000_000, foreign.id]) {
      const { httpStatus, body } = await server.call(
        'news.php',
        'store_user_news_interaction',
        { news_id: newsId, user_id: student.id },
        { site: site.name, token: student.token },
      );
      expect(httpStatus).toBe(404);
      expect(body.error_code).toBe('NOT_FOUND');
    }
  });

  it('get_news_list pages the published items of the site, newest first', async () => {
    const site = await createSite(server.db);
    const other = await createSite(server.db);
    const total = NEWS_PAGE_SIZE + 3;
    const ids: number[] = [];
    for (let i = 0; i < total; i++) {
      ids.push((await createNews(server.db, { site, title: `Item ${i}`, publishedAt: minutesAgo(total - i) })).id);
    }
    await createNews(server.db, { site, title: 'Future', publishedAt: new Date(Date.now() + 60_000) });
    await createNews(server.db, { site: other, title: 'Elsewhere' });
    const newestFirst = [...ids].reverse();

    const first = await server.call('news.php', 'get_news_list', { page: 1 }, { site: site.name });
    expect(first.body.pagination).toEqual({ page: 1, total_pages: 2 });
    expect(first.body.data.map((n: { id: number }) => n.id)).toEqual(newestFirst.slice(0, NEWS_PAGE_SIZE));

    const second = await server.call('news.php', 'get_news_list', { page: 2 }, { site: site.name });
    expect(second.body.pagination).toEqual({ page: 2, total_pages: 2 });
    expect(second.body.data.map((n: { id: number }) => n.id)).toEqual(newestFirst.slice(NEWS_PAGE_SIZE));

    const beyond = await server.call('news.php', 'get_news_list', { page: 3 }, { site: site.name });
    expect(beyond.body).toMatchObject({ data: [], pagination: { page: 3, total_pages: 2 } });

    const defaulted = await server.call('news.php', 'get_news_list', {}, { site: site.name });
    expect(defaulted.body.pagination.page).toBe(1);

    const zero = await server.call('news.php', 'get_news_list', { page: 0 }, { site: site.name });
    expect(zero.httpStatus).toBe(400);
    expect(zero.body.message).toContain('data.page');
  });

  it('get_news_list of a site without news has one empty page', async () => {
    const site = await createSite(server.db);
    const { body } = await server.call('news.php', 'get_news_list', { page: 1 }, { site: site.name });
    expect(body).toEqual({ status: 'OK', data: [], pagination: { page: 1, total_pages: 1 } });
  });

  it("get_news_item answers a published item, and NOT_FOUND for another site's or an unpublished one", async () => {
    const site = await createSite(server.db);
    const other = await createSite(server.db);
    const item = await createNews(server.db, { site, title: 'Concert', content: '<p>Friday</p>' });
    const foreign = await createNews(server.db, { site: other });
    const future = await createNews(server.db, { site, publishedAt: new Date(Date.now() + 60_000) });

    const found = await server.call('news.php', 'get_news_item', { id: item.id }, { site: site.name });
    expect(found.body).toEqual({
      status: 'OK',
      data: { id: item.id, title: 'Concert', content: '<p>Friday</p>', published_at: expect.any(String) },
    });
    for (const id of [foreign.id, future.id, 2_000_000_000]) {
      const { httpStatus, body } = await server.call('news.php', 'get_news_item', { id }, { site: site.name });
      expect(httpStatus).toBe(404);
      expect(body.error_code).toBe('NOT_FOUND');
    }
  });
});
