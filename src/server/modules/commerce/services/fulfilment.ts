import type { Selectable } from 'kysely';
import type { TaxCategory } from '../../../../shared/domain/commerce/products';
import { recipientLanguage } from '../../../../shared/domain/language';
import type { Config } from '../../../platform/config';
import { type Db, lockedForUpdate, now } from '../../../platform/db';
import type { OrdersTable } from '../../../platform/db/schema';
import type { Mailer } from '../../../platform/mail/outbox';
import { book } from '../../accounting';
import { extendCourseAccess, type PriorAccess, restoreCourseAccess } from '../../learning';
import { shopMails } from '../mails';
import { courseIdsOf } from './products';

/** What an order's fulfilment gave, with what the learner held before, so that a refund takes back exactly it. */
interface Granted {
  courses: { id: number; prior: PriorAccess }[];
  credits: number;
}

export type OrderRow = Selectable<OrdersTable>;

/** The payment's facts a fulfilment records: the provider's payment and the buyer's country evidence. */
export interface PaymentEvidence {
  paymentIntentId: string | null;
  billingCountry: string | null;
  cardCountry: string | null;
}

/** `months` calendar months after `from` (the 31st of a shorter month is its last day). */
export function monthsAfter(from: Date, months: number): string {
  const target = new Date(from);
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

/** A learner's coaching credits: bought, less booked and taken back. */
export async function creditBalance(db: Db, siteId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('coaching_credits')
    .select((eb) => eb.fn.sum<number>('change').as('balance'))
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/**
 * Marks an order paid and gives the buyer what it sells, exactly once: inside the caller's transaction, only the
 * one call that moves the order from pending (or from cancelled: a payment that completed after its page expired
 * is still the buyer's money) to paid grants anything. Courses through learning (for the product's access length,
 * never shortening what she holds), coaching credits, and a receipt by mail. Answers whether this call fulfilled it.
 */
export async function fulfilOrder(
  trx: Db,
  deps: { config: Config; mailer: Mailer },
  opts: { siteId: number; orderId: number; evidence: PaymentEvidence; invoiceTo?: number },
): Promise<boolean> {
  const at = now();
  const evidence = {
    stripe_payment_intent_id: opts.evidence.paymentIntentId,
    billing_country: opts.evidence.billingCountry,
    card_country: opts.evidence.cardCountry,
  };
  const order = (await trx
    .updateTable('orders')
    .set({ status: 'paid', paid_at: at, updated_at: at, ...evidence })
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.orderId)
    .where('status', 'in', ['pending', 'cancelled'])
    .returningAll()
    .executeTakeFirst()) as OrderRow | undefined;
  if (!order) {
    // Refunded before the payment's completion was heard (events out of order): its evidence is kept, nothing given.
    await trx
      .updateTable('orders')
      .set({ paid_at: at, updated_at: at, ...evidence })
      .where('site_id', '=', opts.siteId)
      .where('id', '=', opts.orderId)
      .where('status', '=', 'refunded')
      .where('paid_at', 'is', null)
      .execute();
    return false;
  }
  if (order.cancelled_at !== null && order.discount_code_id !== null) {
    await trx
      .updateTable('discount_codes')
      .set((eb) => ({ uses: eb('uses', '+', 1), updated_at: at }))
      .where('id', '=', order.discount_code_id)
      .execute();
  }
  const granted: Granted = { courses: [], credits: 0 };
  if (order.user_id !== null) {
    const expiresAt = order.access_months ? monthsAfter(new Date(at), order.access_months) : null;
    for (const courseId of await courseIdsOf(trx, opts.siteId, order.product_id)) {
      const prior = await extendCourseAccess(trx, { siteId: opts.siteId, courseId, userId: order.user_id, expiresAt });
      granted.courses.push({ id: courseId, prior });
    }
    if (order.coaching_sessions) {
      await trx
        .insertInto('coaching_credits')
        .values({
          site_id: opts.siteId,
          user_id: order.user_id,
          change: order.coaching_sessions,
          order_id: order.id,
          reason: 'bought',
          created_at: at,
          updated_at: at,
        })
        .execute();
      granted.credits = order.coaching_sessions;
    }
  }
  await trx
    .updateTable('orders')
    .set({ granted: JSON.stringify(granted) })
    .where('id', '=', order.id)
    .execute();
  await book(trx, {
    kind: 'sale',
    siteId: opts.siteId,
    at,
    sale: {
      orderId: order.id,
      userId: order.user_id,
      description: order.product_name,
      taxCategory: order.tax_category as TaxCategory,
      amountCents: order.amount_cents,
      language: order.language,
      billingCountry: order.billing_country,
      cardCountry: order.card_country,
      paymentReference: order.stripe_payment_intent_id,
      ...(opts.invoiceTo !== undefined ? { invoiceTo: opts.invoiceTo } : {}),
    },
  });
  await mailReceipt(trx, deps, order, granted);
  return true;
}

async function mailReceipt(trx: Db, deps: { config: Config; mailer: Mailer }, order: OrderRow, granted: Granted) {
  if (order.user_id === null) return;
  const buyer = await trx
    .selectFrom('users')
    .select(['email', 'first_name', 'language'])
    .where('id', '=', order.user_id)
    .executeTakeFirst();
  if (!buyer) return;
  const path = granted.courses.length > 0 ? '/MyCourses' : '/MyProfile';
  const mail = shopMails.receipt(recipientLanguage(buyer.language ?? order.language), {
    name: buyer.first_name,
    orderId: order.id,
    productName: order.product_name,
    amountCents: order.amount_cents,
    discountCents: order.discount_cents,
    link: `${deps.config.publicUrl}${path}`,
  });
  await deps.mailer.enqueue({ siteId: order.site_id, to: buyer.email, ...mail }, trx);
}

/**
 * Records a refund of an order inside the caller's transaction. A full one refunds the order and, unless the
 * administrator keeps it, takes back what its fulfilment gave: the learner's access as it was before, and the coaching
 * credits it added that she has not used. A partial one only records the amount. Refunded before it was heard paid
 * (events out of order), the order never gives anything. Answers whether this call refunded it.
 */
export async function refundOrder(
  trx: Db,
  opts: { siteId: number; orderId: number; refundedCents: number; full: boolean; keepAccess: boolean },
): Promise<boolean> {
  const at = now();
  if (!opts.full) {
    await trx
      .updateTable('orders')
      .set({ refunded_cents: opts.refundedCents, updated_at: at })
      .where('site_id', '=', opts.siteId)
      .where('id', '=', opts.orderId)
      .where('status', '=', 'paid')
      .execute();
    await book(trx, {
      kind: 'refund',
      siteId: opts.siteId,
      orderId: opts.orderId,
      refundedCents: opts.refundedCents,
      at,
    });
    return false;
  }
  const order = (await trx
    .updateTable('orders')
    .set({
      status: 'refunded',
      refunded_cents: opts.refundedCents,
      refunded_at: at,
      keep_access: opts.keepAccess ? 1 : 0,
      updated_at: at,
    })
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.orderId)
    .where('status', 'in', ['pending', 'paid', 'cancelled'])
    .returningAll()
    .executeTakeFirst()) as OrderRow | undefined;
  if (!order) return false;
  await book(trx, { kind: 'refund', siteId: opts.siteId, orderId: order.id, refundedCents: opts.refundedCents, at });
  if (order.granted && order.user_id !== null && !opts.keepAccess) {
    const granted = JSON.parse(order.granted) as Granted;
    for (const course of granted.courses.toReversed()) {
      await restoreCourseAccess(trx, {
        siteId: opts.siteId,
        courseId: course.id,
        userId: order.user_id,
        prior: course.prior,
      });
    }
    // Her row locked as a booking locks it, so a booking made meanwhile cannot spend what is taken back here.
    await lockedForUpdate(
      trx,
      trx.selectFrom('users').select('id').where('site_id', '=', opts.siteId).where('id', '=', order.user_id),
    ).executeTakeFirst();
    const unused = Math.min(granted.credits, await creditBalance(trx, opts.siteId, order.user_id));
    if (unused > 0) {
      await trx
        .insertInto('coaching_credits')
        .values({
          site_id: opts.siteId,
          user_id: order.user_id,
          change: -unused,
          order_id: order.id,
          reason: 'refunded',
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }
  return true;
}

/** An unpaid order whose payment page expired or failed: cancelled, and its discount code's use given back. */
export async function cancelOrder(trx: Db, opts: { siteId: number; orderId: number }): Promise<boolean> {
  const at = now();
  const order = await trx
    .updateTable('orders')
    .set({ status: 'cancelled', cancelled_at: at, updated_at: at })
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.orderId)
    .where('status', '=', 'pending')
    .returning(['discount_code_id'])
    .executeTakeFirst();
  if (!order) return false;
  if (order.discount_code_id !== null) {
    await trx
      .updateTable('discount_codes')
      .set((eb) => ({ uses: eb('uses', '-', 1), updated_at: at }))
      .where('id', '=', order.discount_code_id)
      .where('uses', '>', 0)
      .execute();
  }
  return true;
}

/** Gives a learner coaching credits outside an order (the demo's, a school's goodwill): a line in the ledger. */
export async function grantCoachingCredits(
  db: Db,
  opts: { siteId: number; userId: number; credits: number; reason: string },
): Promise<void> {
  const at = now();
  await db
    .insertInto('coaching_credits')
    .values({
      site_id: opts.siteId,
      user_id: opts.userId,
      change: opts.credits,
      order_id: null,
      reason: opts.reason,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
