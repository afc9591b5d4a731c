import {
  isEuCountry,
  normaliseVatNumber,
  orgNumberValid,
  vatNumberFormatValid,
} from '../../../../shared/domain/accounting/vat';
import { type Db, now } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import type { CustomerRow } from './invoices';
import { audit } from './ledger';

export const CUSTOMER_PAGE = 50;

export interface CustomerWithBalance extends CustomerRow {
  invoiced_cents: number;
  balance_cents: number;
}

/** Customers with what they were invoiced (less credit notes) and what is left to pay on their invoices to pay. */
function customersWithBalance(db: Db, siteId: number) {
  return db
    .selectFrom('customers')
    .selectAll('customers')
    .select((eb) => [
      eb.fn
        .coalesce(
          eb
            .selectFrom('invoices')
            .select((sub) => sub.fn.sum<number>('total_cents').as('sum'))
            .whereRef('invoices.customer_id', '=', 'customers.id')
            .where('invoices.number', 'is not', null),
          eb.lit(0),
        )
        .as('invoiced_cents'),
      eb.fn
        .coalesce(
          eb
            .selectFrom('invoices')
            .select((sub) => sub.fn.sum<number>(sub.ref('total_cents')).as('sum'))
            .whereRef('invoices.customer_id', '=', 'customers.id')
            .where('invoices.payment', '=', 'invoice')
            .where('invoices.number', 'is not', null),
          eb.lit(0),
        )
        .as('invoice_total_cents'),
      eb.fn
        .coalesce(
          eb
            .selectFrom('invoices')
            .select((sub) => sub.fn.sum<number>('paid_cents').as('sum'))
            .whereRef('invoices.customer_id', '=', 'customers.id')
            .where('invoices.payment', '=', 'invoice')
            .where('invoices.kind', '=', 'invoice'),
          eb.lit(0),
        )
        .as('paid_cents'),
    ])
    .where('customers.site_id', '=', siteId);
}

const withBalance = (
  row: CustomerRow & { invoiced_cents: unknown; invoice_total_cents: unknown; paid_cents: unknown },
) => {
  const { invoice_total_cents, paid_cents, ...customer } = row;
  return {
    ...customer,
    invoiced_cents: Number(row.invoiced_cents),
    balance_cents: Number(invoice_total_cents) - Number(paid_cents),
  } as CustomerWithBalance;
};

/** A page of the site's customers by name, found by a part of their name, address or VAT number. */
export async function listCustomers(db: Db, opts: { siteId: number; search: string; page: number }) {
  let base = db.selectFrom('customers').where('site_id', '=', opts.siteId);
  let query = customersWithBalance(db, opts.siteId);
  if (opts.search !== '') {
    const like = `%${opts.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), 'like', like),
        eb(eb.fn('lower', ['email']), 'like', like),
        eb(eb.fn('lower', ['vat_number']), 'like', like),
      ]),
    );
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['customers.name']), 'like', like),
        eb(eb.fn('lower', ['customers.email']), 'like', like),
        eb(eb.fn('lower', ['customers.vat_number']), 'like', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .orderBy('customers.name')
      .orderBy('customers.id')
      .limit(CUSTOMER_PAGE)
      .offset((opts.page - 1) * CUSTOMER_PAGE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(withBalance), totalPages: Math.max(1, Math.ceil(Number(count.count) / CUSTOMER_PAGE)) };
}

export async function customerById(db: Db, siteId: number, id: number): Promise<CustomerWithBalance> {
  const row = await customersWithBalance(db, siteId).where('customers.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such customer');
  return withBalance(row);
}

export interface CustomerInput {
  id: number | null;
  kind: 'consumer' | 'company';
  name: string;
  address: string;
  country: string;
  vatNumber: string;
  orgNumber: string;
  email: string;
  language: string;
  companyId: number | null;
}

/**
 * Creates or changes a customer. A VAT number must have its country's format (an EU company's decides reverse
 * charge); a Swedish company's organisation number must have a valid check digit. Invoices already issued keep the
 * customer as they named it.
 */
export async function saveCustomer(db: Db, opts: { siteId: number; userId: number | null; input: CustomerInput }) {
  const { input } = opts;
  const vatNumber = input.vatNumber === '' ? null : normaliseVatNumber(input.vatNumber);
  if (vatNumber !== null && (!isEuCountry(input.country) || !vatNumberFormatValid(input.country, vatNumber))) {
    throw new AppError('INVALID_REQUEST', 'The VAT number does not have the format of its country', {
      fields: [{ field: 'VatNumber' }],
    });
  }
  const orgNumber = input.orgNumber === '' ? null : input.orgNumber;
  if (orgNumber !== null && input.country === 'SE' && !orgNumberValid(orgNumber)) {
    throw new AppError('INVALID_REQUEST', 'The organisation number is not valid', { fields: [{ field: 'OrgNumber' }] });
  }
  if (input.companyId !== null) {
    const company = await db
      .selectFrom('companies')
      .select('id')
      .where('site_id', '=', opts.siteId)
      .where('id', '=', input.companyId)
      .executeTakeFirst();
    if (!company) throw new AppError('NOT_FOUND', 'No such company');
  }
  const at = now();
  const values = {
    kind: input.kind,
    name: input.name,
    address: input.address,
    country: input.country,
    vat_number: vatNumber,
    org_number: orgNumber,
    email: input.email,
    language: input.language,
    company_id: input.companyId,
    updated_at: at,
  };
  let id = input.id;
  if (id === null) {
    const row = await db
      .insertInto('customers')
      .values({ ...values, site_id: opts.siteId, user_id: null, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    const row = await db
      .updateTable('customers')
      .set(values)
      .where('site_id', '=', opts.siteId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'No such customer');
  }
  await audit(db, {
    siteId: opts.siteId,
    userId: opts.userId,
    action: input.id === null ? 'customer created' : 'customer changed',
    subject: `customer ${id}`,
    detail: values,
  });
  return customerById(db, opts.siteId, id);
}

/** The company customer the books invoice for a company of the site (the first made, if several), or null. */
export async function companyCustomerOf(db: Db, siteId: number, companyId: number | null) {
  if (companyId === null) return null;
  const row = await db
    .selectFrom('customers')
    .select(['id', 'name', 'country'])
    .where('site_id', '=', siteId)
    .where('company_id', '=', companyId)
    .where('kind', '=', 'company')
    .orderBy('id')
    .executeTakeFirst();
  return row ?? null;
}
