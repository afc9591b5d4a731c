import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * The shop's sales (modules/commerce): its settings per site (the external webshop's address, Stripe's keys), its
 * discount codes, orders with what they cost, how they were paid, the buyer's country evidence and what their
 * fulfilment granted, the payment provider's events already handled (each one once), and the coaching credits
 * learners hold.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await h.tenantTable('shop_settings', (t) =>
    t
      .addColumn('webshop_url', 'text')
      .addColumn('stripe_secret_key', 'text')
      .addColumn('stripe_webhook_secret', 'text'),
  );
  await db.schema.createIndex('shop_settings_site').unique().on('shop_settings').column('site_id').execute();

  await h.tenantTable('discount_codes', (t) =>
    t
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
      .addColumn('valid_from', h.timestamp)
      .addColumn('valid_to', h.timestamp)
      .addColumn('max_uses', 'integer')
      .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)),
  );
  await db.schema
    .createIndex('discount_codes_site_code')
    .unique()
    .on('discount_codes')
    .columns(['site_id', 'code'])
    .execute();

  await h.tenantTable('orders', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payment', 'text', (c) => c.notNull())
      .addColumn('list_price_cents', 'integer', (c) => c.notNull())
      .addColumn('discount_code_id', 'integer', (c) => c.references('discount_codes.id').onDelete('set null'))
      .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('tax_category', 'text', (c) => c.notNull())
      .addColumn('access_months', 'integer')
      .addColumn('coaching_sessions', 'integer')
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('stripe_session_id', 'text')
      .addColumn('stripe_payment_intent_id', 'text')
      .addColumn('billing_country', 'text')
      .addColumn('card_country', 'text')
      .addColumn('ip_address', 'text', (c) => c.notNull())
      .addColumn('granted', 'text')
      .addColumn('keep_access', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('paid_at', h.timestamp)
      .addColumn('refunded_at', h.timestamp)
      .addColumn('cancelled_at', h.timestamp),
  );
  await db.schema.createIndex('orders_stripe_session').unique().on('orders').column('stripe_session_id').execute();
  await h.index('orders', ['site_id', 'user_id']);
  await h.index('orders', ['site_id', 'product_id']);
  await h.index('orders', ['stripe_payment_intent_id']);

  await h.tenantTable('payment_events', (t) =>
    t
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null')),
  );
  await db.schema
    .createIndex('payment_events_key')
    .unique()
    .on('payment_events')
    .columns(['site_id', 'event_id'])
    .execute();

  await h.tenantTable('coaching_credits', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('change', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
      .addColumn('reason', 'text', (c) => c.notNull()),
  );
  await h.index('coaching_credits', ['site_id', 'user_id']);
}
