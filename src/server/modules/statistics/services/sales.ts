import { sql } from 'kysely';
import { bucketOf } from '../../../../shared/domain/statistics/statistics';
import type { Db } from '../../../platform/db';
import { dayOfColumn, inPeriod, type Scope } from './scope';

/** Orders paid in the period and their revenue after refunds, per period, product and currency. */
export async function salesStatistics(db: Db, scope: Scope) {
  const rows = await db
    .selectFrom('orders')
    .select([
      dayOfColumn(db, 'orders.paid_at').as('day'),
      'product_id',
      'product_name',
      'currency',
      (eb) => eb.fn.countAll<number>().as('orders'),
      sql<number>`sum(amount_cents - refunded_cents)`.as('revenue'),
    ])
    .where('site_id', '=', scope.siteId)
    .where(inPeriod(scope, 'orders.paid_at'))
    .groupBy([sql.ref('day'), 'product_id', 'product_name', 'currency'])
    .execute();
  const totals = new Map<
    string,
    { Period: string; ProductId: number; ProductName: string; Currency: string; Orders: number; RevenueCents: number }
  >();
  for (const row of rows) {
    const period = bucketOf(row.day, scope.granularity);
    const key = `${period} ${row.product_id} ${row.currency}`;
    const total = totals.get(key) ?? {
      Period: period,
      ProductId: row.product_id,
      ProductName: row.product_name,
      Currency: row.currency.toUpperCase(),
      Orders: 0,
      RevenueCents: 0,
    };
    total.Orders += Number(row.orders);
    total.RevenueCents += Number(row.revenue);
    totals.set(key, total);
  }
  return {
    Rows: [...totals.values()].sort(
      (a, b) => a.Period.localeCompare(b.Period) || a.ProductName.localeCompare(b.ProductName),
    ),
  };
}
