import type { Config } from '../../../platform/config';
import { type Db, inTransaction } from '../../../platform/db';
import type { SiteRow } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import type { Log } from '../../../platform/handlers';
import { type OrderRow, refundOrder } from './fulfilment';
import { shopSettings } from './settings';
import { refundPayment, stripeApi } from './stripe';

export type OrderWithProduct = OrderRow & { product_slug: string; product_kind: string };

const ordersWithProduct = (db: Db, siteId: number) =>
  db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .selectAll('orders')
    .select(['products.slug as product_slug', 'products.kind as product_kind'])
    .where('orders.site_id', '=', siteId);

/** One of the buyer's own orders (the page she returns to from the payment page); another's is NOT_FOUND. */
export async function ownOrder(db: Db, opts: { siteId: number; userId: number; orderId: number }) {
  const row = await ordersWithProduct(db, opts.siteId)
    .where('orders.id', '=', opts.orderId)
    .where('orders.user_id', '=', opts.userId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such order');
  return row as OrderWithProduct;
}

/** The buyer's orders that were paid or refunded, newest first (My profile's purchases). */
export async function ordersOfBuyer(db: Db, opts: { siteId: number; userId: number }) {
  return (await ordersWithProduct(db, opts.siteId)
    .where('orders.user_id', '=', opts.userId)
    .where('orders.status', 'in', ['paid', 'refunded'])
    .orderBy('orders.id', 'desc')
    .limit(500)
    .execute()) as OrderWithProduct[];
}

export const ORDER_PAGE = 100;

/** The site's orders, of one product or all (or the one asked), newest first, a page at a time; with their buyers. */
export async function siteOrders(
  db: Db,
  opts: { siteId: number; productId?: number | null; beforeId?: number | null; orderId?: number },
) {
  let query = ordersWithProduct(db, opts.siteId)
    .leftJoin('users', 'users.id', 'orders.user_id')
    .select(['users.first_name', 'users.last_name', 'users.email'])
    .orderBy('orders.id', 'desc')
    .limit(ORDER_PAGE + 1);
  if (opts.productId) query = query.where('orders.product_id', '=', opts.productId);
  if (opts.beforeId) query = query.where('orders.id', '<', opts.beforeId);
  if (opts.orderId) query = query.where('orders.id', '=', opts.orderId);
  return (await query.execute()) as (OrderWithProduct & {
    first_name: string | null;
    last_name: string | null;
    email: string | null;
  })[];
}

/** A product's sales: orders paid (and not refunded), and what they brought in, in euro cents. */
export async function salesOf(db: Db, opts: { siteId: number; productId: number }) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'),
    ])
    .where('site_id', '=', opts.siteId)
    .where('product_id', '=', opts.productId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) };
}

/**
 * An administrator refunds a paid order: in full at Stripe (a card payment; asked twice, Stripe refunds once), then
 * here, taking back what it gave unless `keepAccess`. Stripe's own refund event, when it comes, finds it refunded.
 */
export async function refundByAdministrator(
  db: Db,
  deps: { config: Config; log: Log },
  opts: { site: SiteRow; orderId: number; keepAccess: boolean },
) {
  const siteId = opts.site.id;
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', opts.orderId)
    .executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND', 'No such order');
  if (order.status !== 'paid') throw new AppError('INVALID_STATE', 'Only a paid order can be refunded');
  if (order.payment === 'card') {
    const { keys } = await shopSettings(db, deps.config, opts.site);
    if (!keys || !order.stripe_payment_intent_id) {
      throw new AppError('SHOP_CLOSED', 'The shop has no payment keys to refund with');
    }
    await refundPayment(stripeApi(deps.config, keys.secretKey), deps.log, {
      siteId,
      orderId: order.id,
      paymentIntentId: order.stripe_payment_intent_id,
    });
  }
  await inTransaction(db, (trx) =>
    refundOrder(trx, {
      siteId,
      orderId: order.id,
      refundedCents: order.amount_cents,
      full: true,
      keepAccess: opts.keepAccess,
    }),
  );
}
