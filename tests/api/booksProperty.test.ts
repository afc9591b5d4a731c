import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  importRates,
  invoiceForCustomer,
  recordPaymentById,
  saveCustomer,
} from '../../src/server/modules/accounting';
import { createSite, createUser } from '../factories';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/** A small deterministic generator (mulberry32), so a failing sequence can be run again from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

const COUNTRIES = ['SE', 'DE', 'FR', 'FI', 'IT', 'US', 'NO', 'EE', 'SK', 'IE'] as const;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe.each(dialects)('the books under random sequences of sales on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  it('every voucher balances, payouts clear the card receivable, the reports equal the sum of the vouchers, and the OSS VAT equals its account', async () => {
    const rates = Array.from({ length: 120 }, (_, i) => `${day(i)};${(11 + ((i * 37) % 100) / 100).toFixed(4)}`);
    await importRates(server.db, rates.join('\n'));
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const rng = random(seed);
      const site = await createSite(server.db);
      const siteRow = { id: site.id, title: `Site ${seed}` };
      const buyer = await createUser(server.db, { site });
      const product = await server.db
        .insertInto('products')
        .values({
          site_id: site.id,
          slug: 'p',
          kind: 'course',
          texts: '{}',
          price_cents: 1000,
          tax_category: 'electronic',
          access_months: null,
          coaching_sessions: null,
          published: 1,
          student_benefit: 0,
          sort_order: 0,
          external_url: null,
          archived_at: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const company = await saveCustomer(server.db, {
        siteId: site.id,
        userId: null,
        input: {
          id: null,
          kind: 'company',
          name: 'Klang GmbH',
          address: 'Berlin',
          country: rng.pick(['DE', 'SE', 'US']),
          vatNumber: '',
          orgNumber: '',
          email: 'billing@klang.test',
          language: 'en',
          companyId: null,
        },
      });
      const sales: { orderId: number; amount: number; refunded: number }[] = [];
      /** What the card provider took in and paid back since its last payout. */
      let pending: { orderId: number; amount: number; date: string }[] = [];
      let payouts = 0;
      const payOut = async (date: string) => {
        if (pending.length === 0) return;
        const lines = pending.map((movement) => ({
          kind: movement.amount > 0 ? ('charge' as const) : ('refund' as const),
          reference: `txn_${payouts}_${movement.orderId}_${movement.amount}`,
          date: movement.date,
          amountCents: movement.amount,
          feeCents: movement.amount > 0 ? rng.int(0, Math.min(500, movement.amount)) : 0,
          orderId: movement.orderId,
          invoiceNumber: null,
          text: 'Stripe',
        }));
        payouts += 1;
        await book(server.db, {
          kind: 'settlement',
          siteId: site.id,
          settlement: {
            provider: 'stripe',
            reference: `po_${seed}_${payouts}`,
            date,
            amountCents: lines.reduce((sum, line) => sum + line.amountCents - line.feeCents, 0),
            lines,
          },
        });
        pending = [];
      };
      const invoices: { id: number; total: number }[] = [];
      // A sequence in date order over the last 100 days: card sales, refunds (in parts), invoices and their payments.
      for (let step = 0, ago = 100; step < 40; step++, ago -= 2) {
        const at = `${day(ago)}T12:00:00.000Z`;
        const action = rng.pick(['sale', 'sale', 'sale', 'refund', 'invoice', 'payment', 'payout'] as const);
        if (action === 'payout') {
          await payOut(day(ago));
          continue;
        }
        if (action === 'sale' || sales.length === 0) {
          const amount = rng.int(1, 50_000);
          const order = await server.db
            .insertInto('orders')
            .values({
              site_id: site.id,
              user_id: buyer.id,
              product_id: product.id,
              product_name: 'P',
              status: 'paid',
              payment: 'card',
              list_price_cents: amount,
              discount_code_id: null,
              amount_cents: amount,
              currency: 'EUR',
              tax_category: 'electronic',
              access_months: null,
              coaching_sessions: null,
              language: 'en',
              stripe_session_id: null,
              stripe_payment_intent_id: null,
              billing_country: null,
              card_country: null,
              ip_address: '192.0.2.1',
              granted: null,
              paid_at: at,
              refunded_at: null,
              cancelled_at: null,
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const country = rng.pick(COUNTRIES);
          await book(server.db, {
            kind: 'sale',
            siteId: site.id,
            at,
            sale: {
              orderId: order.id,
              userId: buyer.id,
              description: 'P',
              taxCategory: rng.pick(['electronic', 'live'] as const),
              amountCents: amount,
              language: 'en',
              billingCountry: country,
              cardCountry: country,
              paymentReference: null,
            },
          });
          sales.push({ orderId: order.id, amount, refunded: 0 });
          pending.push({ orderId: order.id, amount, date: day(ago) });
        } else if (action === 'refund') {
          const sale = rng.pick(sales);
          if (sale.refunded >= sale.amount) continue;
          const before = sale.refunded;
          sale.refunded = Math.min(sale.amount, sale.refunded + rng.int(1, sale.amount));
          pending.push({ orderId: sale.orderId, amount: before - sale.refunded, date: day(ago) });
          await book(server.db, {
            kind: 'refund',
            siteId: site.id,
            orderId: sale.orderId,
            refundedCents: sale.refunded,
            at,
          });
        } else if (action === 'invoice') {
          const invoice = await invoiceForCustomer(server.db, {
            site: siteRow,
            customerId: company.id,
            taxCategory: rng.pick(['electronic', 'live'] as const),
            language: 'en',
            lines: Array.from({ length: rng.int(1, 4) }, () => ({
              description: 'Seats',
              quantity: rng.int(1, 9),
              unitCents: rng.int(1, 99_999),
            })),
            userId: null,
            date: day(ago),
          });
          invoices.push({ id: invoice.id, total: invoice.total_cents });
        } else if (invoices.length > 0) {
          const invoice = invoices.shift() as { id: number; total: number };
          await recordPaymentById(server.db, {
            site: siteRow,
            invoiceId: invoice.id,
            amountCents: invoice.total,
            date: day(ago),
            reference: 'bank',
            userId: null,
          });
        }
      }

      // Paid out to the last cent, the card receivable is cleared exactly, whatever the rates between.
      await payOut(day(0));
      expect(payouts, `seed ${seed}`).toBeGreaterThan(1);
      const receivable = await server.db
        .selectFrom('voucher_lines')
        .select((eb) => [eb.fn.sum<number>('amount_ore').as('ore'), eb.fn.sum<number>('currency_cents').as('cents')])
        .where('site_id', '=', site.id)
        .where('account', '=', 1580)
        .executeTakeFirstOrThrow();
      expect([Number(receivable.ore), Number(receivable.cents)], `seed ${seed}`).toEqual([0, 0]);

      const vouchers = await server.db
        .selectFrom('voucher_lines')
        .select(['voucher_id', (eb) => eb.fn.sum<number>('amount_ore').as('sum')])
        .where('site_id', '=', site.id)
        .groupBy('voucher_id')
        .execute();
      expect(vouchers.length).toBeGreaterThan(20);
      expect(
        vouchers.filter((voucher) => Number(voucher.sum) !== 0),
        `seed ${seed}`,
      ).toEqual([]);

      const perAccount = await server.db
        .selectFrom('voucher_lines')
        .select(['account', (eb) => eb.fn.sum<number>('amount_ore').as('sum')])
        .where('site_id', '=', site.id)
        .groupBy('account')
        .execute();
      const expected = Object.fromEntries(
        perAccount.filter((row) => Number(row.sum) !== 0).map((row) => [row.account, Number(row.sum)]),
      );
      const admin = await createUser(server.db, { site, role: 'admin' });
      const token = (
        await server.ok('login.php', 'sign_in', { email: admin.email, password: admin.password }, { site: site.name })
      ).token;
      const period = { From: day(120), To: day(0) };
      const options = { site: site.name, token };
      const balance = await server.ok('accounting.php', 'get_balance_report', period, options);
      const income = await server.ok('accounting.php', 'get_income_report', period, options);
      const reported = Object.fromEntries(
        [...balance.data, ...income.data]
          .filter((row) => row.ClosingOre !== 0)
          .map((row) => [row.Account, row.ClosingOre]),
      );
      expect(reported, `seed ${seed}`).toEqual(expected);
      expect(Object.values(reported).reduce((sum, value) => sum + value, 0)).toBe(0);

      // Every OSS quarter of the span: its VAT is what the OSS VAT account took in it.
      for (const offset of [0, 1, 2]) {
        const date = new Date();
        date.setUTCMonth(date.getUTCMonth() - offset * 3);
        const quarter = Math.floor(date.getUTCMonth() / 3) + 1;
        const oss = await server.ok(
          'accounting.php',
          'get_oss',
          { Year: date.getUTCFullYear(), Quarter: quarter },
          options,
        );
        expect(oss.TotalVatCents, `seed ${seed}, ${date.getUTCFullYear()} Q${quarter}`).toBe(oss.BooksVatCents);
      }
    }
  });
});
