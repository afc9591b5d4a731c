import type { Config } from '../../../platform/config';
import { type Db, inTransaction, now } from '../../../platform/db';
import type { SiteRow } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import type { Log } from '../../../platform/handlers';
import type { Mailer } from '../../../platform/mail/outbox';
import { book, type SettlementFacts } from '../../accounting';
import { cancelOrder, fulfilOrder, type PaymentEvidence, refundOrder } from './fulfilment';
import { payoutSettlement } from './payouts';
import { shopSettings } from './settings';
import { paymentFacts, payoutOf, type StripeEvent, stripeApi, verifiedEvent } from './stripe';

export interface WebhookDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: Log;
}

/** What an event asks of an order, once its facts are gathered (from the event and, where needed, Stripe's API). */
type Action =
  | { kind: 'fulfil'; orderId: number; evidence: PaymentEvidence; amountCents: number | null }
  | { kind: 'cancel'; orderId: number }
  | { kind: 'refund'; orderId: number; refundedCents: number; full: boolean }
  | { kind: 'payout'; settlement: SettlementFacts }
  | { kind: 'none' };

const orderIdOf = (metadata: Record<string, string> | null | undefined, siteId: number): number | null =>
  metadata && Number(metadata.site_id) === siteId ? Number(metadata.order_id) || null : null;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The order an event is about and what it asks, with the card's country fetched for a payment. */
async function actionOf(deps: WebhookDeps, siteId: number, secretKey: string, event: StripeEvent): Promise<Action> {
  const api = () => stripeApi(deps.config, secretKey);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const orderId = orderIdOf(session.metadata, siteId);
      // A session completed with a payment still under way (a bank debit) is paid when its success event comes.
      if (orderId === null || session.payment_status !== 'paid') return { kind: 'none' };
      const paymentIntentId = idOf(session.payment_intent);
      const cardCountry = paymentIntentId ? (await paymentFacts(api(), deps.log, paymentIntentId)).cardCountry : null;
      return {
        kind: 'fulfil',
        orderId,
        amountCents: session.amount_total,
        evidence: { paymentIntentId, billingCountry: session.customer_details?.address?.country ?? null, cardCountry },
      };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const orderId = orderIdOf(event.data.object.metadata, siteId);
      return orderId === null ? { kind: 'none' } : { kind: 'cancel', orderId };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!paymentIntentId) return { kind: 'none' };
      // The order is found by its payment; refunded before its payment was heard of, by the payment's metadata.
      const known = await deps.db
        .selectFrom('orders')
        .select('id')
        .where('site_id', '=', siteId)
        .where('stripe_payment_intent_id', '=', paymentIntentId)
        .executeTakeFirst();
      const facts = known ? null : await paymentFacts(api(), deps.log, paymentIntentId);
      const orderId = known?.id ?? (facts?.siteId === siteId ? facts.orderId : null);
      if (orderId === null) return { kind: 'none' };
      return { kind: 'refund', orderId, refundedCents: charge.amount_refunded, full: charge.refunded };
    }
    case 'payout.paid': {
      const settlement = await payoutSettlement(deps, api(), siteId, payoutOf(event.data.object));
      return settlement ? { kind: 'payout', settlement } : { kind: 'none' };
    }
    default:
      return { kind: 'none' };
  }
}

/**
 * Handles one delivery of a Stripe event to a site: verified against the site's webhook secret, then applied exactly
 * once however often, concurrently or out of order Stripe delivers it. The event's id is recorded in the same
 * transaction that applies it (a second delivery finds it and does nothing; one racing it waits on the unique key);
 * and each order only moves forward (pending → paid → refunded, pending → cancelled), so a late or repeated event
 * of another id cannot grant twice. A failure rolls back both, and Stripe delivers again.
 */
export async function receiveStripeEvent(
  deps: WebhookDeps,
  opts: { site: SiteRow; body: Buffer; signature: string | undefined },
): Promise<'handled' | 'duplicate'> {
  const { keys } = await shopSettings(deps.db, deps.config, opts.site);
  if (!keys) throw new AppError('NOT_FOUND', 'This site takes no payments');
  const event = verifiedEvent(opts.body, opts.signature, keys.webhookSecret);
  const siteId = opts.site.id;
  const seen = () =>
    deps.db
      .selectFrom('payment_events')
      .select('id')
      .where('site_id', '=', siteId)
      .where('event_id', '=', event.id)
      .executeTakeFirst();
  if (await seen()) return 'duplicate';
  const action = await actionOf(deps, siteId, keys.secretKey, event);
  return inTransaction(deps.db, async (trx) => {
    const at = now();
    const recorded = await trx
      .insertInto('payment_events')
      .values({
        site_id: siteId,
        event_id: event.id,
        type: event.type,
        order_id: 'orderId' in action ? action.orderId : null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['site_id', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return 'duplicate';
    if (action.kind === 'fulfil') {
      const order = await trx
        .selectFrom('orders')
        .select('amount_cents')
        .where('site_id', '=', siteId)
        .where('id', '=', action.orderId)
        .executeTakeFirst();
      if (order && action.amountCents !== null && action.amountCents !== order.amount_cents) {
        deps.log.error({ orderId: action.orderId, paid: action.amountCents }, 'A payment differs from its order');
        return 'handled';
      }
      await fulfilOrder(trx, deps, { siteId, orderId: action.orderId, evidence: action.evidence });
    } else if (action.kind === 'cancel') {
      await cancelOrder(trx, { siteId, orderId: action.orderId });
    } else if (action.kind === 'refund') {
      await refundOrder(trx, { siteId, ...action, keepAccess: false });
    } else if (action.kind === 'payout') {
      await book(trx, { kind: 'settlement', siteId, settlement: action.settlement });
    }
    return 'handled';
  });
}
