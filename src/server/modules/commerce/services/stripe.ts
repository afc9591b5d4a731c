import Stripe from 'stripe';
import { CHECKOUT_OPEN_MINUTES } from '../../../../shared/domain/commerce/orders';
import type { Config } from '../../../platform/config';
import { AppError } from '../../../platform/errors';
import type { Log } from '../../../platform/handlers';

/** One client per account and API address, kept for the process (a client holds its connections). */
const clients = new Map<string, Stripe>();
const MAX_CLIENTS = 100;

/** The Stripe API of an account, at Stripe's own address or, in tests, at `STRIPE_API_URL`. */
export function stripeApi(config: Config, secretKey: string): Stripe {
  const key = `${config.stripe.apiUrl ?? ''} ${secretKey}`;
  let client = clients.get(key);
  if (!client) {
    const api = config.stripe.apiUrl ? new URL(config.stripe.apiUrl) : null;
    client = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'https:' ? 443 : 80),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      }),
    });
    if (clients.size >= MAX_CLIENTS) clients.clear();
    clients.set(key, client);
  }
  return client;
}

/** A failure to reach Stripe or a refusal of it, as the buyer or administrator reads it; the cause goes to the log. */
async function atStripe<T>(log: Log, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      log.warn({ stripe: { type: error.type, code: error.code, message: error.message } }, 'Stripe refused a request');
      throw new AppError('PAYMENT_PROVIDER', 'The payment service did not accept the request; try again in a moment');
    }
    throw error;
  }
}

export interface CheckoutRequest {
  siteId: number;
  orderId: number;
  productName: string;
  amountCents: number;
  email: string;
  language: string;
  successUrl: string;
  cancelUrl: string;
}

/**
 * Opens Stripe Checkout's payment page for an order: one line at the order's price (VAT included), the buyer's
 * billing address asked for (the VAT evidence), the order named in the metadata of the session and of its payment
 * (so a refund finds it), open for CHECKOUT_OPEN_MINUTES. Asked twice for one order, Stripe answers the same page.
 */
export async function createCheckoutSession(api: Stripe, log: Log, request: CheckoutRequest) {
  const metadata = { order_id: String(request.orderId), site_id: String(request.siteId) };
  return atStripe(log, () =>
    api.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: request.amountCents,
              tax_behavior: 'inclusive',
              product_data: { name: request.productName },
            },
          },
        ],
        customer_email: request.email,
        client_reference_id: String(request.orderId),
        metadata,
        payment_intent_data: { metadata },
        billing_address_collection: 'required',
        locale: request.language === 'sv' ? 'sv' : 'en',
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_OPEN_MINUTES * 60,
      },
      { idempotencyKey: `checkout-${request.siteId}-${request.orderId}` },
    ),
  );
}

/** A payment's order (its metadata) and the country of the card that paid it (VAT evidence). */
export async function paymentFacts(api: Stripe, log: Log, paymentIntentId: string) {
  const intent = await atStripe(log, () => api.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }));
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    orderId: Number(intent.metadata?.order_id) || null,
    siteId: Number(intent.metadata?.site_id) || null,
    cardCountry: charge?.payment_method_details?.card?.country ?? null,
  };
}

/** Refunds a payment in full; asked again for the same order, Stripe refunds it once. */
export async function refundPayment(
  api: Stripe,
  log: Log,
  opts: { siteId: number; orderId: number; paymentIntentId: string },
) {
  return atStripe(log, () =>
    api.refunds.create(
      { payment_intent: opts.paymentIntentId, metadata: { order_id: String(opts.orderId) } },
      { idempotencyKey: `refund-${opts.siteId}-${opts.orderId}` },
    ),
  );
}

/**
 * The event a webhook delivery carries, once its signature (over the raw body, with the account's webhook secret,
 * within Stripe's five minutes) is Stripe's; a forged, altered or stale one is INVALID_REQUEST.
 */
export function verifiedEvent(body: Buffer, signature: string | undefined, webhookSecret: string): Stripe.Event {
  if (!signature) throw new AppError('INVALID_REQUEST', 'The Stripe-Signature header is missing');
  try {
    return Stripe.webhooks.constructEvent(body, signature, webhookSecret);
  } catch {
    throw new AppError('INVALID_REQUEST', 'The signature does not match the body');
  }
}

/** A payout to the bank, as the books read it. */
export interface Payout {
  id: string;
  amountCents: number;
  currency: string;
  status: string;
  /** When it reaches the bank, in seconds. */
  arrival: number;
}

export const payoutOf = (payout: Stripe.Payout): Payout => ({
  id: payout.id,
  amountCents: payout.amount,
  currency: payout.currency,
  status: payout.status,
  arrival: payout.arrival_date,
});

/** A movement of the balance that a payout paid out: a charge, refund, dispute, fee or adjustment. */
export interface BalanceMovement {
  id: string;
  type: string;
  reportingCategory: string;
  amountCents: number;
  feeCents: number;
  /** In seconds. */
  created: number;
  description: string | null;
  /** The payment its source (a charge, refund or dispute) belongs to. */
  paymentIntentId: string | null;
}

/** The account's most recent payouts that reached the bank. */
export async function paidPayouts(api: Stripe, log: Log, limit: number): Promise<Payout[]> {
  const list = await atStripe(log, () => api.payouts.list({ status: 'paid', limit }));
  return list.data.map(payoutOf);
}

/** The movements a payout paid out (its own transaction left out), at most `max` of them (one more says "too many"). */
export async function payoutMovements(
  api: Stripe,
  log: Log,
  payoutId: string,
  max: number,
): Promise<BalanceMovement[]> {
  const movements: BalanceMovement[] = [];
  await atStripe(log, async () => {
    for await (const transaction of api.balanceTransactions.list({
      payout: payoutId,
      limit: 100,
      expand: ['data.source'],
    })) {
      if (transaction.type === 'payout') continue;
      const source = transaction.source;
      const intent = source && typeof source !== 'string' && 'payment_intent' in source ? source.payment_intent : null;
      movements.push({
        id: transaction.id,
        type: transaction.type,
        reportingCategory: transaction.reporting_category,
        amountCents: transaction.amount,
        feeCents: transaction.fee,
        created: transaction.created,
        description: transaction.description,
        paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
      });
      if (movements.length > max) break;
    }
  });
  return movements;
}

export type StripeEvent = Stripe.Event;
export type StripeApi = Stripe;
