import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CHECKOUT_LIMIT,
  DISCOUNT_GUESSES_PER_SOURCE,
  DISCOUNT_GUESSES_PER_USER,
} from '../../src/shared/domain/commerce/orders';
import { createSite } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse } from '../factories/courses';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { type FakeStripe, startFakeStripe } from '../support/fakeStripe';
import { snapshotRows } from '../support/inspect';
import { wav } from '../support/media';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('buying: orders.php, shop.php and the Stripe webhook on %s', (dialect) => {
  let server: TestServer;
  let second: TestServer;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer(dialect, { STRIPE_API_URL: stripe.url });
    // A second process over the same database, as behind a load balancer.
    second = await startTestServer(dialect, { STRIPE_API_URL: stripe.url }, server);
  });
  afterAll(async () => {
    await second.close();
    await server.close();
    await stripe.close();
  });
  beforeEach(() => {
    stripe.failing = false;
  });

  const webhook = (site: { name: string }, via: TestServer = server) =>
    `${via.url}/api/payments/stripe?site=${site.name}`;

  /** A site whose shop takes payments (the fake's keys), with a course product, a bundle, a coaching package. */
  async function openShop(options: { keys?: boolean } = {}) {
    const site = await createSite(server.db);
    const beats = await createCourse(server.db, { site, name: 'Beats', parts: [{ name: 'Welcome' }] });
    const mixing = await createCourse(server.db, { site, name: 'Mixing', parts: [{ name: 'EQ' }] });
    const [admin, student] = [await createPerson(server, site, 'admin'), await createPerson(server, site)];
    if (options.keys !== false) {
      const saved = await server.call(
        'shop.php',
        'save_shop_settings',
        { StripeSecretKey: stripe.secretKey, StripeWebhookSecret: stripe.webhookSecret },
        as(admin),
      );
      expect(saved.body).toEqual({ status: 'OK' });
    }
    const product = async (data: Partial<DataOf<'products.php', 'save_product'>['Product']>) =>
      (
        await server.call(
          'products.php',
          'save_product',
          {
            Product: {
              Id: 0,
              Slug: 'beats',
              Kind: 'course',
              Texts: { en: { Name: 'Beats' }, sv: { Name: 'Beats på svenska' } },
              PriceCents: 4900,
              TaxCategory: 'electronic',
              AccessMonths: 12,
              CourseIds: [beats.id],
              Published: true,
              ...data,
            },
          },
          as(admin),
        )
      ).body.Id as number;
    const course = await product({});
    const bundle = await product({
      Slug: 'both',
      Kind: 'bundle',
      CourseIds: [beats.id, mixing.id],
      AccessMonths: 0,
      PriceCents: 7900,
    });
    const coaching = await product({
      Slug: 'coaching',
      Kind: 'coaching',
      TaxCategory: 'live',
      CourseIds: [],
      CoachingSessions: 4,
      PriceCents: 19_900,
      AccessMonths: 0,
    });
    return { site, beats, mixing, admin, student, products: { course, bundle, coaching } };
  }

  const checkout = (person: Person, productId: number, extra: Record<string, unknown> = {}) =>
    server.call('orders.php', 'start_checkout', { ProductId: productId, ...extra }, as(person));
  const sessionOf = (orderId: number) => {
    const found = stripe.sessions.find((s) => s.metadata.order_id === String(orderId));
    if (!found) throw new Error(`No session for order ${orderId}`);
    return found;
  };
  const access = (siteId: number, userId: number) =>
    server.db
      .selectFrom('course_access')
      .select(['course_id', 'expires_at', 'source'])
      .where('site_id', '=', siteId)
      .where('user_id', '=', userId)
      .orderBy('course_id')
      .execute();
  const order = (orderId: number) =>
    server.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

  it('a shop without keys is closed; an administrator sets them, never reads them back, and the others may not', async () => {
    const { site, admin, student, products } = await openShop({ keys: false });
    const before = await snapshotRows(server);
    const closed = await checkout(student, products.course);
    expect(closed.httpStatus).toBe(409);
    expect(closed.body).toMatchObject({ error_code: 'SHOP_CLOSED', message: 'The shop takes no payments yet' });
    expect(await snapshotRows(server)).toEqual(before);
    const page = await server.call('products.php', 'get_product', { Slug: 'beats' }, as(student));
    expect(page.body.Product.ShopOpen).toBe(false);

    const settings = () => server.call('shop.php', 'get_shop_settings', {}, as(admin));
    expect((await settings()).body).toEqual({
      status: 'OK',
      WebshopUrl: null,
      Payments: 'none',
      WebhookUrl: `http://localhost:3000/api/payments/stripe?site=${site.name}`,
    });
    const refused = await server.call(
      'shop.php',
      'save_shop_settings',
      { StripeSecretKey: stripe.secretKey, StripeWebhookSecret: stripe.webhookSecret },
      as(await createPerson(server, site, 'coach')),
    );
    expect(refused.body.error_code).toBe('FORBIDDEN');
    const half = await server.call('shop.php', 'save_shop_settings', { StripeSecretKey: stripe.secretKey }, as(admin));
    expect(half.body.fields).toEqual([
      { field: 'data.StripeWebhookSecret', message: 'The secret key and the webhook secret go together' },
    ]);
    const wrong = await server.call(
      'shop.php',
      'save_shop_settings',
      { StripeSecretKey: 'pk_live_123456789', StripeWebhookSecret: stripe.webhookSecret },
      as(admin),
    );
    expect(wrong.body.fields?.[0]).toMatchObject({ field: 'data.StripeSecretKey' });

    await server.call(
      'shop.php',
      'save_shop_settings',
      {
        WebshopUrl: 'https://store.example/',
        StripeSecretKey: stripe.secretKey,
        StripeWebhookSecret: stripe.webhookSecret,
      },
      as(admin),
    );
    const saved = await settings();
    expect(saved.body).toMatchObject({ WebshopUrl: 'https://store.example/', Payments: 'site' });
    // The webshop's address is public (the menu and /webshop lead there); the keys are not.
    const shop = await server.call('products.php', 'get_shop', {}, { site: site.name });
    expect(shop.body).toEqual({ status: 'OK', WebshopUrl: 'https://store.example/' });
    expect(JSON.stringify(saved.body)).not.toContain(stripe.secretKey);
    expect(
      (await server.call('products.php', 'get_product', { Slug: 'beats' }, as(student))).body.Product.ShopOpen,
    ).toBe(true);
    // Saving the address alone keeps the keys; removing them closes the shop again.
    await server.call('shop.php', 'save_shop_settings', { WebshopUrl: null }, as(admin));
    expect((await settings()).body).toMatchObject({ WebshopUrl: null, Payments: 'site' });
    expect((await server.call('products.php', 'get_shop', {}, as(student))).body.WebshopUrl).toBeNull();
    await server.call('shop.php', 'save_shop_settings', { RemoveStripeKeys: true }, as(admin));
    expect((await settings()).body.Payments).toBe('none');
  });

  it('pays for a course: the payment page at the order price, a signed event fulfils once, with the country evidence and a receipt', async () => {
    const { site, beats, student, products } = await openShop();
    const started = await checkout(student, products.course, { Language: 'sv' });
    expect(started.body).toMatchObject({ status: 'OK', Url: expect.stringMatching(`^${stripe.url}/pay/cs_test_`) });
    const orderId = started.body.OrderId as number;
    const session = sessionOf(orderId);
    expect(session).toMatchObject({
      amount: 4900,
      currency: 'eur',
      email: student.email,
      locale: 'sv',
      successUrl: `http://localhost:3000/product/beats?order=${orderId}`,
      metadata: { order_id: String(orderId), site_id: String(site.id) },
    });
    const mine = () => server.call('orders.php', 'get_order', { OrderId: orderId }, as(student));
    expect((await mine()).body.Order).toMatchObject({
      Status: 'pending',
      ProductName: 'Beats på svenska',
      AmountCents: 4900,
    });
    expect(await access(site.id, student.id)).toEqual([]);

    const paid = stripe.pay(session.id, { billingCountry: 'DE', cardCountry: 'FR' });
    const delivered = await stripe.deliver(webhook(site), paid);
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ received: true, duplicate: false });
    expect((await mine()).body.Order).toMatchObject({ Status: 'paid', PaidAt: expect.any(String) });
    const row = await order(orderId);
    expect(row).toMatchObject({
      billing_country: 'DE',
      card_country: 'FR',
      ip_address: '127.0.0.1',
      stripe_session_id: session.id,
      stripe_payment_intent_id: session.paymentIntent,
      tax_category: 'electronic',
    });
    const granted = await access(site.id, student.id);
    expect(granted).toEqual([{ course_id: beats.id, expires_at: expect.any(String), source: 'purchase' }]);
    const months = (Date.parse(granted[0]?.expires_at ?? '') - Date.now()) / (30.44 * 24 * 3600_000);
    expect(months).toBeGreaterThan(11.9);
    expect(months).toBeLessThan(12.1);
    const mails = await server.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('site_id', '=', site.id)
      .execute();
    expect(mails).toHaveLength(1);
    // In the language she bought in.
    expect(mails[0]).toMatchObject({ to_address: student.email, subject: `Kvitto för din beställning ${orderId}` });
    expect(mails[0]?.text_body).toContain('49,00\u00a0€ inklusive moms');

    // The same event again, through either process: nothing more.
    const again = await stripe.deliver(webhook(site, second), paid);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await access(site.id, student.id)).toEqual(granted);
    const page = await server.call('products.php', 'get_product', { Slug: 'beats' }, as(student));
    expect(page.body.Product.Owned).toBe(true);
    const twice = await checkout(student, products.course);
    expect(twice.body).toMatchObject({ error_code: 'ALREADY_OWNED' });
    const listed = await server.call('orders.php', 'get_my_orders', {}, as(student));
    expect(listed.body.Orders.map((o: { Id: number; Status: string }) => [o.Id, o.Status])).toEqual([
      [orderId, 'paid'],
    ]);
    // Someone else's order is not found.
    const other = await createPerson(server, site);
    expect((await server.call('orders.php', 'get_order', { OrderId: orderId }, as(other))).body.error_code).toBe(
      'NOT_FOUND',
    );
  });

  it('refuses forged, altered, stale and unsigned deliveries, and changes nothing', async () => {
    const { site, student, products } = await openShop();
    const started = await checkout(student, products.course);
    const paid = stripe.pay(sessionOf(started.body.OrderId).id);
    const before = await snapshotRows(server);
    const forged = await stripe.deliver(webhook(site), paid, { secret: 'whsec_not_the_shops_secret' });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({
      error_code: 'INVALID_REQUEST',
      message: 'The signature does not match the body',
    });
    const stale = await stripe.deliver(webhook(site), paid, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.status).toBe(400);
    const unsigned = await fetch(webhook(site), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(paid),
    });
    expect(unsigned.status).toBe(400);
    const empty = await fetch(webhook(site), { method: 'POST' });
    expect(empty.status).toBe(400);
    const huge = await fetch(webhook(site), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: 'x'.repeat(300 * 1024),
    });
    expect(huge.status).toBe(413);
    const unknownSite = await stripe.deliver(`${server.url}/api/payments/stripe?site=no-such-site`, paid);
    expect(unknownSite.status).toBe(404);
    expect(await snapshotRows(server)).toEqual(before);
    expect((await order(started.body.OrderId)).status).toBe('pending');
  });

  it('events out of order: a refund heard before the payment leaves nothing granted; an expired page cancels', async () => {
    const { site, student, products } = await openShop();
    const first = await checkout(student, products.course);
    const session = sessionOf(first.body.OrderId);
    const paid = stripe.pay(session.id, { billingCountry: 'SE', cardCountry: 'SE' });
    const refunded = stripe.refund(session.id);
    expect((await stripe.deliver(webhook(site), refunded)).status).toBe(200);
    expect((await order(first.body.OrderId)).status).toBe('refunded');
    expect((await stripe.deliver(webhook(site), paid)).status).toBe(200);
    expect(await order(first.body.OrderId)).toMatchObject({ status: 'refunded', billing_country: 'SE', granted: null });
    expect(await access(site.id, student.id)).toEqual([]);

    const second = await checkout(student, products.course);
    const expired = stripe.expire(sessionOf(second.body.OrderId).id);
    await stripe.deliver(webhook(site), expired);
    expect(await order(second.body.OrderId)).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(String) });
  });

  it('an administrator refunds at Stripe and takes back the access (restoring what was there), or keeps it', async () => {
    const { site, beats, mixing, admin, student, products } = await openShop();
    // She held Beats already, by a code, until a date: the bundle's lifetime access replaces it, a refund restores it.
    const until = new Date(Date.now() + 30 * 24 * 3600_000).toISOString();
    await server.db
      .insertInto('course_access')
      .values({
        site_id: site.id,
        course_id: beats.id,
        user_id: student.id,
        source: 'code',
        granted_by_user_id: null,
        expires_at: until,
        created_at: until,
        updated_at: until,
      })
      .execute();
    const started = await checkout(student, products.bundle);
    await stripe.deliver(webhook(site), stripe.pay(sessionOf(started.body.OrderId).id));
    expect(await access(site.id, student.id)).toEqual([
      { course_id: beats.id, expires_at: null, source: 'code' },
      { course_id: mixing.id, expires_at: null, source: 'purchase' },
    ]);
    const coach = await createPerson(server, site, 'coach');
    const byCoach = await server.call('orders.php', 'refund_order', { OrderId: started.body.OrderId }, as(coach));
    expect(byCoach.body.error_code).toBe('FORBIDDEN');

    const refund = await server.call('orders.php', 'refund_order', { OrderId: started.body.OrderId }, as(admin));
    expect(refund.body.Order).toMatchObject({ Status: 'refunded', RefundedCents: 7900, KeptAccess: false });
    expect(stripe.refunds).toContain(sessionOf(started.body.OrderId).paymentIntent);
    expect(await access(site.id, student.id)).toEqual([{ course_id: beats.id, expires_at: until, source: 'code' }]);
    // Stripe's own refund event, when it comes, finds it refunded.
    await stripe.deliver(webhook(site), stripe.refund(sessionOf(started.body.OrderId).id));
    expect(await access(site.id, student.id)).toHaveLength(1);
    const again = await server.call('orders.php', 'refund_order', { OrderId: started.body.OrderId }, as(admin));
    expect(again.body).toMatchObject({ error_code: 'INVALID_STATE', message: 'Only a paid order can be refunded' });

    // Kept: refunded, and she keeps the course.
    const other = await createPerson(server, site);
    const kept = await checkout(other, products.course);
    await stripe.deliver(webhook(site), stripe.pay(sessionOf(kept.body.OrderId).id));
    const keep = await server.call(
      'orders.php',
      'refund_order',
      { OrderId: kept.body.OrderId, KeepAccess: true },
      as(admin),
    );
    expect(keep.body.Order).toMatchObject({ Status: 'refunded', KeptAccess: true });
    expect(await access(site.id, other.id)).toHaveLength(1);

    const sales = await server.call('orders.php', 'get_orders', { ProductId: products.bundle }, as(coach));
    expect(sales.body).toMatchObject({ Sales: { Count: 0, AmountCents: 0 }, More: false });
    expect(sales.body.Orders[0]).toMatchObject({ BuyerEmail: student.email, Status: 'refunded', Payment: 'card' });
  });

  it('a coaching package adds credits; a refund takes back the unused ones', async () => {
    const { site, admin, student, products } = await openShop();
    const started = await checkout(student, products.coaching);
    expect(sessionOf(started.body.OrderId).amount).toBe(19_900);
    await stripe.deliver(webhook(site), stripe.pay(sessionOf(started.body.OrderId).id));
    const credits = async () =>
      (await server.call('orders.php', 'get_my_orders', {}, as(student))).body.CoachingCredits as number;
    expect(await credits()).toBe(4);
    // A package can be bought again.
    const more = await checkout(student, products.coaching);
    expect(more.body.status).toBe('OK');
    await server.call('orders.php', 'refund_order', { OrderId: started.body.OrderId }, as(admin));
    expect(await credits()).toBe(0);
    expect(
      (await server.call('orders.php', 'get_order', { OrderId: started.body.OrderId }, as(student))).body.Order,
    ).toMatchObject({
      Status: 'refunded',
    });
  });

  it('discount codes: a percentage or an amount off, their refusals, a use held by a checkout and given back on expiry', async () => {
    const { site, admin, student, products } = await openShop();
    const save = async (code: Record<string, unknown>) =>
      (
        await server.call(
          'shop.php',
          'save_discount_code',
          { Code: { Id: 0, Kind: 'percent', Amount: 20, ...code } as DataOf<'shop.php', 'save_discount_code'>['Code'] },
          as(admin),
        )
      ).body;
    expect(await save({ Code: 'spring-20' })).toMatchObject({ status: 'OK' });
    expect(await save({ Code: 'ONCE', Kind: 'amount', Amount: 1000, MaxUses: 1 })).toMatchObject({ status: 'OK' });
    expect(await save({ Code: 'FREE', Amount: 100, ProductId: products.course })).toMatchObject({ status: 'OK' });
    expect(await save({ Code: 'LATE', ValidTo: '2020-01-01' })).toMatchObject({ status: 'OK' });
    expect(await save({ Code: 'SOON', ValidFrom: '2999-01-01' })).toMatchObject({ status: 'OK' });
    expect(await save({ Code: 'OFF', Active: false })).toMatchObject({ status: 'OK' });
    expect((await save({ Code: 'spring-20' })).error_code).toBe('NAME_TAKEN');
    expect((await save({ Code: 'TOOMUCH', Amount: 101 })).fields).toEqual([
      { field: 'data.Code.Amount', message: 'A percentage is at most 100' },
    ]);
    expect((await save({ Code: 'x' })).error_code).toBe('INVALID_REQUEST');
    const listed = await server.call('shop.php', 'get_discount_codes', {}, as(admin));
    expect(listed.body.Codes.map((c: { Code: string }) => c.Code)).toContain('SPRING-20');

    const price = (code: string, productId = products.bundle) =>
      server.call('orders.php', 'check_discount', { ProductId: productId, DiscountCode: code }, as(student));
    expect((await price(' spring-20 ')).body).toEqual({
      status: 'OK',
      ListPriceCents: 7900,
      DiscountCents: 1580,
      AmountCents: 6320,
    });
    expect((await price('once')).body).toMatchObject({ DiscountCents: 1000, AmountCents: 6900 });
    const refusal = async (code: string, productId?: number) => {
      const answer = (await price(code, productId)).body;
      return [answer.error_code, answer.reason, answer.message];
    };
    expect(await refusal('NOPE')).toEqual(['DISCOUNT_INVALID', 'unknown', 'No such discount code']);
    expect(await refusal('LATE')).toEqual(['DISCOUNT_INVALID', 'expired', 'This discount code has expired']);
    expect(await refusal('SOON')).toEqual(['DISCOUNT_INVALID', 'notYet', 'This discount code is not valid yet']);
    expect(await refusal('OFF')).toEqual(['DISCOUNT_INVALID', 'inactive', 'This discount code is no longer valid']);
    expect(await refusal('FREE')).toEqual([
      'DISCOUNT_INVALID',
      'otherProduct',
      'This discount code is for another product',
    ]);

    // The one use of ONCE is held by a checkout; a second buyer is refused; the page expires and gives it back.
    const first = await checkout(student, products.bundle, { DiscountCode: 'once' });
    expect(sessionOf(first.body.OrderId).amount).toBe(6900);
    const other = await createPerson(server, site);
    expect((await checkout(other, products.bundle, { DiscountCode: 'ONCE' })).body.reason).toBe('usedUp');
    await stripe.deliver(webhook(site), stripe.expire(sessionOf(first.body.OrderId).id));
    const retried = await checkout(other, products.bundle, { DiscountCode: 'ONCE' });
    expect(retried.body.status).toBe('OK');

    // A full discount: nothing to pay, fulfilled at once, no payment page.
    const sessions = stripe.sessions.length;
    const free = await checkout(student, products.course, { DiscountCode: 'FREE' });
    expect(free.body).toMatchObject({ status: 'OK', Url: null });
    expect(stripe.sessions).toHaveLength(sessions);
    expect(await order(free.body.OrderId)).toMatchObject({ status: 'paid', payment: 'free', amount_cents: 0 });
    expect(await access(site.id, student.id)).toHaveLength(1);
  });

  it('a sample pack: its image and files uploaded by staff, listed on its page, downloaded by its buyer once paid, until a refund', async () => {
    const { site, admin, student } = await openShop();
    const saveProduct = (extra: Record<string, unknown>) =>
      server.call(
        'products.php',
        'save_product',
        {
          Product: {
            Id: 0,
            Slug: 'drum-samples',
            Kind: 'samples',
            Texts: { en: { Name: 'Drum samples' } },
            PriceCents: 900,
            TaxCategory: 'electronic',
            Published: true,
            ...extra,
          } as DataOf<'products.php', 'save_product'>['Product'],
        },
        as(admin),
      );
    const packId = (await saveProduct({})).body.Id as number;
    const uploadTo = (who: Person, bytes: Buffer, fileName: string) =>
      server.upload(bytes, { folder: 'product', fileName, fields: { ProductId: String(packId) }, ...as(who) });
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const image = await uploadTo(admin, png, 'cover.png');
    expect(image.body.data).toMatchObject({ Kind: 'image', Url: expect.stringMatching(/^\/media\//) });
    const kick = wav(1);
    const sound = await uploadTo(admin, kick, 'kick.wav');
    expect(sound.body.data.Kind).toBe('audio');
    // Learners upload no product media; a product of another site is not found.
    expect((await uploadTo(student, kick, 'kick.wav')).body.error_code).toBe('FORBIDDEN');
    const other = await createSite(server.db);
    const otherAdmin = await createPerson(server, other, 'admin');
    expect((await uploadTo(otherAdmin, kick, 'kick.wav')).body.error_code).toBe('NOT_FOUND');

    const imageId = image.body.data.UserFileId;
    const soundId = sound.body.data.UserFileId;
    const before = await snapshotRows(server);
    const notImage = await saveProduct({ Id: packId, ImageId: soundId });
    expect(notImage.body.fields).toEqual([
      { field: 'data.Product.ImageId', message: 'Not an image uploaded to this site' },
    ]);
    const foreign = await saveProduct({ Id: packId, Files: [{ MediaId: 999_999, Name: 'x.wav' }] });
    expect(foreign.body.fields).toEqual([
      { field: 'data.Product.Files.0.MediaId', message: 'No such file on this site' },
    ]);
    const notPack = await saveProduct({
      Id: packId,
      Kind: 'coaching',
      TaxCategory: 'live',
      CoachingSessions: 2,
      Files: [{ MediaId: soundId, Name: 'kick.wav' }],
    });
    expect(notPack.body.fields).toContainEqual({
      field: 'data.Product.Files',
      message: 'Only a sample pack has files',
    });
    expect(await snapshotRows(server)).toEqual(before);

    const saved = await saveProduct({
      Id: packId,
      ImageId: imageId,
      Files: [
        { MediaId: soundId, Name: 'Kick 01.wav' },
        { MediaId: soundId, Name: 'Kick 02.wav' },
      ],
    });
    expect(saved.body.status).toBe('OK');
    const form = await server.call('products.php', 'get_product_admin', { ProductId: packId }, as(admin));
    expect(form.body.Product).toMatchObject({
      ImageId: imageId,
      Files: [
        { MediaId: soundId, Name: 'Kick 01.wav', Bytes: kick.length },
        { MediaId: soundId, Name: 'Kick 02.wav', Bytes: kick.length },
      ],
    });
    const page = async () =>
      (await server.call('products.php', 'get_product', { Slug: 'drum-samples' }, as(student))).body.Product;
    expect(await page()).toMatchObject({
      Owned: false,
      ImageUrl: expect.stringMatching(/^\/media\//),
      Files: [
        { Name: 'Kick 01.wav', Bytes: kick.length, Kind: 'audio' },
        { Name: 'Kick 02.wav', Bytes: kick.length, Kind: 'audio' },
      ],
    });
    const listed = await server.call('products.php', 'get_products', { Kind: 'samples' }, { site: site.name });
    expect(listed.body.Products[0]?.ImageUrl).toMatch(/^\/media\//);
    const downloads = async () =>
      (await server.call('orders.php', 'get_my_orders', {}, as(student))).body.Downloads as {
        ProductName: string;
        Files: { Name: string; Url: string }[];
      }[];
    expect(await downloads()).toEqual([]);

    const started = await checkout(student, packId);
    await stripe.deliver(webhook(site), stripe.pay(sessionOf(started.body.OrderId).id));
    const bought = await downloads();
    expect(bought).toMatchObject([
      { ProductName: 'Drum samples', Files: [{ Name: 'Kick 01.wav' }, { Name: 'Kick 02.wav' }] },
    ]);
    const served = await fetch(`${server.url}${bought[0]?.Files[0]?.Url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(kick)).toBe(true);
    expect((await page()).Owned).toBe(true);

    await server.call('orders.php', 'refund_order', { OrderId: started.body.OrderId }, as(admin));
    expect(await downloads()).toEqual([]);
    expect((await page()).Owned).toBe(false);
  });

  it('wrong discount codes are counted per buyer and per address; a full window refuses every try, in the database', async () => {
    const { site, admin, student, products } = await openShop();
    await server.call(
      'shop.php',
      'save_discount_code',
      { Code: { Id: 0, Code: 'RIGHT', Kind: 'percent', Amount: 10 } },
      as(admin),
    );
    const price = (person: Person, code: string, via: TestServer = server) =>
      via.call('orders.php', 'check_discount', { ProductId: products.bundle, DiscountCode: code }, as(person));
    // A right code costs nothing: it can be checked again and again.
    for (let i = 0; i < DISCOUNT_GUESSES_PER_USER.limit + 2; i++) {
      expect((await price(student, 'RIGHT')).body.status).toBe('OK');
    }
    // Wrong ones count, over both server processes alike.
    for (let i = 0; i < DISCOUNT_GUESSES_PER_USER.limit; i++) {
      const wrong = await price(student, `GUESS-${i}`, i % 2 ? second : server);
      expect(wrong.body.error_code).toBe('DISCOUNT_INVALID');
    }
    const refused = await price(student, 'RIGHT');
    expect([refused.httpStatus, refused.body.error_code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(refused.body.retry_after).toBeGreaterThan(DISCOUNT_GUESSES_PER_USER.windowSeconds - 60);
    expect(refused.body.message).toMatch(/^Too many wrong discount codes: try again in \d+ seconds$/);
    // A checkout with a code is a try too; without one the buyer can still buy.
    expect((await checkout(student, products.bundle, { DiscountCode: 'RIGHT' })).body.error_code).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect((await checkout(student, products.bundle)).body.status).toBe('OK');

    // The address's window: fresh accounts from one address share it.
    let wrongFromSource = DISCOUNT_GUESSES_PER_USER.limit;
    while (wrongFromSource < DISCOUNT_GUESSES_PER_SOURCE.limit) {
      const fresh = await createPerson(server, site);
      for (let i = 0; i < DISCOUNT_GUESSES_PER_USER.limit && wrongFromSource < DISCOUNT_GUESSES_PER_SOURCE.limit; i++) {
        expect((await price(fresh, `NOPE-${wrongFromSource}`)).body.error_code).toBe('DISCOUNT_INVALID');
        wrongFromSource++;
      }
    }
    const another = await createPerson(server, site);
    expect((await price(another, 'RIGHT')).body.error_code).toBe('TOO_MANY_REQUESTS');
  });

  it('Stripe down: the buyer is told, the order is cancelled and its discount use given back', async () => {
    const { admin, student, products } = await openShop();
    await server.call(
      'shop.php',
      'save_discount_code',
      { Code: { Id: 0, Code: 'ONE-USE', Kind: 'percent', Amount: 10, MaxUses: 1 } },
      as(admin),
    );
    stripe.failing = true;
    const failed = await checkout(student, products.course, { DiscountCode: 'ONE-USE' });
    expect(failed.httpStatus).toBe(502);
    expect(failed.body).toMatchObject({
      error_code: 'PAYMENT_PROVIDER',
      message: 'The payment service did not accept the request; try again in a moment',
    });
    const codes = await server.call('shop.php', 'get_discount_codes', {}, as(admin));
    expect(codes.body.Codes[0]).toMatchObject({ Code: 'ONE-USE', Uses: 0 });
    stripe.failing = false;
    expect((await checkout(student, products.course, { DiscountCode: 'ONE-USE' })).body.status).toBe('OK');
  });

  it(`starts at most ${CHECKOUT_LIMIT.limit} checkouts an hour per buyer`, async () => {
    const { student, products } = await openShop();
    for (let i = 0; i < CHECKOUT_LIMIT.limit; i++) {
      expect((await checkout(student, products.coaching)).body.status).toBe('OK');
    }
    const refused = await checkout(student, products.coaching);
    expect(refused.httpStatus).toBe(429);
    expect(refused.body).toMatchObject({ error_code: 'TOO_MANY_REQUESTS', retry_after: expect.any(Number) });
  });

  it('100 deliveries of the same event at once, over two processes, fulfil exactly once', {
    timeout: 60_000,
  }, async () => {
    const { site, student, products } = await openShop();
    const started = await checkout(student, products.coaching);
    const paid = stripe.pay(sessionOf(started.body.OrderId).id);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => stripe.deliver(webhook(site, i % 2 ? second : server), paid)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    const outcomes = await Promise.all(answers.map((a) => a.json() as Promise<{ duplicate: boolean }>));
    expect(outcomes.filter((o) => !o.duplicate)).toHaveLength(1);
    const credits = await server.db
      .selectFrom('coaching_credits')
      .select('change')
      .where('user_id', '=', student.id)
      .execute();
    expect(credits).toEqual([{ change: 4 }]);
    const mails = await server.db.selectFrom('mail_outbox').select('id').where('site_id', '=', site.id).execute();
    expect(mails).toHaveLength(1);
  });
});
