import {
  CHECKOUT_LIMIT,
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_GUESSES_PER_SOURCE,
  DISCOUNT_GUESSES_PER_USER,
  type DiscountKind,
  type DiscountRefusal,
  discountCents,
  discountRefusal,
  discountRefusalText,
  normalizeDiscountCode,
} from '../../../../shared/domain/commerce/orders';
import type { Config } from '../../../platform/config';
import { type Db, inTransaction, now } from '../../../platform/db';
import type { SessionUser, SiteRow } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import type { Log } from '../../../platform/handlers';
import { guessing, requireWindow, sourceOf } from '../../../platform/limits';
import type { Mailer } from '../../../platform/mail/outbox';
import { companyCustomerOf } from '../../accounting';
import { productName } from '../presenters/products';
import { cancelOrder, fulfilOrder } from './fulfilment';
import { courseIdsOf, holdsEvery, type ProductRow } from './products';
import { shopSettings } from './settings';
import { createCheckoutSession, stripeApi } from './stripe';

export interface CheckoutDeps {
  config: Config;
  mailer: Mailer;
  log: Log;
}

const refuseDiscount = (reason: DiscountRefusal) =>
  new AppError('DISCOUNT_INVALID', discountRefusalText[reason], {
    reason,
    fields: [{ field: 'data.DiscountCode', message: discountRefusalText[reason] }],
  });

/** A product the shop sells here: published, not archived, not sold in the external webshop. */
async function productOnSale(db: Db, siteId: number, productId: number): Promise<ProductRow> {
  const row = (await db
    .selectFrom('products')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', productId)
    .where('published', '=', 1)
    .where('archived_at', 'is', null)
    .executeTakeFirst()) as ProductRow | undefined;
  if (!row) throw new AppError('NOT_FOUND', 'No such product');
  if (row.external_url) throw new AppError('INVALID_STATE', 'This product is sold in the webshop');
  return row;
}

interface FoundDiscount {
  id: number;
  kind: DiscountKind;
  amount: number;
}

/** A discount code that applies to a product now, or DISCOUNT_INVALID with the reason. */
async function applicableDiscount(db: Db, siteId: number, productId: number, typed: string): Promise<FoundDiscount> {
  const code = normalizeDiscountCode(typed);
  const row = DISCOUNT_CODE_PATTERN.test(code)
    ? await db
        .selectFrom('discount_codes')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('code', '=', code)
        .executeTakeFirst()
    : undefined;
  if (!row) throw refuseDiscount('unknown');
  const refusal = discountRefusal(
    {
      active: row.active === 1,
      validFrom: row.valid_from,
      validTo: row.valid_to,
      maxUses: row.max_uses,
      uses: row.uses,
      productId: row.product_id,
    },
    productId,
    now(),
  );
  if (refusal) throw refuseDiscount(refusal);
  return { id: row.id, kind: row.kind as DiscountKind, amount: row.amount };
}

/** Who asks for a price: a code she tries counts against her and her address's windows of wrong codes. */
export interface Buyer {
  userId: number;
  ip: string;
}

/**
 * A discount code tried by a buyer: a refused code counts as a wrong guess, against the buyer and her source, and a
 * full window refuses every try (TOO_MANY_REQUESTS) until it passes.
 */
function triedDiscount(db: Db, opts: { siteId: number; productId: number; code: string; buyer: Buyer }) {
  const { siteId, buyer } = opts;
  const windows = [
    { siteId, bucket: 'discount_guesses', subject: `user:${buyer.userId}`, ...DISCOUNT_GUESSES_PER_USER },
    { siteId, bucket: 'discount_guesses', subject: `source:${sourceOf(buyer.ip)}`, ...DISCOUNT_GUESSES_PER_SOURCE },
  ];
  const isWrong = (error: unknown) => error instanceof AppError && error.code === 'DISCOUNT_INVALID';
  return guessing(db, { windows, isWrong, message: 'Too many wrong discount codes' }, () =>
    applicableDiscount(db, siteId, opts.productId, opts.code),
  );
}

/** What a product costs the buyer with a discount code (or none): the list price, the discount, the amount due. */
export async function quote(
  db: Db,
  opts: { siteId: number; productId: number; discountCode: string | null; buyer: Buyer },
) {
  const product = await productOnSale(db, opts.siteId, opts.productId);
  const code = opts.discountCode;
  const discount = code ? await triedDiscount(db, { ...opts, productId: product.id, code }) : null;
  const off = discount ? discountCents(product.price_cents, discount) : 0;
  return {
    product,
    discount,
    listCents: product.price_cents,
    discountCents: off,
    amountCents: product.price_cents - off,
  };
}

/**
 * Starts buying a product: an order at the quoted price, and Stripe Checkout's payment page for it (its address is
 * answered; the order is fulfilled when Stripe's webhook says it is paid). A discount code's use is held by the
 * order from here (given back if the page expires unpaid), so a code with N uses never sells N + 1. Nothing to
 * pay (a full discount), the order is fulfilled at once and no address is answered. Refused: a product not on
 * sale here, one whose courses the buyer holds already, a shop without payment keys, more than CHECKOUT_LIMIT
 * checkouts an hour.
 */
