import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's API the shop uses (Checkout sessions, payment intents with their
 * charge, refunds), so that the `stripe` library, pointed at it by STRIPE_API_URL, talks to it as to Stripe; and a
 * payment page of its own (`/pay/<session>`), so a browser test can pay. Events are signed with the library's own
 * test-header helper and delivered to the shop's webhook like Stripe's.
 */
export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** The sessions opened, in order. */
  sessions: FakeSession[];
  /** Refunds asked for (payment intent ids), one per distinct idempotency key. */
  refunds: string[];
  /** Pays a session as a buyer would: a payment intent with its card's country; answers `checkout.session.completed`. */
  pay(sessionId: string, card?: { billingCountry?: string; cardCountry?: string }): Stripe.Event;
  expire(sessionId: string): Stripe.Event;
  /** A refund of a session's payment (in full, or `amount` cents of it): answers `charge.refunded`. */
  refund(sessionId: string, amount?: number): Stripe.Event;
  /** Delivers an event to a webhook, signed (with another secret, or a timestamp in the past, to forge one). */
  deliver(
    webhookUrl: string,
    event: Stripe.Event,
    options?: { secret?: string; timestamp?: number },
  ): Promise<Response>;
  /** A dispute (chargeback) of a session's payment: its amount and a €15 fee withdrawn in the next payout. */
  dispute(sessionId: string): void;
  /** A movement of the balance the shop knows nothing of (a charge made elsewhere, an adjustment). */
  addTransaction(transaction: { type: string; amount: number; fee?: number; reportingCategory?: string }): void;
  /**
   * Pays out what the balance took in since the last payout (sales less 1.5 % + €0.25 each, refunds, disputes):
   * answers `payout.paid`. `arrival` (seconds) dates it.
   */
  payout(arrival?: number): Stripe.Event;
  /** Forgets the balance's movements and payouts so far (a test that reads payouts starts from none). */
  forgetPayouts(): void;
  /** Refuses the API calls from now on (Stripe down). */
  failing: boolean;
  close(): Promise<void>;
}

export interface FakeSession {
  id: string;
  amount: number;
  currency: string;
  email: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  locale: string;
  status: 'open' | 'complete' | 'expired';
  paymentIntent: string | null;
  billingCountry: string | null;
}

interface FakeTransaction {
  id: string;
  object: 'balance_transaction';
  type: string;
  reporting_category: string;
  amount: number;
  fee: number;
  net: number;
  currency: 'eur';
  created: number;
  description: string | null;
  source: unknown;
  payout: string | null;
}

interface FakeIntent {
  id: string;
  amount: number;
  metadata: Record<string, string>;
  chargeId: string;
  cardCountry: string;
  refunded: number;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`metadata[order_id]=7`) read back into the few fields the fake needs. */
function field(form: URLSearchParams, name: string): string {
  return form.get(name) ?? '';
}

