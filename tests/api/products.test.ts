import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSite } from '../factories';
import { as, createPerson } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { snapshotRows } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('products.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** A site with two courses (one with a free part), its staff and a learner. */
  async function shop() {
    const site = await createSite(server.db);
    const first = await createCourse(server.db, {
      site,
      name: 'Beats',
      parts: [{ name: 'Welcome', free: true }, { name: 'Drums' }, { name: 'Hidden', published: false }],
    });
    const second = await createCourse(server.db, { site, name: 'Mixing', parts: [{ name: 'EQ' }] });
    const [coach, student] = [await createPerson(server, site, 'coach'), await createPerson(server, site)];
    return { site, first, second, coach, student };
  }

  const product = (overrides: Record<string, unknown> = {}): DataOf<'products.php', 'save_product'>['Product'] =>
    ({
      Id: 0,
      Slug: 'beats-course',
      Kind: 'course',
      Texts: { en: { Name: 'Beats', Description: 'Make beats.' }, sv: { Name: 'Beats på svenska' } },
      PriceCents: 4900,
      TaxCategory: 'electronic',
      AccessMonths: 12,
      CourseIds: [] as number[],
      Published: true,
      ...(overrides as object),
    }) as DataOf<'products.php', 'save_product'>['Product'];

  it('shows published products to anyone, in order and by kind; drafts and other sites stay hidden', async () => {
    const { site, first, second, coach } = await shop();
    const save = async (body: Record<string, unknown>) =>
      (await server.call('products.php', 'save_product', { Product: product(body) }, as(coach))).body;
    expect(await save({ CourseIds: [first.id], SortOrder: 2 })).toMatchObject({ status: 'OK' });
    await save({ Slug: 'both', Kind: 'bundle', CourseIds: [first.id, second.id], SortOrder: 1, AccessMonths: null });
    await save({
      Slug: 'coaching',
      Kind: 'coaching',
      TaxCategory: 'live',
      CoachingSessions: 4,
      SortOrder: 3,
      Texts: { sv: { Name: 'Coachning' } },
    });
    await save({ Slug: 'draft', CourseIds: [first.id], Published: false });
    const other = await shop();
    await server.call(
      'products.php',
      'save_product',
      { Product: product({ CourseIds: [other.first.id] }) },
      as(other.coach),
    );

    const list = async (data: Record<string, unknown>) =>
      (await server.call('products.php', 'get_products', data, { site: site.name })).body.Products;
    const all = await list({});
    expect(all.map((p: { Slug: string }) => p.Slug)).toEqual(['both', 'beats-course', 'coaching']);
    expect(all[1]).toMatchObject({
      Name: 'Beats',
      Language: 'en',
      PriceCents: 4900,
      Currency: 'EUR',
      AccessMonths: 12,
    });
    // A language the product is not written in falls back to the first it is.
    expect((await list({ Language: 'sv' }))[1]).toMatchObject({ Name: 'Beats på svenska', Language: 'sv' });
    expect((await list({ Language: 'en' }))[2]).toMatchObject({ Name: 'Coachning', Language: 'sv' });
    expect((await list({ Kind: 'bundle' })).map((p: { Slug: string }) => p.Slug)).toEqual(['both']);
    // Staff's list has the draft too.
    const staffList = (await server.call('products.php', 'get_product_list', {}, as(coach))).body.Products;
    expect(staffList.find((p: { Slug: string }) => p.Slug === 'draft')).toMatchObject({ Published: false });
  });

  it("a product's page shows its courses and their parts, a free one to try, and whether the viewer owns it", async () => {
    const { site, first, second, coach, student } = await shop();
    await server.call(
      'products.php',
      'save_product',
      { Product: product({ Slug: 'both', Kind: 'bundle', CourseIds: [second.id, first.id] }) },
      as(coach),
    );
    const page = async (slug: string, who?: typeof student) =>
      server.callRaw('products.php', 'get_product', { Slug: slug }, who ? as(who) : { site: site.name });
    const visitor = (await page('both')).body.Product;
    expect(visitor.Courses).toEqual([
      { Id: second.id, Name: 'Mixing', Parts: [{ Id: expect.any(Number), Name: 'EQ', Free: false }] },
      {
        Id: first.id,
        Name: 'Beats',
        Parts: [
          { Id: expect.any(Number), Name: 'Welcome', Free: true },
          { Id: expect.any(Number), Name: 'Drums', Free: false },
        ],
      },
    ]);
    expect(visitor.Preview).toMatchObject({ CourseId: first.id, Name: 'Welcome' });
    expect([visitor.Owned, visitor.ShopOpen]).toEqual([false, false]);
    await grantAccess(server.db, { site, course: first, user: student });
    expect((await page('both', student)).body.Product.Owned).toBe(false);
    await grantAccess(server.db, { site, course: second, user: student });
    expect((await page('both', student)).body.Product.Owned).toBe(true);
    for (const slug of ['nothing', 'x'.repeat(200)]) {
      const missing = await page(slug);
      expect(missing.httpStatus).toBe(slug === 'nothing' ? 404 : 400);
    }
    // A draft is not found but by staff.
    await server.call(
      'products.php',
      'save_product',
      { Product: product({ Slug: 'later', CourseIds: [first.id], Published: false }) },
      as(coach),
    );
    expect((await page('later')).body.error_code).toBe('NOT_FOUND');
    expect((await page('later', coach)).body.Product.Slug).toBe('later');
  });

  it('the catalogue is kept per process: answered without a query, a change through it at once, through another within 5 s', {
    timeout: 20_000,
  }, async () => {
    const { site, first, coach } = await shop();
    const id = (
      await server.call('products.php', 'save_product', { Product: product({ CourseIds: [first.id] }) }, as(coach))
    ).body.Id as number;
    const list = async (via: TestServer) =>
      (await via.call('products.php', 'get_products', {}, { site: site.name })).body.Products.map(
        (p: { Name: string }) => p.Name,
      );
    const page = (via: TestServer) =>
      via.call('products.php', 'get_product', { Slug: 'beats-course' }, { site: site.name });
    expect(await list(server)).toEqual(['Beats']);
    await page(server);
    // Kept: a visitor's catalogue and product page cost no statement.
    expect(await server.countStatements(() => list(server))).toEqual([]);
    expect(await server.countStatements(() => page(server))).toEqual([]);

    const other = await startTestServer(dialect, {}, server);
    try {
      expect(await list(other)).toEqual(['Beats']);
      const renamed = product({ Id: id, CourseIds: [first.id], Texts: { en: { Name: 'Beats, renamed' } } });
      await server.call('products.php', 'save_product', { Product: renamed }, as(coach));
      expect(await list(server)).toEqual(['Beats, renamed']);
      expect((await page(server)).body.Product.Name).toBe('Beats, renamed');
      await vi.waitFor(async () => expect(await list(other)).toEqual(['Beats, renamed']), {
        timeout: 6_000,
        interval: 250,
      });
    } finally {
      await other.close();
    }
  });

  it('refuses a product that cannot be sold, or from a learner, writing nothing', async () => {
    const { first, second, coach, student } = await shop();
    const other = await shop();
    await server.call('products.php', 'save_product', { Product: product({ CourseIds: [first.id] }) }, as(coach));
    const snapshot = await snapshotRows(server);
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ PriceCents: -1, CourseIds: [first.id] }, 400, 'INVALID_REQUEST'],
      [{ PriceCents: 12.5, CourseIds: [first.id] }, 400, 'INVALID_REQUEST'],
      [{ Slug: 'Not A Slug', CourseIds: [first.id] }, 400, 'INVALID_REQUEST'],
      [{ Slug: 'dash--twice', CourseIds: [first.id] }, 400, 'INVALID_REQUEST'],
      [{ Texts: {}, CourseIds: [first.id] }, 400, 'INVALID_REQUEST'],
      [{ Kind: 'coaching', TaxCategory: 'electronic', CoachingSessions: 2 }, 400, 'INVALID_REQUEST'],
      [{ TaxCategory: 'live', CourseIds: [first.id] }, 400, 'INVALID_REQUEST'],
      [{ CourseIds: [first.id, second.id] }, 400, 'INVALID_REQUEST'],
      [{ Kind: 'bundle', CourseIds: [first.id] }, 400, 'INVALID_REQUEST'],
      [{ Kind: 'coaching', TaxCategory: 'live' }, 400, 'INVALID_REQUEST'],
      [{ ExternalUrl: 'javascript:alert(1)', CourseIds: [first.id] }, 400, 'INVALID_REQUEST'],
      [{ Slug: 'another', CourseIds: [other.first.id] }, 404, 'NOT_FOUND'],
      [{ CourseIds: [second.id] }, 409, 'NAME_TAKEN'],
    ];
    for (const [body, status, code] of refusals) {
      const refused = await server.callRaw('products.php', 'save_product', { Product: product(body) }, as(coach));
      expect([refused.httpStatus, refused.body.error_code], JSON.stringify(body)).toEqual([status, code]);
    }
    const learner = await server.callRaw(
      'products.php',
      'save_product',
      { Product: product({ Slug: 'mine', CourseIds: [first.id] }) },
      as(student),
    );
    expect(learner.httpStatus).toBe(403);
    expect(await snapshotRows(server)).toEqual(snapshot);
  });

  it('staff load a product as they saved it, archive it out of the shop and restore it', async () => {
    const { site, first, second, coach, student } = await shop();
    const saved = {
      Slug: 'both',
      Kind: 'bundle',
      CourseIds: [second.id, first.id],
      AccessMonths: null,
      StudentBenefit: true,
      SortOrder: 7,
      ExternalUrl: 'https://shop.example.com/both',
    };
    const { Id } = (await server.call('products.php', 'save_product', { Product: product(saved) }, as(coach))).body;
    const form = (await server.call('products.php', 'get_product_admin', { ProductId: Id }, as(coach))).body.Product;
    expect(form).toEqual({
      Id,
      Slug: 'both',
      Kind: 'bundle',
      Texts: { en: { Name: 'Beats', Description: 'Make beats.' }, sv: { Name: 'Beats på svenska', Description: '' } },
      PriceCents: 4900,
      TaxCategory: 'electronic',
      AccessMonths: null,
      CoachingSessions: null,
      CourseIds: [second.id, first.id],
      Published: true,
      StudentBenefit: true,
      SortOrder: 7,
      ExternalUrl: 'https://shop.example.com/both',
      ImageId: null,
      ImageUrl: null,
      Files: [],
      Archived: false,
    });
    // Saving it again with a change keeps one row and its new courses.
    await server.call(
      'products.php',
      'save_product',
      { Product: product({ ...saved, Id, CourseIds: [first.id, second.id] }) },
      as(coach),
    );
    expect(
      (await server.call('products.php', 'get_product_admin', { ProductId: Id }, as(coach))).body.Product.CourseIds,
    ).toEqual([first.id, second.id]);

    const visible = async () =>
      (await server.call('products.php', 'get_products', {}, { site: site.name })).body.Products.map(
        (p: { Id: number }) => p.Id,
      );
    expect(await visible()).toEqual([Id]);
    expect(
      (await server.callRaw('products.php', 'set_product_archived', { ProductId: Id, Archived: true }, as(student)))
        .httpStatus,
    ).toBe(403);
    await server.call('products.php', 'set_product_archived', { ProductId: Id, Archived: true }, as(coach));
    expect(await visible()).toEqual([]);
    expect(
      (await server.callRaw('products.php', 'get_product', { Slug: 'both' }, { site: site.name })).httpStatus,
    ).toBe(404);
    expect((await server.call('products.php', 'get_product_list', {}, as(coach))).body.Products[0]?.Archived).toBe(
      true,
    );
    await server.call('products.php', 'set_product_archived', { ProductId: Id, Archived: false }, as(coach));
    expect(await visible()).toEqual([Id]);

    const other = await shop();
    for (const [call, data] of [
      ['get_product_admin', { ProductId: Id }],
      ['set_product_archived', { ProductId: Id, Archived: true }],
    ] as const) {
      expect((await server.callRaw('products.php', call, data, as(other.coach))).httpStatus).toBe(404);
    }
  });
});