export async function startCheckout(
  db: Db,
  deps: CheckoutDeps,
  opts: {
    site: SiteRow;
    user: SessionUser;
    ip: string;
    language: string;
    productId: number;
    discountCode: string | null;
    /** Invoice the buyer's company instead of paying by card. */
    payByInvoice: boolean;
  },
): Promise<{ orderId: number; url: string | null }> {
  const siteId = opts.site.id;
  const invoiceTo = opts.payByInvoice ? await companyCustomerOf(db, siteId, opts.user.company_id) : null;
  if (opts.payByInvoice && !invoiceTo) {
    throw new AppError('INVALID_STATE', 'Your company does not buy on invoice here');
  }
  const priced = await quote(db, {
    siteId,
    productId: opts.productId,
    discountCode: opts.discountCode,
    buyer: { userId: opts.user.id, ip: opts.ip },
  });
  const { product } = priced;
  const courseIds = await courseIdsOf(db, siteId, product.id);
  if (await holdsEvery(db, { siteId, userId: opts.user.id, courseIds })) {
    throw new AppError('ALREADY_OWNED', 'You already have every course of this product');
  }
  const byCard = priced.amountCents > 0 && !invoiceTo;
  const keys = byCard ? (await shopSettings(db, deps.config, opts.site)).keys : null;
  if (byCard && !keys) throw new AppError('SHOP_CLOSED', 'The shop takes no payments yet');
  await requireWindow(db, {
    siteId,
    bucket: 'checkout',
    subject: String(opts.user.id),
    ...CHECKOUT_LIMIT,
    message: 'Too many purchases started',
  });

  const name = productName(product, opts.language);
  const at = now();
  const orderId = await inTransaction(db, async (trx) => {
    if (priced.discount) {
      const held = await trx
        .updateTable('discount_codes')
        .set((eb) => ({ uses: eb('uses', '+', 1), updated_at: at }))
        .where('id', '=', priced.discount.id)
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) === 0) throw refuseDiscount('usedUp');
    }
    const order = await trx
      .insertInto('orders')
      .values({
        site_id: siteId,
        user_id: opts.user.id,
        product_id: product.id,
        product_name: name,
        status: 'pending',
        payment: priced.amountCents === 0 ? 'free' : invoiceTo ? 'invoice' : 'card',
        list_price_cents: priced.listCents,
        discount_code_id: priced.discount?.id ?? null,
        discount_cents: priced.discountCents,
        amount_cents: priced.amountCents,
        currency: 'EUR',
        tax_category: product.tax_category,
        access_months: product.access_months,
        coaching_sessions: product.coaching_sessions,
        language: opts.language,
        stripe_session_id: null,
        stripe_payment_intent_id: null,
        billing_country: null,
        card_country: null,
        ip_address: opts.ip,
        granted: null,
        paid_at: null,
        refunded_at: null,
        cancelled_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (priced.amountCents === 0 || invoiceTo) {
      // Nothing to pay, or the company's invoice: fulfilled at once (the books follow the invoice's payment).
      const evidence = { paymentIntentId: null, billingCountry: invoiceTo?.country ?? null, cardCountry: null };
      await fulfilOrder(trx, deps, {
        siteId,
        orderId: order.id,
        evidence,
        ...(invoiceTo && priced.amountCents > 0 ? { invoiceTo: invoiceTo.id } : {}),
      });
    }
    return order.id;
  });
  if (!keys) return { orderId, url: null };

  const back = `${deps.config.publicUrl}/product/${product.slug}`;
  let session: Awaited<ReturnType<typeof createCheckoutSession>>;
  try {
    session = await createCheckoutSession(stripeApi(deps.config, keys.secretKey), deps.log, {
      siteId,
      orderId,
      productName: name,
      amountCents: priced.amountCents,
      email: opts.user.email,
      language: opts.language,
      successUrl: `${back}?order=${orderId}`,
      cancelUrl: `${back}?cancelled=${orderId}`,
    });
  } catch (error) {
    await inTransaction(db, (trx) => cancelOrder(trx, { siteId, orderId }));
    throw error;
  }
  if (!session.url) throw new AppError('PAYMENT_PROVIDER', 'The payment service answered no payment page');
  await db
    .updateTable('orders')
    .set({ stripe_session_id: session.id, updated_at: now() })
    .where('id', '=', orderId)
    .execute();
  return { orderId, url: session.url };
}

/** How a buyer may pay besides by card: her company on invoice, when the books invoice it. */
export async function checkoutOptions(db: Db, opts: { siteId: number; user: Pick<SessionUser, 'company_id'> }) {
  const company = await companyCustomerOf(db, opts.siteId, opts.user.company_id);
  return { invoiceCompany: company?.name ?? null };
}
