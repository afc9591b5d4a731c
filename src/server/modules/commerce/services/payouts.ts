import type { SettlementLineKind } from '../../../../shared/domain/accounting/settlements';
import { SETTLEMENT_MAX_LINES } from '../../../../shared/domain/accounting/settlements';
import type { Config } from '../../../platform/config';
import { type Db, inTransaction } from '../../../platform/db';
import type { SiteRow } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import type { Log } from '../../../platform/handlers';
import { book, type SettlementFacts, settledReferences } from '../../accounting';
import { shopSettings } from './settings';
import { type BalanceMovement, type Payout, paidPayouts, payoutMovements, type StripeApi, stripeApi } from './stripe';

/** What a balance movement is, for the books: by its type and, for an adjustment, its reporting category. */
function kindOf(movement: BalanceMovement): SettlementLineKind {
  switch (movement.type) {
    case 'charge':
    case 'payment':
      return 'charge';
    case 'refund':
    case 'payment_refund':
      return 'refund';
    case 'stripe_fee':
    case 'tax_fee':
      return 'fee';
    default:
      if (movement.reportingCategory === 'dispute') return 'dispute';
      if (movement.reportingCategory === 'dispute_reversal') return 'dispute_reversal';
      return 'other';
  }
}

const dayOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * A paid-out Stripe payout as a settlement for the books: each of its balance movements (sales, refunds, disputes,
 * fees) with the order its payment belongs to. Null for a payout in another currency than euro (the shop sells in
 * euro; an account that converts to kronor before paying out is not booked from here).
 */
export async function payoutSettlement(
  deps: { db: Db; log: Log },
  api: StripeApi,
  siteId: number,
  payout: Payout,
): Promise<SettlementFacts | null> {
  if (payout.currency !== 'eur' || payout.status !== 'paid') {
    deps.log.warn({ payout: payout.id, currency: payout.currency, status: payout.status }, 'A payout is not booked');
    return null;
  }
  const movements = await payoutMovements(api, deps.log, payout.id, SETTLEMENT_MAX_LINES);
  const intents = [...new Set(movements.flatMap((m) => m.paymentIntentId ?? []))];
  const orderOf = new Map<string, number>();
  for (let start = 0; start < intents.length; start += 500) {
    const rows = await deps.db
      .selectFrom('orders')
      .select(['id', 'stripe_payment_intent_id'])
      .where('site_id', '=', siteId)
      .where('stripe_payment_intent_id', 'in', intents.slice(start, start + 500))
      .execute();
    for (const row of rows) if (row.stripe_payment_intent_id) orderOf.set(row.stripe_payment_intent_id, row.id);
  }
  return {
    provider: 'stripe',
    reference: payout.id,
    date: dayOfSeconds(payout.arrival),
    amountCents: payout.amountCents,
    lines: movements.map((movement) => {
      const kind = kindOf(movement);
      return {
        kind,
        reference: movement.id,
        date: dayOfSeconds(movement.created),
        // A fee of its own is all fee.
        amountCents: kind === 'fee' ? 0 : movement.amountCents,
        feeCents: kind === 'fee' ? movement.feeCents - movement.amountCents : movement.feeCents,
        orderId: movement.paymentIntentId ? (orderOf.get(movement.paymentIntentId) ?? null) : null,
        invoiceNumber: null,
        text: (movement.description ?? movement.type).slice(0, 200),
      };
    }),
  };
}

/** How many recent payouts an import looks at. */
const IMPORT_PAYOUTS = 20;

/**
 * Books a site's recent paid-out payouts that the books do not hold yet (a webhook missed, or a shop opened before
 * its payouts were booked). Answers how many were new.
 */
export async function importPayouts(
  db: Db,
  deps: { config: Config; log: Log },
  site: SiteRow,
): Promise<{ imported: number; skipped: number }> {
  const { keys } = await shopSettings(db, deps.config, site);
  if (!keys) throw new AppError('SHOP_CLOSED', 'The shop has no payment keys to read payouts with');
  const api = stripeApi(deps.config, keys.secretKey);
  const payouts = await paidPayouts(api, deps.log, IMPORT_PAYOUTS);
  const known = await settledReferences(
    db,
    site.id,
    'stripe',
    payouts.map((payout) => payout.id),
  );
  let imported = 0;
  let skipped = 0;
  for (const payout of payouts) {
    if (known.has(payout.id)) continue;
    const settlement = await payoutSettlement({ db, log: deps.log }, api, site.id, payout);
    if (!settlement) {
      skipped += 1;
      continue;
    }
    await inTransaction(db, (trx) => book(trx, { kind: 'settlement', siteId: site.id, settlement }));
    imported += 1;
  }
  return { imported, skipped };
}
