import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendInvoiceReminders } from '../../src/server/modules/accounting';
import { createCompany, createSite } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse } from '../factories/courses';
import { downloadCall, sendCall } from '../support/api';
import { testDialects } from '../support/databases';
import { type FakeStripe, startFakeStripe } from '../support/fakeStripe';
import { snapshotRows } from '../support/inspect';
import { pdfLines } from '../support/pdf';
import { startTestServer, type TestServer } from '../support/server';
import { readSie } from '../support/sieReader';

const dialects = await testDialects();

/** A fixed table of EUR rates in SEK for the tests' days: 11.50 until yesterday, 11.20 from today. */
const today = new Date().toISOString().slice(0, 10);
const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 10)}`;
const RATES = `${yearAgo};11,5000\n${today};11.2000\n`;

describe.each(dialects)('the books: accounting.php on %s', (dialect) => {
  let server: TestServer;
  let second: TestServer;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer(dialect, { STRIPE_API_URL: stripe.url });
    second = await startTestServer(dialect, { STRIPE_API_URL: stripe.url }, server);
  });
  afterAll(async () => {
    await second.close();
    await server.close();
    await stripe.close();
  });

  /** A site whose shop takes payments and whose books have the rates, with a €49 course product. */
  async function openBooks() {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, { site, name: 'Beats', parts: [{ name: 'Welcome' }] });
    const [admin, student] = [await createPerson(server, site, 'admin'), await createPerson(server, site)];
    await server.call(
      'shop.php',
      'save_shop_settings',
      { StripeSecretKey: stripe.secretKey, StripeWebhookSecret: stripe.webhookSecret },
      as(admin),
    );
    const product = await server.call(
      'products.php',
      'save_product',
      {
        Product: {
          Id: 0,
          Slug: 'beats',
          Kind: 'course',
          Texts: { en: { Name: 'Beats' } },
          PriceCents: 4900,
          TaxCategory: 'electronic',
          AccessMonths: 12,
          CourseIds: [course.id],
          Published: true,
        },
      },
      as(admin),
    );
    const rates = await server.call('accounting.php', 'import_rates', { Text: RATES }, as(admin));
    expect(rates.body).toEqual({ status: 'OK', Imported: 2 });
    return { site, admin, student, productId: product.body.Id as number };
  }

  // biome-ignore lint/suspicious/noExplicitAny: the answers are checked against the contract by the test server
  const call = (person: Person, req: string, data: Record<string, unknown> = {}, via = server): Promise<any> =>
    sendCall(via.url, 'accounting.php', req, data, as(person));
  const pdfText = async (person: Person, id: number) => {
    const pdf = await downloadCall(server.url, 'accounting.php', 'download_invoice', { Id: id }, as(person));
    expect(pdf.type).toBe('application/pdf');
    return (await pdfLines(pdf.bytes)).join('\n');
  };

  /** Buys the product as `buyer` and delivers the payment, with her billing country. */
  async function buy(site: { name: string }, buyer: Person, productId: number, country: string, via = server) {
    const started = await via.call('orders.php', 'start_checkout', { ProductId: productId }, as(buyer));
    const orderId = started.body.OrderId as number;
    const session = stripe.sessions.find((s) => s.metadata.order_id === String(orderId));
    if (!session) throw new Error('no session');
    const paid = stripe.pay(session.id, { billingCountry: country, cardCountry: country });
    const delivered = await stripe.deliver(`${via.url}/api/payments/stripe?site=${site.name}`, paid);
    expect(delivered.status).toBe(200);
    return { orderId, sessionId: session.id };
  }

  /** Every voucher line of a site: each voucher balances, and so does the whole. */
  async function linesOf(siteId: number) {
    const lines = await server.db
      .selectFrom('voucher_lines')
      .innerJoin('vouchers', 'vouchers.id', 'voucher_lines.voucher_id')
      .select([
        'vouchers.id',
        'vouchers.series',
        'vouchers.number',
        'voucher_lines.account',
        'voucher_lines.amount_ore',
      ])
      .where('voucher_lines.site_id', '=', siteId)
      .orderBy('voucher_lines.id')
      .execute();
    const perVoucher = new Map<number, number>();
    for (const line of lines) perVoucher.set(line.id, (perVoucher.get(line.id) ?? 0) + Number(line.amount_ore));
    expect([...perVoucher.values()].every((sum) => sum === 0)).toBe(true);
    return lines;
  }

  it('a card sale to a German consumer is invoiced with German VAT (OSS), paid, and booked in SEK at the day’s rate', async () => {
    const { site, admin, student, productId } = await openBooks();
    const { orderId } = await buy(site, student, productId, 'DE');

    const list = await call(admin, 'get_invoices');
    expect(list.body.data).toHaveLength(1);
    const invoice = list.body.data[0];
    // €49.00 with 19 % inside: VAT round(4900 × 19 / 119) = 782, net 4118.
    expect(invoice).toMatchObject({
      Kind: 'invoice',
      Number: 1,
      Status: 'paid',
      Payment: 'card',
      OrderId: orderId,
      IssueDate: today,
      NetCents: 4118,
      VatCents: 782,
      TotalCents: 4900,
      PaidCents: 4900,
      Treatment: 'oss',
      VatCountry: 'DE',
    });
    const detail = await call(admin, 'get_invoice', { Id: invoice.Id });
    expect(detail.body.data).toMatchObject({
      Rate: 11.2,
      Lines: [{ Description: 'Beats', Quantity: 1, RateBp: 1900, NetCents: 4118, VatCents: 782 }],
      Payments: [{ Date: today, AmountCents: 4900, Method: 'card' }],
      CreditableCents: 4900,
      Vouchers: [{ Series: 'A', Number: 1, Date: today }],
    });
    // €41.18 × 11.20 = 461.216 kr and €7.82 × 11.20 = 87.584 kr, in öre, on the card provider's receivable.
    const lines = await linesOf(site.id);
    expect(lines.map((line) => [line.account, Number(line.amount_ore)])).toEqual([
      [1580, 54_880],
      [3045, -46_122],
      [2680, -8_758],
    ]);
    const income = await call(admin, 'get_income_report', { From: `${today.slice(0, 4)}-01-01`, To: today });
    expect(income.body.data).toEqual([
      {
        Account: 3045,
        Name: 'Försäljning tjänster, moms i annat EU-land (OSS)',
        OpeningOre: 0,
        ChangeOre: -46_122,
        ClosingOre: -46_122,
        PreviousOre: 0,
      },
    ]);
    const text = await pdfText(admin, invoice.Id);
    expect(text).toContain('INVOICE');
    expect(text).toContain('VAT 19 %');
    expect(text).toContain('€49.00');
  });

  it('refunds credit the invoice: a part, then the rest; the sale leaves the books and the invoice is credited', async () => {
    const { site, admin, student, productId } = await openBooks();
    const { sessionId } = await buy(site, student, productId, 'SE');
    const webhook = `${server.url}/api/payments/stripe?site=${site.name}`;
    expect((await stripe.deliver(webhook, stripe.refund(sessionId, 1000))).status).toBe(200);
    // The same event again books nothing more.
    const partial = stripe.refund(sessionId, 1000);
    await stripe.deliver(webhook, partial);
    await stripe.deliver(webhook, stripe.refund(sessionId));

    const list = (await call(admin, 'get_invoices')).body.data;
    expect(
      list.map((i: { Kind: string; Number: number; TotalCents: number; Status: string }) => [
        i.Kind,
        i.Number,
        i.TotalCents,
        i.Status,
      ]),
    ).toEqual([
      ['credit_note', 3, -3900, 'paid'],
      ['credit_note', 2, -1000, 'paid'],
      ['invoice', 1, 4900, 'credited'],
    ]);
    // Swedish VAT, 980 of 4900, at 11.20: the sale, then the €10 and €39 refunds; every account is back at zero.
    const income = await call(admin, 'get_income_report', { From: `${today.slice(0, 4)}-01-01`, To: today });
    expect(income.body.data).toEqual([]);
    const sales = await server.db
      .selectFrom('voucher_lines')
      .select(['account', 'amount_ore'])
      .where('site_id', '=', site.id)
      .where('account', 'in', [3041, 2611])
      .orderBy('id')
      .execute();
    expect(sales.map((line) => [line.account, Number(line.amount_ore)])).toEqual([
      [3041, -43_904],
      [2611, -10_976],
      [3041, 8960],
      [2611, 2240],
      [3041, 34_944],
      [2611, 8736],
    ]);
    const balance = await call(admin, 'get_balance_report', { From: `${today.slice(0, 4)}-01-01`, To: today });
    expect(balance.body.data.every((row: { ClosingOre: number }) => row.ClosingOre === 0)).toBe(true);
    const credit = await call(admin, 'credit_invoice', { Id: list[2].Id, Reason: 'Again' });
    expect(credit.body.error_code).toBe('INVALID_STATE');
    const note = await call(admin, 'get_invoice', { Id: list[0].Id });
    expect(note.body.data).toMatchObject({
      Kind: 'credit_note',
      CreditsInvoiceId: list[2].Id,
      CreditsInvoiceNumber: 1,
    });
    expect((await call(admin, 'get_invoice', { Id: list[2].Id })).body.data.CreditsInvoiceNumber).toBeNull();
  });

  it('an invoice to an EU company with a valid VAT number is reverse charged, paid late at another rate, with the difference booked', async () => {
    const { admin } = await openBooks();
    const bad = await call(admin, 'save_customer', {
      Kind: 'company',
      Name: 'Klang GmbH',
      Address: 'Hauptstraße 1\n10115 Berlin',
      Country: 'DE',
      VatNumber: 'DE12345',
      Email: 'billing@klang.test',
      Language: 'en',
    });
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.error_code).toBe('INVALID_REQUEST');
    const saved = await call(admin, 'save_customer', {
      Id: 0,
      Kind: 'company',
      Name: 'Klang GmbH',
      Address: 'Hauptstraße 1\n10115 Berlin',
      Country: 'de',
      VatNumber: 'DE 123 456 789',
      Email: 'billing@klang.test',
      Language: 'en',
    });
    expect(saved.body.data).toMatchObject({ Country: 'DE', VatNumber: 'DE123456789', BalanceCents: 0 });
    const issued = await call(admin, 'create_invoice', {
      CustomerId: saved.body.data.Id,
      TaxCategory: 'electronic',
      Lines: [
        { Description: 'Seats, spring term', Quantity: 9, UnitCents: 3900 },
        { Description: `Workshop ${'with a very long description '.repeat(6)}`, Quantity: 1, UnitCents: 3900 },
      ],
    });
    expect(issued.body.data).toMatchObject({
      Status: 'sent',
      Payment: 'invoice',
      Treatment: 'reverse_charge',
      NetCents: 39_000,
      VatCents: 0,
      TotalCents: 39_000,
    });
    const id = issued.body.data.Id;
    // The largest invoice the call takes books exactly at the highest rate; beyond it, a 400 that writes nothing.
    const largest = Array.from({ length: 50 }, () => ({
      Description: 'Seats',
      Quantity: 10_000,
      UnitCents: 100_000_000,
    }));
    const tooLarge = [{ Description: 'Seats', Quantity: 10_001, UnitCents: 100_000_000 }];
    const before = await snapshotRows(server);
    const refusedInvoice = await call(admin, 'create_invoice', {
      CustomerId: saved.body.data.Id,
      TaxCategory: 'electronic',
      Lines: tooLarge,
    });
    expect(refusedInvoice.httpStatus).toBe(400);
    const refusedRate = await call(admin, 'import_rates', { Text: `${yearAgo};100.0001` });
    expect(refusedRate.body).toMatchObject({ error_code: 'INVALID_REQUEST', line: 1 });
    expect(await snapshotRows(server)).toEqual(before);
    await call(admin, 'import_rates', { Text: `${yearAgo.slice(0, 4)}-01-01;100` });
    const huge = await call(admin, 'create_invoice', {
      CustomerId: saved.body.data.Id,
      TaxCategory: 'electronic',
      Lines: largest,
    });
    expect(huge.body.data).toMatchObject({ NetCents: 50 * 10_000 * 100_000_000 });
    await call(admin, 'credit_invoice', { Id: huge.body.data.Id, Reason: 'Test of the limits' });

    const text = await pdfText(admin, id);
    expect(text).toContain('Reverse charge, Article 196 Council Directive 2006/112/EC');
    expect(text).toContain('DE123456789');
    // A line too long for its column is cut at the column's width, with an ellipsis.
    expect(text).toMatch(/Workshop with a very long description with a[\w ]*…/);
    expect(text).not.toContain(`Workshop ${'with a very long description '.repeat(6).trim()}`);

    // Unpaid three days past its due date (30 days), the customer is reminded, once, whichever process runs the job.
    const mails = () =>
      server.db
        .selectFrom('mail_outbox')
        .select(['to_address', 'subject', 'text_body'])
        .where('to_address', '=', 'billing@klang.test')
        .execute();
    const later = Date.now() + 34 * 86_400_000;
    expect(await sendInvoiceReminders(server.db, server, Date.now() + 33 * 86_400_000)).toBe(0);
    // On PostgreSQL the second process runs the job too (two SQLite connections in one process would block each other).
    const other = dialect === 'postgres' ? second : server;
    const counts = await Promise.all([
      sendInvoiceReminders(server.db, server, later),
      sendInvoiceReminders(other.db, other, later),
    ]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await sendInvoiceReminders(server.db, server, later)).toBe(0);
    expect(await mails()).toEqual([
      expect.objectContaining({ subject: expect.stringMatching(/^Reminder: invoice \d+ from /) }),
    ]);
    expect((await mails())[0]?.text_body).toContain('Left to pay: €390.00');

    const customer = await call(admin, 'get_customer', { Id: saved.body.data.Id });
    expect(customer.body.data.BalanceCents).toBe(39_000);
    const tooMuch = await call(admin, 'record_payment', { Id: id, AmountCents: 39_001, Date: today, Reference: 'x' });
    expect(tooMuch.body.error_code).toBe('INVALID_STATE');
    // Paid on a day whose rate is 11.50 (the invoice was booked at 11.20): a gain of 0.30 kr per euro.
    const paid = await call(admin, 'record_payment', {
      Id: id,
      AmountCents: 39_000,
      Date: yearAgo,
      Reference: 'Bank 1',
    });
    expect(paid.body.data).toMatchObject({ Status: 'paid', PaidCents: 39_000 });
    const payment = await server.db
      .selectFrom('voucher_lines')
      .innerJoin('vouchers', 'vouchers.id', 'voucher_lines.voucher_id')
      .select(['voucher_lines.account', 'voucher_lines.amount_ore'])
      .where('vouchers.source_kind', '=', 'payment')
      .where('vouchers.source_id', '=', id)
      .orderBy('voucher_lines.id')
      .execute();
    expect(payment.map((line) => [line.account, Number(line.amount_ore)])).toEqual([
      [1930, 448_500],
      [1510, -436_800],
      [3960, -11_700],
    ]);
    expect((await call(admin, 'get_customer', { Id: saved.body.data.Id })).body.data.BalanceCents).toBe(0);
  });

  it('a buyer whose company the school invoices pays by invoice: the course at once, a reverse-charged invoice to pay', async () => {
    const { site, admin, student, productId } = await openBooks();
    const options = (person: Person) =>
      sendCall(server.url, 'orders.php', 'get_checkout_options', {}, as(person)).then((a) => a.body);
    expect(await options(student)).toEqual({ status: 'OK', InvoiceCompany: null });
    const refused = await sendCall(
      server.url,
      'orders.php',
      'start_checkout',
      { ProductId: productId, PayByInvoice: true },
      as(student),
    );
    expect(refused.body).toMatchObject({ error_code: 'INVALID_STATE' });

    const company = await createCompany(server.db, { site, name: 'Klang GmbH' });
    const employee = await createPerson(server, site, 'student', { companyId: company.id });
    expect((await options(employee)).InvoiceCompany).toBeNull();
    await call(admin, 'save_customer', {
      Kind: 'company',
      Name: 'Klang GmbH',
      Address: 'Berlin',
      Country: 'DE',
      VatNumber: 'DE123456789',
      Email: 'billing@klang.test',
      Language: 'en',
      CompanyId: company.id,
    });
    expect((await options(employee)).InvoiceCompany).toBe('Klang GmbH');
    const bought = await sendCall(
      server.url,
      'orders.php',
      'start_checkout',
      { ProductId: productId, PayByInvoice: true },
      as(employee),
    );
    expect(bought.body).toMatchObject({ status: 'OK', Url: null });
    const order = await sendCall(server.url, 'orders.php', 'get_order', { OrderId: bought.body.OrderId }, as(employee));
    expect(order.body.Order).toMatchObject({ Status: 'paid', AmountCents: 4900 });
    const access = await server.db
      .selectFrom('course_access')
      .select('course_id')
      .where('user_id', '=', employee.id)
      .execute();
    expect(access).toHaveLength(1);
    // Net of Sweden's 25 %: €39.20, and no VAT for an EU company with a VAT number.
    const invoices = (await call(admin, 'get_invoices')).body.data;
    expect(invoices).toEqual([
      expect.objectContaining({
        OrderId: bought.body.OrderId,
        CustomerName: 'Klang GmbH',
        Payment: 'invoice',
        Status: 'sent',
        Treatment: 'reverse_charge',
        NetCents: 3920,
        VatCents: 0,
        TotalCents: 3920,
      }),
    ]);
    // Refunded by an administrator: the invoice is credited in whole, and the course taken back.
    const refund = await sendCall(
      server.url,
      'orders.php',
      'refund_order',
      { OrderId: bought.body.OrderId },
      as(admin),
    );
    expect(refund.body.Order).toMatchObject({ Status: 'refunded' });
    const after = (await call(admin, 'get_invoices')).body.data;
    expect(
      after.map((i: { Kind: string; TotalCents: number; Status: string }) => [i.Kind, i.TotalCents, i.Status]),
    ).toEqual([
      ['credit_note', -3920, 'paid'],
      ['invoice', 3920, 'credited'],
    ]);
    await linesOf(site.id);
  });

  it('a manual voucher must balance and use the chart; a closed period takes none, and the books are never changed', async () => {
    const { site, admin } = await openBooks();
    const lines = [
      { Account: 6570, AmountOre: 12_500, Text: 'Bank fee' },
      { Account: 1930, AmountOre: -12_500 },
    ];
    const before = await snapshotRows(server);
    const unbalanced = await call(admin, 'post_voucher', {
      Date: yearAgo,
      Text: 'Bank fee',
      Lines: [lines[0], { Account: 1930, AmountOre: -12_000 }],
    });
    expect(unbalanced.body).toMatchObject({ error_code: 'UNBALANCED' });
    const unknown = await call(admin, 'post_voucher', {
      Date: yearAgo,
      Text: 'Bank fee',
      Lines: [lines[0], { Account: 1999, AmountOre: -12_500 }],
    });
    expect(unknown.body.error_code).toBe('NOT_FOUND');
    expect(await snapshotRows(server)).toEqual(before);

    const posted = await call(admin, 'post_voucher', { Date: yearAgo, Text: 'Bank fee', Lines: lines });
    expect(posted.body.data).toMatchObject({
      Series: 'M',
      Number: 1,
      Date: yearAgo,
      Lines: [
        { Account: 6570, AccountName: 'Bankkostnader', AmountOre: 12_500, Text: 'Bank fee' },
        { Account: 1930, AmountOre: -12_500, Text: '' },
      ],
    });
    // The bank's receipt documents it: kept as it came, downloaded by its signed link, listed with the voucher.
    const voucherId = posted.body.data.Id;
    const receipt = Buffer.from('%PDF-1.4\n% bank fee receipt\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const attach = (who: Person, bytes: Buffer, fileName: string, id = voucherId) =>
      server.upload(bytes, { folder: 'voucher', fileName, fields: { VoucherId: String(id) }, ...as(who) });
    const attached = await attach(admin, receipt, 'kvitto bankavgift.pdf');
    expect(attached.body).toMatchObject({ status: 'OK', data: { Kind: 'file' } });
    const wav = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(64)]);
    expect((await attach(admin, wav, 'sound.wav')).body.error_code).toBe('UNSUPPORTED_FILE');
    const student = await createPerson(server, site);
    expect((await attach(student, receipt, 'r.pdf')).body.error_code).toBe('FORBIDDEN');
    const stranger = await createPerson(server, await createSite(server.db), 'admin');
    expect((await attach(stranger, receipt, 'r.pdf')).body.error_code).toBe('NOT_FOUND');
    const listed = await call(admin, 'get_vouchers', { From: yearAgo, To: yearAgo });
    const files = listed.body.data[0].Attachments;
    expect(files).toEqual([
      { Id: expect.any(Number), Name: 'kvitto bankavgift.pdf', Bytes: receipt.length, Url: expect.any(String) },
    ]);
    const fetched = await fetch(`${server.url}${files[0].Url}`);
    expect(fetched.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(receipt);
    await expect(
      server.db.updateTable('voucher_attachments').set({ name: 'x' }).where('site_id', '=', site.id).execute(),
    ).rejects.toThrow(/never changed/);
    // The audit trail has both, newest first, with who made them; a student reads none of it.
    const trail = await call(admin, 'get_audit_trail');
    expect(trail.body.data.slice(0, 2)).toEqual([
      expect.objectContaining({
        Action: 'attachment',
        Subject: 'M1',
        UserId: admin.id,
        UserName: expect.stringMatching(/\S/),
        Detail: expect.objectContaining({ voucherId, name: 'kvitto bankavgift.pdf', bytes: receipt.length }),
      }),
      expect.objectContaining({ Action: 'voucher', Subject: 'M1', UserId: admin.id }),
    ]);
    expect((await call(student, 'get_audit_trail')).body.error_code).toBe('FORBIDDEN');

    const closed = await call(admin, 'close_period', { Through: yearAgo });
    expect(closed.body.data).toEqual([expect.objectContaining({ LockedThrough: yearAgo })]);
    const late = await call(admin, 'post_voucher', { Date: yearAgo, Text: 'Late', Lines: lines });
    expect(late.body).toMatchObject({ error_code: 'PERIOD_CLOSED' });
    const reopen = await call(admin, 'close_period', { Through: `${yearAgo.slice(0, 4)}-01-01` });
    expect(reopen.body.error_code).toBe('INVALID_STATE');

    // Nothing changes a voucher, not even the database's own owner.
    await expect(
      server.db.updateTable('voucher_lines').set({ amount_ore: 1 }).where('site_id', '=', site.id).execute(),
    ).rejects.toThrow(/never changed/);
    const book = await call(admin, 'get_mainbook', { From: yearAgo, To: yearAgo, Account: 1930 });
    expect(book.body).toMatchObject({
      Kind: 'mainbook',
      Accounts: [
        {
          Account: 1930,
          OpeningOre: 0,
          Lines: [{ Voucher: 'M1', AmountOre: -12_500, BalanceOre: -12_500 }],
          ClosingOre: -12_500,
        },
      ],
    });
  });

  it('the main book pages a busy year, each page carrying the running balance of the account it takes up', async () => {
    const { site, admin } = await openBooks();
    const posted = await call(admin, 'post_voucher', {
      Date: yearAgo,
      Text: 'Bank fee',
      Lines: [
        { Account: 6570, AmountOre: 12_500 },
        { Account: 1930, AmountOre: -12_500 },
      ],
    });
    // A voucher of 2,100 lines more, written as the books write them.
    const lines = Array.from({ length: 2100 }, (_, i) => ({
      site_id: site.id,
      voucher_id: posted.body.data.Id,
      date: yearAgo,
      account: i % 2 === 0 ? 6570 : 1930,
      amount_ore: i % 2 === 0 ? 100 : -100,
      currency_cents: null,
      vat_country: null,
      text: '',
    }));
    for (let i = 0; i < lines.length; i += 500) {
      await server.db
        .insertInto('voucher_lines')
        .values(lines.slice(i, i + 500))
        .execute();
    }
    const page = (n: number) => call(admin, 'get_mainbook', { From: yearAgo, To: yearAgo, Page: n });
    const first = (await page(1)).body;
    expect(first).toMatchObject({ Page: 1, TotalPages: 2 });
    expect(first.Accounts.map((a: { Account: number; Lines: unknown[] }) => [a.Account, a.Lines.length])).toEqual([
      [1930, 1051],
      [6570, 949],
    ]);
    expect(first.Accounts[1].ClosingOre).toBe(12_500 + 948 * 100);
    const second = (await page(2)).body;
    expect(second.Accounts).toHaveLength(1);
    expect(second.Accounts[0]).toMatchObject({ Account: 6570, OpeningOre: 12_500 + 948 * 100 });
    expect(second.Accounts[0].Lines).toHaveLength(102);
    expect(second.Accounts[0].ClosingOre).toBe(12_500 + 1050 * 100);
  });

  it('only administrators reach the books; a customer reads her own statement at the main book', async () => {
    const { site, admin, student, productId } = await openBooks();
    await buy(site, student, productId, 'FI');
    const coach = await createPerson(server, site, 'coach');
    for (const person of [coach, student]) {
      for (const req of ['get_invoices', 'get_customers', 'get_books', 'get_vouchers']) {
        const refused = await call(person, req, { From: today, To: today });
        expect(refused.body.error_code, `${req}`).toBe('FORBIDDEN');
      }
    }
    const mine = await call(student, 'get_mainbook', { From: yearAgo, To: today });
    expect(mine.body).toEqual({
      status: 'OK',
      Kind: 'statement',
      Page: 1,
      TotalPages: 1,
      Accounts: [],
      Statement: [
        { Date: today, Kind: 'invoice', Number: 1, AmountCents: 4900, BalanceCents: 4900 },
        { Date: today, Kind: 'payment', Number: 1, AmountCents: -4900, BalanceCents: 0 },
      ],
    });
    const other = await createPerson(server, site);
    expect((await call(other, 'get_mainbook', { From: yearAgo, To: today })).body.Statement).toEqual([]);
    const backwards = await call(admin, 'get_mainbook', { From: today, To: yearAgo });
    expect(backwards.body.error_code).toBe('INVALID_REQUEST');
  });

  it('exports a year as an SIE 4 file that a reader of the format reads back as the books hold it', async () => {
    const { site, admin, student, productId } = await openBooks();
    await call(admin, 'save_books_settings', {
      CompanyName: 'Ljudskolan AB',
      OrgNumber: '556036-0793',
      VatNumber: 'SE556036079301',
      Address: 'Storgatan 1\n111 22 Stockholm',
      Email: 'ekonomi@ljudskolan.test',
      BankAccount: 'Bankgiro 123-4567',
      PaymentTermsDays: 30,
      SwedishVatBelowThreshold: false,
      DefaultRate: 11.5,
    });
    await buy(site, student, productId, 'AT');
    const year = (await call(admin, 'get_books')).body.Years.find(
      (y: { Start: string }) => y.Start === `${today.slice(0, 4)}-01-01`,
    );
    const file = await downloadCall(server.url, 'accounting.php', 'export_sie', { YearId: year.Id }, as(admin));
    expect(file.type).toBe('text/plain; charset=IBM437');
    const sie = readSie(Buffer.from(file.bytes));
    expect(sie).toMatchObject({ sieType: 4, companyName: 'Ljudskolan AB', orgNumber: '556036-0793' });
    expect(sie.accounts.get(2680)?.name).toBe('Utgående moms, annat EU-land (OSS)');
    // €49.00 with Austria's 20 %: VAT 817, net 4083, at 11.20.
    expect(sie.vouchers).toEqual([
      expect.objectContaining({
        series: 'A',
        number: 1,
        date: today,
        lines: [
          expect.objectContaining({ account: 1580, amountOre: 54_880 }),
          expect.objectContaining({ account: 3045, amountOre: -45_730 }),
          expect.objectContaining({ account: 2680, amountOre: -9150 }),
        ],
      }),
    ]);
    expect(sie.closing.get('0:1580')).toBe(54_880);
    expect(sie.result.get('0:3045')).toBe(-45_730);
    const missing = await downloadCall(server.url, 'accounting.php', 'export_sie', { YearId: 999_999 }, as(admin));
    expect(missing.status).toBe(404);
  });

  it('the OSS quarter, the VAT return and the EC sales list add up to the books', async () => {
    const { site, admin, productId } = await openBooks();
    const buyers: Person[] = [];
    for (let i = 0; i < 4; i++) buyers.push(await createPerson(server, site));
    const [de, fi, se, refunded] = buyers as [Person, Person, Person, Person];
    await buy(site, de, productId, 'DE');
    await buy(site, fi, productId, 'FI');
    await buy(site, se, productId, 'SE');
    const { sessionId } = await buy(site, refunded, productId, 'DE');
    await stripe.deliver(`${server.url}/api/payments/stripe?site=${site.name}`, stripe.refund(sessionId, 2000));
    const company = await call(admin, 'save_customer', {
      Kind: 'company',
      Name: 'Klang GmbH',
      Address: 'Berlin',
      Country: 'DE',
      VatNumber: 'DE123456789',
      Email: 'billing@klang.test',
      Language: 'en',
    });
    await call(admin, 'create_invoice', {
      CustomerId: company.body.data.Id,
      TaxCategory: 'electronic',
      Lines: [{ Description: 'Seats', Quantity: 2, UnitCents: 10_000 }],
    });

    const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1;
    const oss = await call(admin, 'get_oss', { Year: Number(today.slice(0, 4)), Quarter: quarter });
    // DE: 2 × 4118 less the €20 credit's 1681 net (VAT 319); FI 25.5 %: VAT round(4900 × 2550 / 12550) = 996.
    expect(oss.body).toMatchObject({
      Rows: [
        { Country: 'DE', RateBp: 1900, TaxableCents: 2 * 4118 - 1681, VatCents: 2 * 782 - 319 },
        { Country: 'FI', RateBp: 2550, TaxableCents: 3904, VatCents: 996 },
      ],
      Corrections: [],
      TotalVatCents: 2 * 782 - 319 + 996,
      BooksVatCents: 2 * 782 - 319 + 996,
    });
    const csv = await sendCall(
      server.url,
      'accounting.php',
      'export_oss',
      { Year: Number(today.slice(0, 4)), Quarter: quarter },
      as(admin),
    );
    expect(csv.text.split('\n')[1]).toBe('supplies,DE,19.00,65.55,12.45,');

    const boxes = (await call(admin, 'get_vat_return', { From: today, To: today })).body.Boxes;
    // The Swedish sale: 3920 net and 980 VAT at 11.20 kr; the company's €200 at 11.20, reverse charged.
    expect(boxes).toEqual({ '05': 439, '10': 109, '30': 0, '39': 2240, '40': 0, '48': 0, '49': 109 });
    const ec = await call(admin, 'get_ec_sales', { From: today, To: today });
    expect(ec.body.data).toEqual([{ VatNumber: 'DE123456789', Name: 'Klang GmbH', Services: 2240 }]);
  });

  /** The lines of a settlement's voucher, per account, in öre. */
  async function voucherOf(siteId: number, voucherId: number) {
    const lines = await server.db
      .selectFrom('voucher_lines')
      .select(['account', 'amount_ore'])
      .where('site_id', '=', siteId)
      .where('voucher_id', '=', voucherId)
      .execute();
    return Object.fromEntries(lines.map((line) => [line.account, Number(line.amount_ore)]));
  }

  it('a Stripe payout books its sales, refund, dispute and fees against the card receivable, with the exchange difference', async () => {
    stripe.forgetPayouts();
    const { site, admin, student, productId } = await openBooks();
    const [second, third] = [await createPerson(server, site), await createPerson(server, site)];
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await call(admin, 'import_rates', { Text: `${tomorrow};11.3` });
    const sold = await buy(site, student, productId, 'DE');
    await buy(site, second, productId, 'SE');
    const disputed = await buy(site, third, productId, 'FR');
    const refunded = await server.call('orders.php', 'refund_order', { OrderId: sold.orderId }, as(admin));
    expect(refunded.body.status).toBe('OK');
    stripe.dispute(disputed.sessionId);

    // The payout arrives tomorrow: three sales of €49 less 1.5 % + €0.25 each, a refund, a dispute and its €15 fee.
    const paidOut = stripe.payout(Math.floor(Date.now() / 1000) + 86_400);
    const delivered = await stripe.deliver(`${server.url}/api/payments/stripe?site=${site.name}`, paidOut);
    expect(delivered.status).toBe(200);
    const again = await stripe.deliver(`${server.url}/api/payments/stripe?site=${site.name}`, paidOut);
    expect(await again.json()).toMatchObject({ duplicate: true });

    const list = await call(admin, 'get_settlements', { Provider: 'stripe' });
    expect(list.body.data).toHaveLength(1);
    const payout = list.body.data[0];
    expect(payout).toMatchObject({ Date: tomorrow, AmountCents: 3103, FeeCents: 1797, Status: 'booked', Lines: 5 });
    const detail = await call(admin, 'get_settlement', { Id: payout.Id });
    expect(detail.body.Lines.map((line: { Kind: string }) => line.Kind).sort()).toEqual([
      'charge',
      'charge',
      'charge',
      'dispute',
      'refund',
    ]);
    expect(detail.body.Lines.every((line: { Waiting: boolean; MatchedNumber: number }) => !line.Waiting)).toBe(true);
    // Bank and fees at tomorrow's 11.30; the receivable as booked at today's 11.20; €49 × 0.10 kr gained.
    expect(await voucherOf(site.id, payout.VoucherId)).toEqual({
      1930: 35_064,
      6570: 20_306,
      1580: -109_760,
      1515: 54_880,
      3960: -490,
    });
    const receivable = await call(admin, 'get_balance_report', { From: today, To: tomorrow });
    const row = (account: number) => receivable.body.data.find((r: { Account: number }) => r.Account === account);
    expect(row(1580)?.ClosingOre ?? 0).toBe(0);
    expect(row(1515).ClosingOre).toBe(54_880);
    await linesOf(site.id);

    // A charge the shop knows nothing of waits for a person; placed on an account, the payout is booked.
    stripe.addTransaction({ type: 'charge', amount: 1000, fee: 40 });
    const unknown = stripe.payout();
    expect((await stripe.deliver(`${server.url}/api/payments/stripe?site=${site.name}`, unknown)).status).toBe(200);
    const settlements = async () => (await call(admin, 'get_settlements', { Provider: 'stripe' })).body.data;
    const waiting = (await settlements()).find((s: { Id: number }) => s.Id !== payout.Id);
    expect(waiting).toMatchObject({ Status: 'unmatched', AmountCents: 960, VoucherId: 0 });
    const lines = (await call(admin, 'get_settlement', { Id: waiting.Id })).body.Lines;
    expect(lines).toEqual([expect.objectContaining({ Kind: 'charge', Waiting: true, OrderId: 0 })]);
    const noAccount = await call(admin, 'resolve_settlement_line', { Id: lines[0].Id, Account: 3990 });
    expect(noAccount.body.error_code).toBe('NOT_FOUND');
    const noOrder = await call(admin, 'resolve_settlement_line', { Id: lines[0].Id, OrderId: 999_999 });
    expect(noOrder.body.error_code).toBe('NOT_FOUND');
    const twoThings = await call(admin, 'resolve_settlement_line', { Id: lines[0].Id, OrderId: 1, Account: 3041 });
    expect(twoThings.body.error_code).toBe('INVALID_REQUEST');
    await call(admin, 'save_account', { Number: 3990, Name: 'Övriga ersättningar och intäkter', Active: true });
    const resolved = await call(admin, 'resolve_settlement_line', { Id: lines[0].Id, Account: 3990 });
    expect(resolved.body.data).toMatchObject({ Status: 'booked' });
    expect(await voucherOf(site.id, resolved.body.data.VoucherId)).toEqual({ 1930: 10_752, 6570: 448, 3990: -11_200 });
    const twice = await call(admin, 'resolve_settlement_line', { Id: lines[0].Id, Account: 3990 });
    expect(twice.body.error_code).toBe('INVALID_STATE');

    // A payout whose webhook never came is read from Stripe at the administrator's asking, once.
    stripe.addTransaction({ type: 'stripe_fee', amount: -200 });
    stripe.payout();
    const imported = await server.call('orders.php', 'import_payouts', {}, as(admin));
    expect(imported.body).toEqual({ status: 'OK', Imported: 1, Skipped: 0 });
    expect((await server.call('orders.php', 'import_payouts', {}, as(admin))).body.Imported).toBe(0);
    const feeOnly = (await settlements()).find((s: { AmountCents: number }) => s.AmountCents === -200);
    expect(feeOnly).toMatchObject({ AmountCents: -200, FeeCents: 200, Status: 'booked' });
    await linesOf(site.id);

    // Another school's administrator reaches none of it.
    const otherSite = await createSite(server.db);
    const stranger = await createPerson(server, otherSite, 'admin');
    expect((await call(stranger, 'get_settlement', { Id: payout.Id })).body.error_code).toBe('NOT_FOUND');
    expect((await call(student, 'get_settlements', { Provider: 'stripe' })).body.error_code).toBe('FORBIDDEN');
  });

  it('a PayPal settlement report pays an invoice by its number, books fees and the transfer to the bank, once', async () => {
    const { admin } = await openBooks();
    const customer = await call(admin, 'save_customer', {
      Kind: 'company',
      Name: 'Nordljud AB',
      Address: 'Storgatan 1\n111 22 Stockholm',
      Country: 'SE',
      OrgNumber: '556677-8899',
      Email: 'ekonomi@nordljud.test',
      Language: 'sv',
    });
    const issued = await call(admin, 'create_invoice', {
      CustomerId: customer.body.data.Id,
      TaxCategory: 'electronic',
      Lines: [{ Description: 'Licenser', Quantity: 2, UnitCents: 5000 }],
    });
    expect(issued.body.data).toMatchObject({ TotalCents: 12_500, Status: 'sent' });
    const number = issued.body.data.Number;
    const stamp = `${today.replaceAll('-', '/')} 10:00:00 +0000`;
    const header =
      '"CH","Transaction ID","Invoice ID","PayPal Reference ID","PayPal Reference ID Type","Transaction Event Code",' +
      '"Transaction Initiation Date","Transaction Completion Date","Transaction  Debit or Credit",' +
      '"Gross Transaction Amount","Gross Transaction Currency","Fee Debit or Credit","Fee Amount","Fee Currency",' +
      '"Custom Field","Consumer ID"';
    const body = (id: string, invoice: string, code: string, direction: string, gross: number, fee: number) =>
      `"SB","${id}","${invoice}","","","${code}","${stamp}","${stamp}","${direction}","${gross}","EUR","DR","${fee}","EUR","",""`;
    const report = (rows: string[]) =>
      [
        `"RH","${stamp}","A","SCHOOLPAYPAL01",009`,
        '"FH",01',
        `"SH","${stamp}","${stamp}","SCHOOLPAYPAL01",""`,
        header,
        ...rows,
        '"SF","EUR","CR","12500","DR","10000","DR","460"',
        `"SC",${rows.length}`,
        '"RF","EUR","CR","12500","DR","10000","DR","460"',
        `"RC",${rows.length}`,
        '"FF",1',
      ].join('\r\n');
    const text = report([
      body('9PP11111', String(number), 'T0006', 'CR', 12_500, 460),
      body('9PP22222', '', 'T0400', 'DR', 10_000, 0),
      body('9PP33333', 'not-ours', 'T0006', 'CR', 2_000, 98),
    ]);

    const before = await snapshotRows(server);
    const usd = await call(admin, 'upload_paypal_report', { Text: text.replace('"12500","EUR"', '"12500","USD"') });
    expect(usd.body).toMatchObject({ error_code: 'INVALID_REQUEST' });
    expect(JSON.stringify(usd.body)).toContain('line 5');
    const junk = await call(admin, 'upload_paypal_report', { Text: 'Date,Name,Amount\n2026-01-01,x,1' });
    expect(junk.body.error_code).toBe('INVALID_REQUEST');
    expect(await snapshotRows(server)).toEqual(before);

    const uploaded = await call(admin, 'upload_paypal_report', { Text: text });
    expect(uploaded.body).toMatchObject({
      Created: true,
      data: { Provider: 'paypal', Date: today, AmountCents: 12_500 - 460 - 10_000 + 2_000 - 98, Status: 'unmatched' },
    });
    const settlementId = uploaded.body.data.Id;
    const lines = (await call(admin, 'get_settlement', { Id: settlementId })).body.Lines;
    expect(lines.map((line: { Kind: string; Waiting: boolean }) => [line.Kind, line.Waiting])).toEqual([
      ['charge', false],
      ['transfer', false],
      ['charge', true],
    ]);
    expect(lines[0]).toMatchObject({ InvoiceNumber: number, MatchedNumber: number });
    // Not booked while a line waits: the invoice is still unpaid.
    expect((await call(admin, 'get_invoice', { Id: issued.body.data.Id })).body.data.Status).toBe('sent');
    const resolved = await call(admin, 'resolve_settlement_line', { Id: lines[2].Id, Account: 3740 });
    expect(resolved.body.data.Status).toBe('booked');
    const paid = (await call(admin, 'get_invoice', { Id: issued.body.data.Id })).body.data;
    expect(paid).toMatchObject({ Status: 'paid', PaidCents: 12_500 });
    expect(paid.Payments).toEqual([expect.objectContaining({ Method: 'paypal', Reference: '9PP11111' })]);
    // At today's 11.20: the PayPal balance keeps what was not transferred; the invoice's receivable is cleared.
    expect(await voucherOf(admin.site.id, resolved.body.data.VoucherId)).toEqual({
      1940: 44_150,
      6570: 6_250,
      1510: -140_000,
      1930: 112_000,
      3740: -22_400,
    });
    const twice = await call(admin, 'upload_paypal_report', { Text: text });
    expect(twice.body).toMatchObject({ Created: false, data: { Id: settlementId, Status: 'booked' } });
    expect((await call(admin, 'get_settlements', { Provider: 'paypal' })).body.data).toHaveLength(1);
  });

  it('two processes selling at once number the invoices and vouchers without a gap or a double', async () => {
    const { site, admin, productId } = await openBooks();
    const buyers: Person[] = [];
    for (let i = 0; i < 8; i++) buyers.push(await createPerson(server, site));
    await Promise.all(buyers.map((buyer, i) => buy(site, buyer, productId, 'SE', i % 2 === 0 ? server : second)));
    const invoices = (await call(admin, 'get_invoices')).body.data as { Number: number }[];
    expect(invoices.map((invoice) => invoice.Number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const vouchers = await server.db
      .selectFrom('vouchers')
      .select('number')
      .where('site_id', '=', site.id)
      .orderBy('number')
      .execute();
    expect(vouchers.map((voucher) => voucher.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await linesOf(site.id);
  });
});
