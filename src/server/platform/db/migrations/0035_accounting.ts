import { type Kysely, sql } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * The books (modules/accounting): the seller's details per site, the chart of accounts, fiscal years with the date
 * through which they are closed, gapless number series, customers, invoices and credit notes with their lines and
 * payments (amounts as 64-bit integers: an invoice may pass PostgreSQL's 2^31 cents), vouchers and their lines in SEK öre, the day's exchange rates, and the audit trail.
 *
 * Vouchers, their lines and the audit trail are never changed: an update is refused by a trigger on both dialects
 * (a correction is a new voucher). Rows go only with their site.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await h.tenantTable('accounting_settings', (t) =>
    t
      .addColumn('company_name', 'text', (c) => c.notNull())
      .addColumn('org_number', 'text', (c) => c.notNull())
      .addColumn('vat_number', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('bank_account', 'text', (c) => c.notNull())
      .addColumn('payment_terms_days', 'integer', (c) => c.notNull())
      .addColumn('swedish_vat_below_threshold', 'integer', (c) => c.notNull())
      .addColumn('default_rate_e4', 'integer', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('accounting_settings_site')
    .unique()
    .on('accounting_settings')
    .column('site_id')
    .execute();

  await h.tenantTable('accounts', (t) =>
    t
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)),
  );
  await db.schema.createIndex('accounts_site_number').unique().on('accounts').columns(['site_id', 'number']).execute();

  await h.tenantTable('fiscal_years', (t) =>
    t
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('locked_through', 'text'),
  );
  await db.schema
    .createIndex('fiscal_years_site_start')
    .unique()
    .on('fiscal_years')
    .columns(['site_id', 'start_date'])
    .execute();

  await h.tenantTable('number_series', (t) =>
    t.addColumn('key', 'text', (c) => c.notNull()).addColumn('next', 'integer', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('number_series_site_key')
    .unique()
    .on('number_series')
    .columns(['site_id', 'key'])
    .execute();

  await h.tenantTable('customers', (t) =>
    t
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('vat_number', 'text')
      .addColumn('org_number', 'text')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull()),
  );
  await h.index('customers', ['site_id', 'user_id']);
  await h.index('customers', ['site_id', 'company_id']);
  await h.index('customers', ['site_id', 'name']);

  await h.tenantTable('invoices', (t) =>
    t
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('number', 'integer')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payment', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
      .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
      .addColumn('credits_invoice_id', 'integer', (c) => c.references('invoices.id'))
      .addColumn('issue_date', 'text')
      .addColumn('due_date', 'text')
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('buyer', 'text', (c) => c.notNull())
      .addColumn('seller', 'text', (c) => c.notNull())
      .addColumn('treatment', 'text', (c) => c.notNull())
      .addColumn('vat_country', 'text', (c) => c.notNull())
      .addColumn('net_cents', 'bigint', (c) => c.notNull())
      .addColumn('vat_cents', 'bigint', (c) => c.notNull())
      .addColumn('total_cents', 'bigint', (c) => c.notNull())
      .addColumn('paid_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('rate_e4', 'integer', (c) => c.notNull())
      .addColumn('paid_at', h.timestamp)
      .addColumn('reminded_at', h.timestamp),
  );
  await db.schema.createIndex('invoices_site_number').unique().on('invoices').columns(['site_id', 'number']).execute();
  await h.index('invoices', ['site_id', 'status']);
  await h.index('invoices', ['site_id', 'order_id']);
  await h.index('invoices', ['site_id', 'customer_id']);
  await h.index('invoices', ['site_id', 'issue_date']);

  await h.tenantTable('invoice_lines', (t) =>
    t
      .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_cents', 'bigint', (c) => c.notNull())
      .addColumn('rate_bp', 'integer', (c) => c.notNull())
      .addColumn('net_cents', 'bigint', (c) => c.notNull())
      .addColumn('vat_cents', 'bigint', (c) => c.notNull())
      .addColumn('tax_category', 'text', (c) => c.notNull()),
  );
  await h.index('invoice_lines', ['invoice_id']);

  await h.tenantTable('invoice_payments', (t) =>
    t
      .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull()),
  );
  await h.index('invoice_payments', ['invoice_id']);

  await h.tenantTable('vouchers', (t) =>
    t
      .addColumn('fiscal_year_id', 'integer', (c) => c.notNull().references('fiscal_years.id'))
      .addColumn('series', 'text', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('source_kind', 'text', (c) => c.notNull())
      .addColumn('source_id', 'integer')
      .addColumn('corrects_voucher_id', 'integer', (c) => c.references('vouchers.id'))
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
  );
  await db.schema
    .createIndex('vouchers_site_year_series_number')
    .unique()
    .on('vouchers')
    .columns(['site_id', 'fiscal_year_id', 'series', 'number'])
    .execute();
  await h.index('vouchers', ['site_id', 'date']);
  await h.index('vouchers', ['site_id', 'source_kind', 'source_id']);

  // Hundreds of thousands a year: no timestamps of their own (their voucher has them); the date is the voucher's,
  // kept here so that a report reads one index.
  await db.schema
    .createTable('voucher_lines')
    .addColumn('id', 'integer', (c) =>
      h.postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('voucher_id', 'integer', (c) => c.notNull().references('vouchers.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('account', 'integer', (c) => c.notNull())
    .addColumn('amount_ore', 'bigint', (c) => c.notNull())
    .addColumn('currency_cents', 'bigint')
    .addColumn('vat_country', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await h.index('voucher_lines', ['voucher_id']);
  // With the amount in it, a report's sums per account read the index alone.
  await h.index('voucher_lines', ['site_id', 'account', 'date', 'amount_ore']);

  await db.schema
    .createTable('exchange_rates')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('rate_e4', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('exchange_rates_pk', ['currency', 'date'])
    .execute();

  await h.tenantTable('accounting_audit', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull()),
  );
  await h.index('accounting_audit', ['site_id', 'created_at']);

  for (const table of ['vouchers', 'voucher_lines', 'accounting_audit']) {
    if (h.postgres) {
      await sql`create or replace function books_never_change() returns trigger language plpgsql as $$
        begin raise exception 'The books are never changed: a correction is a new voucher'; end $$`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_never_change`)} before update on ${sql.table(table)}
        for each row execute function books_never_change()`.execute(db);
    } else {
      await sql`create trigger ${sql.raw(`${table}_never_change`)} before update on ${sql.table(table)}
        begin select raise(abort, 'The books are never changed: a correction is a new voucher'); end`.execute(db);
    }
  }
}
