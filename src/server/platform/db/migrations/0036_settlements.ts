import { type Kysely, sql } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * The payment providers' settlements (modules/accounting): a Stripe payout or a PayPal settlement report, with its
 * lines (sales, refunds, disputes, fees, transfers) each matched to the invoice it settles or resolved by a person to
 * an account; booked in one voucher once every line is matched. Amounts in euro cents, 64-bit.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await h.tenantTable('settlements', (t) =>
    t
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('fee_cents', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('voucher_id', 'integer', (c) => c.references('vouchers.id')),
  );
  await db.schema
    .createIndex('settlements_site_provider_reference')
    .unique()
    .on('settlements')
    .columns(['site_id', 'provider', 'reference'])
    .execute();
  await h.index('settlements', ['site_id', 'provider', 'date']);

  await h.tenantTable('settlement_lines', (t) =>
    t
      .addColumn('settlement_id', 'integer', (c) => c.notNull().references('settlements.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('fee_cents', 'bigint', (c) => c.notNull())
      .addColumn('order_id', 'integer')
      .addColumn('invoice_number', 'integer')
      .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id'))
      .addColumn('account', 'integer')
      .addColumn('text', 'text', (c) => c.notNull()),
  );
  await h.index('settlement_lines', ['settlement_id', 'position']);

  await h.tenantTable('voucher_attachments', (t) =>
    t
      .addColumn('voucher_id', 'integer', (c) => c.notNull().references('vouchers.id').onDelete('cascade'))
      .addColumn('media_file_id', 'integer', (c) => c.notNull().references('media_files.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
  );
  await h.index('voucher_attachments', ['voucher_id']);
  if (h.postgres) {
    // books_never_change() is migration 0035's.
    await sql`create trigger voucher_attachments_never_change before update on voucher_attachments
      for each row execute function books_never_change()`.execute(db);
  } else {
    await sql`create trigger voucher_attachments_never_change before update on voucher_attachments
      begin select raise(abort, 'The books are never changed: a correction is a new voucher'); end`.execute(db);
  }
}