function metadataOf(form: URLSearchParams, prefix: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = key.match(new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`));
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeStripe(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, FakeSession>();
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, unknown>();
  const refunds: string[] = [];
  const transactions: FakeTransaction[] = [];
  const payouts: {
    id: string;
    object: 'payout';
    amount: number;
    currency: 'eur';
    arrival_date: number;
    status: 'paid';
    created: number;
  }[] = [];
  const transaction = (opts: {
    type: string;
    amount: number;
    fee?: number;
    reportingCategory?: string;
    source?: unknown;
  }) => {
    const fee = opts.fee ?? 0;
    transactions.push({
      id: newId('txn'),
      object: 'balance_transaction',
      type: opts.type,
      reporting_category: opts.reportingCategory ?? opts.type,
      amount: opts.amount,
      fee,
      net: opts.amount - fee,
      currency: 'eur',
      created: Math.floor(Date.now() / 1000),
      description: null,
      source: opts.source ?? null,
      payout: null,
    });
  };
  const refundSource = (intent: FakeIntent, amount: number) => ({
    id: newId('re'),
    object: 'refund',
    amount,
    payment_intent: intent.id,
    status: 'succeeded',
  });
  const listOf = (items: unknown[], url: string) => ({ object: 'list', data: items, has_more: false, url });

  const sessionObject = (session: FakeSession) => ({
    id: session.id,
    object: 'checkout.session',
    amount_total: session.amount,
    currency: session.currency,
    customer_email: session.email,
    customer_details: session.billingCountry
      ? { email: session.email, address: { country: session.billingCountry } }
      : null,
    metadata: session.metadata,
    mode: 'payment',
    payment_intent: session.paymentIntent,
    payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
    status: session.status,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    url: session.status === 'open' ? `${fake.url}/pay/${session.id}` : null,
  });
  const chargeObject = (intent: FakeIntent) => ({
    id: intent.chargeId,
    object: 'charge',
    amount: intent.amount,
    amount_refunded: intent.refunded,
    refunded: intent.refunded >= intent.amount,
    payment_intent: intent.id,
    metadata: {},
    payment_method_details: { type: 'card', card: { country: intent.cardCountry, brand: 'visa', last4: '4242' } },
  });
  const event = (type: string, object: unknown): Stripe.Event =>
    ({
      id: newId('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      api_version: Stripe.API_VERSION,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    }) as unknown as Stripe.Event;

  const session = (id: string) => {
    const found = sessions.get(id);
    if (!found) throw new Error(`No such session: ${id}`);
    return found;
  };

  const pay = (sessionId: string, card: { billingCountry?: string; cardCountry?: string } = {}) => {
    const paid = session(sessionId);
    if (!paid.paymentIntent) {
      const intent: FakeIntent = {
        id: newId('pi'),
        amount: paid.amount,
        metadata: paid.metadata,
        chargeId: newId('ch'),
        cardCountry: card.cardCountry ?? 'SE',
        refunded: 0,
      };
      intents.set(intent.id, intent);
      paid.paymentIntent = intent.id;
      transaction({
        type: 'charge',
        amount: intent.amount,
        fee: Math.round(intent.amount * 0.015) + 25,
        source: chargeObject(intent),
      });
    }
    paid.status = 'complete';
    paid.billingCountry = card.billingCountry ?? 'SE';
    return event('checkout.session.completed', sessionObject(paid));
  };

  const deliver: FakeStripe['deliver'] = async (webhookUrl, sent, deliverOptions = {}) => {
    const payload = JSON.stringify(sent);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: deliverOptions.secret ?? webhookSecret,
      timestamp: deliverOptions.timestamp,
    });
    return fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body: payload,
    });
  };

  /** The API: the library's requests, checked for the account's key, answered as Stripe would. */
  async function api(request: http.IncomingMessage, body: string): Promise<[number, unknown]> {
    if (fake.failing) return [500, { error: { type: 'api_error', message: 'Stripe is down (fake)' } }];
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return [401, { error: { type: 'invalid_request_error', message: 'Invalid API key' } }];
    }
    const idempotencyKey = request.headers['idempotency-key'];
    const remembered = typeof idempotencyKey === 'string' ? byIdempotencyKey.get(idempotencyKey) : undefined;
    if (remembered) return [200, remembered];
    const url = new URL(request.url ?? '/', 'http://fake');
    const form = new URLSearchParams(body);
    let answer: unknown;
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const opened: FakeSession = {
        id: newId('cs_test'),
        amount: Number(field(form, 'line_items[0][price_data][unit_amount]')),
        currency: field(form, 'line_items[0][price_data][currency]'),
        email: field(form, 'customer_email'),
        metadata: metadataOf(form, 'metadata'),
        successUrl: field(form, 'success_url'),
        cancelUrl: field(form, 'cancel_url'),
        locale: field(form, 'locale'),
        status: 'open',
        paymentIntent: null,
        billingCountry: null,
      };
      sessions.set(opened.id, opened);
      fake.sessions.push(opened);
      answer = sessionObject(opened);
    } else if (request.method === 'GET' && url.pathname.startsWith('/v1/payment_intents/')) {
      const intent = intents.get(decodeURIComponent(url.pathname.slice('/v1/payment_intents/'.length)));
      if (!intent) return [404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } }];
      const expand = [...url.searchParams.values()].includes('latest_charge');
      answer = {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        metadata: intent.metadata,
        latest_charge: expand ? chargeObject(intent) : intent.chargeId,
        status: 'succeeded',
      };
    } else if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(field(form, 'payment_intent'));
      if (!intent) return [404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } }];
      const refund = refundSource(intent, intent.amount - intent.refunded);
      intent.refunded = intent.amount;
      refunds.push(intent.id);
      transaction({ type: 'refund', amount: -refund.amount, source: refund });
      answer = refund;
    } else if (request.method === 'GET' && url.pathname === '/v1/payouts') {
      answer = listOf([...payouts].reverse(), '/v1/payouts');
    } else if (request.method === 'GET' && url.pathname.startsWith('/v1/payouts/')) {
      const payout = payouts.find((p) => p.id === decodeURIComponent(url.pathname.slice('/v1/payouts/'.length)));
      if (!payout) return [404, { error: { type: 'invalid_request_error', message: 'No such payout' } }];
      answer = payout;
    } else if (request.method === 'GET' && url.pathname === '/v1/balance_transactions') {
      const of = transactions.filter((t) => t.payout === url.searchParams.get('payout'));
      const after = url.searchParams.get('starting_after');
      const start = after ? of.findIndex((t) => t.id === after) + 1 : 0;
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const page = of.slice(start, start + limit);
      answer = { ...listOf(page, '/v1/balance_transactions'), has_more: start + limit < of.length };
    } else {
      return [404, { error: { type: 'invalid_request_error', message: `Unknown: ${request.method} ${url.pathname}` } }];
    }
    if (typeof idempotencyKey === 'string') byIdempotencyKey.set(idempotencyKey, answer);
    return [200, answer];
  }

  /** The payment page a browser is sent to: pay (the webhook is delivered, then back to the shop) or go back. */
  async function page(request: http.IncomingMessage, response: http.ServerResponse, body: string) {
    const id = decodeURIComponent((request.url ?? '').split('?')[0]?.slice('/pay/'.length) ?? '');
    const open = sessions.get(id);
    if (!open) {
      response.writeHead(404).end('No such payment page');
      return;
    }
    if (request.method === 'POST') {
      const country = new URLSearchParams(body).get('country') || 'SE';
      const paid = pay(id, { billingCountry: country, cardCountry: country });
      const webhook = `${new URL(open.successUrl).origin}/api/payments/stripe`;
      await deliver(webhook, paid);
      response.writeHead(303, { location: open.successUrl }).end();
      return;
    }
    const price = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(open.amount / 100);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pay (test)</title></head>
<body><main><h1>Test payment</h1><p data-testid="fake-amount">${escapeHtml(price)}</p>
<p>${escapeHtml(open.email)}</p>
<form method="post"><label>Country <input name="country" value="SE" maxlength="2"></label>
<button type="submit">Pay ${escapeHtml(price)}</button></form>
<p><a href="${escapeHtml(open.cancelUrl)}">Back to the shop</a></p></main></body></html>`);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const work = request.url?.startsWith('/pay/')
        ? page(request, response, body)
        : api(request, body).then(([status, answer]) => {
            response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
          });
      work.catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secretKey,
    webhookSecret,
    sessions: [],
    refunds,
    failing: false,
    pay,
    expire(sessionId) {
      const expired = session(sessionId);
      expired.status = 'expired';
      return event('checkout.session.expired', sessionObject(expired));
    },
    refund(sessionId, amount) {
      const refunded = session(sessionId);
      const intent = refunded.paymentIntent ? intents.get(refunded.paymentIntent) : undefined;
      if (!intent) throw new Error('The session was not paid');
      const total = amount ?? intent.amount;
      transaction({
        type: 'refund',
        amount: -(total - intent.refunded),
        source: refundSource(intent, total - intent.refunded),
      });
      intent.refunded = total;
      return event('charge.refunded', chargeObject(intent));
    },
    dispute(sessionId) {
      const disputed = session(sessionId);
      const intent = disputed.paymentIntent ? intents.get(disputed.paymentIntent) : undefined;
      if (!intent) throw new Error('The session was not paid');
      transaction({
        type: 'adjustment',
        reportingCategory: 'dispute',
        amount: -intent.amount,
        fee: 1500,
        source: { id: newId('dp'), object: 'dispute', amount: intent.amount, payment_intent: intent.id },
      });
    },
    addTransaction: transaction,
    forgetPayouts() {
      transactions.length = 0;
      payouts.length = 0;
    },
    payout(arrival) {
      const id = newId('po');
      const paidOut = transactions.filter((t) => t.payout === null);
      for (const t of paidOut) t.payout = id;
      const amount = paidOut.reduce((sum, t) => sum + t.net, 0);
      const created = Math.floor(Date.now() / 1000);
      const payout = {
        id,
        object: 'payout' as const,
        amount,
        currency: 'eur' as const,
        arrival_date: arrival ?? created,
        status: 'paid' as const,
        created,
      };
      payouts.push(payout);
      return event('payout.paid', payout);
    },
    deliver,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
