import type { FastifyInstance } from 'fastify';
import { orders, shop } from '../../../../shared/contract/commerce/orders';
import { sendError } from '../../../platform/dispatcher';
import { AppError } from '../../../platform/errors';
import { type CallContext, handlers, signedInUser } from '../../../platform/handlers';
import { findSite, MAIN_SITE, siteNameOfHost } from '../../../platform/sites';
import { presentDiscountCode, presentOrder, presentSaleOrder } from '../presenters/orders';
import { checkoutOptions, quote, startCheckout } from '../services/checkout';
import { discountCodesOf, saveDiscountCode } from '../services/discounts';
import { creditBalance } from '../services/fulfilment';
import { ORDER_PAGE, ordersOfBuyer, ownOrder, refundByAdministrator, salesOf, siteOrders } from '../services/orders';
import { importPayouts } from '../services/payouts';
import { downloadsOf } from '../services/productMedia';
import { saveShopSettings, shopSettings } from '../services/settings';
import { receiveStripeEvent } from '../services/webhook';

/** The path Stripe delivers a site's events to (`?site=<name>` for a site without its own host). */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe';

/** `orders.php`: buying (a discount's price, checkout, the order back from payment), the buyer's and staff's orders. */
export const ordersHandlers = handlers(orders, {
  async check_discount(ctx, data) {
    const priced = await quote(ctx.db, {
      siteId: ctx.site.id,
      productId: data.ProductId,
      discountCode: data.DiscountCode,
      buyer: { userId: signedInUser(ctx).id, ip: ctx.ip },
    });
    return {
      status: 'OK',
      ListPriceCents: priced.listCents,
      DiscountCents: priced.discountCents,
      AmountCents: priced.amountCents,
    };
  },
  async start_checkout(ctx, data) {
    const started = await startCheckout(ctx.db, ctx, {
      site: ctx.site,
      user: signedInUser(ctx),
      ip: ctx.ip,
      language: data.Language ?? ctx.locale,
      productId: data.ProductId,
      discountCode: data.DiscountCode,
      payByInvoice: data.PayByInvoice,
    });
    return { status: 'OK', OrderId: started.orderId, Url: started.url };
  },
  async get_checkout_options(ctx) {
    const options = await checkoutOptions(ctx.db, { siteId: ctx.site.id, user: signedInUser(ctx) });
    return { status: 'OK', InvoiceCompany: options.invoiceCompany };
  },
  async get_order(ctx, data) {
    const row = await ownOrder(ctx.db, { siteId: ctx.site.id, userId: signedInUser(ctx).id, orderId: data.OrderId });
    return { status: 'OK', Order: presentOrder(row) };
  },
  async get_my_orders(ctx) {
    const userId = signedInUser(ctx).id;
    const [rows, credits, downloads] = await Promise.all([
      ordersOfBuyer(ctx.db, { siteId: ctx.site.id, userId }),
      creditBalance(ctx.db, ctx.site.id, userId),
      downloadsOf(ctx.db, { siteId: ctx.site.id, userId }),
    ]);
    return { status: 'OK', Orders: rows.map(presentOrder), CoachingCredits: credits, Downloads: downloads };
  },
  async get_orders(ctx, data) {
    const rows = await siteOrders(ctx.db, { siteId: ctx.site.id, productId: data.ProductId, beforeId: data.BeforeId });
    const sales = data.ProductId ? await salesOf(ctx.db, { siteId: ctx.site.id, productId: data.ProductId }) : null;
    return {
      status: 'OK',
      Orders: rows.slice(0, ORDER_PAGE).map(presentSaleOrder),
      More: rows.length > ORDER_PAGE,
      Sales: sales && { Count: sales.count, AmountCents: sales.cents },
    };
  },
  async refund_order(ctx, data) {
    await refundByAdministrator(ctx.db, ctx, { site: ctx.site, orderId: data.OrderId, keepAccess: data.KeepAccess });
    const [row] = await siteOrders(ctx.db, { siteId: ctx.site.id, orderId: data.OrderId });
    if (!row) throw new AppError('NOT_FOUND', 'No such order');
    return { status: 'OK', Order: presentSaleOrder(row) };
  },
  async import_payouts(ctx) {
    const outcome = await importPayouts(ctx.db, ctx, ctx.site);
    return { status: 'OK', Imported: outcome.imported, Skipped: outcome.skipped };
  },
});

/** `shop.php`: the shop's settings and its discount codes (administrators). */
export const shopHandlers = handlers(shop, {
  async get_shop_settings(ctx) {
    const settings = await shopSettings(ctx.db, ctx.config, ctx.site);
    const query = ctx.site.name === MAIN_SITE ? '' : `?site=${encodeURIComponent(ctx.site.name)}`;
    return {
      status: 'OK',
      WebshopUrl: settings.webshopUrl,
      Payments: settings.keys?.source ?? 'none',
      WebhookUrl: `${ctx.config.publicUrl}${STRIPE_WEBHOOK_PATH}${query}`,
    };
  },
  async save_shop_settings(ctx, data) {
    const keys =
      data.StripeSecretKey && data.StripeWebhookSecret
        ? { secretKey: data.StripeSecretKey, webhookSecret: data.StripeWebhookSecret }
        : data.RemoveStripeKeys
          ? null
          : undefined;
    await saveShopSettings(ctx.db, { siteId: ctx.site.id, webshopUrl: data.WebshopUrl, keys });
    return { status: 'OK' };
  },
  async get_discount_codes(ctx) {
    const rows = await discountCodesOf(ctx.db, ctx.site.id);
    return { status: 'OK', Codes: rows.map(presentDiscountCode) };
  },
  async save_discount_code(ctx, data) {
    const code = data.Code;
    const id = await saveDiscountCode(ctx.db, {
      siteId: ctx.site.id,
      code: {
        id: code.Id,
        code: code.Code,
        kind: code.Kind,
        amount: code.Amount,
        productId: code.ProductId,
        validFrom: code.ValidFrom ?? null,
        validTo: code.ValidTo ?? null,
        maxUses: code.MaxUses,
        active: code.Active,
      },
    });
    return { status: 'OK', Id: id };
  },
});

/** Stripe's events are small (a few KiB); a larger body is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * `POST /api/payments/stripe`: Stripe's webhook. The body is kept raw (its signature is over the exact bytes); the
 * site is the one `?site=` names, else the one of the Host, else the main site. Answers 200 once the event is
 * handled (or was before), 400 to a forged or stale signature, 404 to a site without payment keys, and 500 to a
 * failure, which Stripe delivers again.
 */
export function registerPaymentRoutes(app: FastifyInstance, deps: Pick<CallContext, 'db' | 'config' | 'mailer'>) {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
      try {
        const named = (request.query as { site?: unknown }).site;
        const siteName =
          typeof named === 'string' ? named : ((await siteNameOfHost(deps.db, request.hostname)) ?? MAIN_SITE);
        const site = await findSite(deps.db, siteName.slice(0, 100));
        if (!site) throw new AppError('UNKNOWN_SITE', 'Unknown site');
        if (!Buffer.isBuffer(request.body)) throw new AppError('INVALID_REQUEST', 'The event is missing');
        const signature = request.headers['stripe-signature'];
        const outcome = await receiveStripeEvent(
          { ...deps, log: request.log },
          { site, body: request.body, signature: typeof signature === 'string' ? signature : undefined },
        );
        return reply.send({ received: true, duplicate: outcome === 'duplicate' });
      } catch (error) {
        if (error instanceof AppError) return sendError(reply, error);
        throw error;
      }
    });
  });
}
