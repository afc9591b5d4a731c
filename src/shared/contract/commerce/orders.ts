import { z } from 'zod';
import {
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_LIMITS,
  discountKinds,
  orderPayments,
  orderStatuses,
} from '../../domain/commerce/orders';
import { productKinds } from '../../domain/commerce/products';
import { call, endpoint, id, isoDate, LanguageChoice, moment, noneOr, ok } from '../define';

const DiscountCodeText = z.string().trim().max(DISCOUNT_LIMITS.code);

/** An order as its buyer sees it. */
export const Order = z.object({
  Id: z.number(),
  Status: z.enum(orderStatuses),
  ProductId: z.number(),
  ProductSlug: z.string(),
  ProductKind: z.enum(productKinds),
  /** The product's name when it was bought. */
  ProductName: z.string(),
  /** Euro cents, VAT included: the list price, the discount and what was paid. */
  ListPriceCents: z.number(),
  DiscountCents: z.number(),
  AmountCents: z.number(),
  RefundedCents: z.number(),
  Currency: z.literal('EUR'),
  CreatedAt: isoDate,
  PaidAt: isoDate.nullable(),
  RefundedAt: isoDate.nullable(),
});
export type Order = z.infer<typeof Order>;

/** An order as staff see it among the site's sales: its buyer, how it was paid, and the country evidence. */
export const SaleOrder = Order.extend({
  Payment: z.enum(orderPayments),
  /** 0 once the buyer's account is gone. */
  UserId: z.number(),
  BuyerName: z.string(),
  BuyerEmail: z.string(),
  BillingCountry: z.string().nullable(),
  CardCountry: z.string().nullable(),
  IpAddress: z.string(),
  KeptAccess: z.boolean(),
});
export type SaleOrder = z.infer<typeof SaleOrder>;

export const orders = endpoint('orders.php', {
  /**
   * What a product costs the caller with a discount code: the list price, the discount and the amount due, all in
   * euro cents with VAT. Refusals: NOT_FOUND (not on sale here), DISCOUNT_INVALID (with `reason`: unknown,
   * inactive, notYet, expired, usedUp, otherProduct), TOO_MANY_REQUESTS (with `retry_after`: too many refused codes
   * from the buyer or her address in 15 minutes).
   */
  check_discount: call({
    access: 'user',
    data: z.object({ ProductId: id, DiscountCode: DiscountCodeText.min(1) }),
    answer: z.object({ status: ok, ListPriceCents: z.number(), DiscountCents: z.number(), AmountCents: z.number() }),
  }),
  /**
   * Starts buying a product: an order, and the address of Stripe Checkout's payment page for it (`Url`), where the
   * client sends the buyer; back from it at /product/:slug?order=<OrderId>. With nothing to pay (a full discount)
   * the order is fulfilled at once and `Url` is null. Refusals: NOT_FOUND, INVALID_STATE (sold in the webshop),
   * ALREADY_OWNED, SHOP_CLOSED (no payment keys), DISCOUNT_INVALID, TOO_MANY_REQUESTS, PAYMENT_PROVIDER. With
   * `PayByInvoice` the buyer's company is invoiced instead (`get_checkout_options` says whether it can be): the order
   * is fulfilled at once and `Url` is null; INVALID_STATE when her company does not buy on invoice.
   */
  start_checkout: call({
    access: 'user',
    data: z.object({
      ProductId: id,
      DiscountCode: DiscountCodeText.optional().transform((code) => code || null),
      Language: LanguageChoice.optional(),
      PayByInvoice: z.boolean().optional().default(false),
    }),
    answer: z.object({ status: ok, OrderId: z.number(), Url: z.string().nullable() }),
  }),
  /**
   * How the caller may pay besides by card: `InvoiceCompany` names her company when the school invoices it (a customer
   * of the books linked to her company), else null.
   */
  get_checkout_options: call({
    access: 'user',
    reads: true,
    data: z.object({}),
    answer: z.object({ status: ok, InvoiceCompany: z.string().nullable() }),
  }),
  /** One of the caller's own orders (the page back from payment asks until it is paid); another's is NOT_FOUND. */
  get_order: call({
    access: 'user',
    reads: true,
    data: z.object({ OrderId: id }),
    answer: z.object({ status: ok, Order }),
  }),
  /** The caller's paid and refunded orders, newest first (My profile). */
  get_my_orders: call({
    access: 'user',
    reads: true,
    data: z.object({}),
    answer: z.object({
      status: ok,
      Orders: z.array(Order),
      CoachingCredits: z.number(),
      /** The files of the sample packs she has bought (paid, not refunded), as signed links valid for hours. */
      Downloads: z.array(
        z.object({
          ProductId: z.number(),
          ProductName: z.string(),
          Files: z.array(z.object({ Name: z.string(), Bytes: z.number(), Url: z.string() })),
        }),
      ),
    }),
  }),
  /**
   * The site's orders, of one product (ProductId) or all (0), newest first, 100 at a time (`BeforeId`: the last
   * one's id for the next page); with the product's sales (paid orders and their sum) when one is asked.
   */
  get_orders: call({
    access: 'staff',
    reads: true,
    data: z.object({ ProductId: noneOr(id), BeforeId: noneOr(id) }),
    answer: z.object({
      status: ok,
      Orders: z.array(SaleOrder),
      More: z.boolean(),
      Sales: z.object({ Count: z.number(), AmountCents: z.number() }).nullable(),
    }),
  }),
  /**
   * Refunds a paid order in full (at Stripe for a card payment) and takes back what it gave, unless `KeepAccess`.
   * Refusals: NOT_FOUND, INVALID_STATE (not paid), SHOP_CLOSED, PAYMENT_PROVIDER.
   */
  refund_order: call({
    access: 'admin',
    data: z.object({ OrderId: id, KeepAccess: z.boolean().default(false) }),
    answer: z.object({ status: ok, Order: SaleOrder }),
  }),
  /**
   * Reads the site's recent paid-out Stripe payouts (the last 20) and hands the books those it does not hold yet, as a
   * payout's webhook (`payout.paid`) does. `Skipped`: payouts not in euro, which are not booked from here. Refusals:
   * SHOP_CLOSED (no payment keys), PAYMENT_PROVIDER.
   */
  import_payouts: call({
    access: 'admin',
    data: z.object({}),
    answer: z.object({ status: ok, Imported: z.number(), Skipped: z.number() }),
  }),
});

/** A discount code as staff see and edit it. */
export const DiscountCode = z.object({
  Id: z.number(),
  Code: z.string(),
  Kind: z.enum(discountKinds),
  /** 1–100 for a percentage; euro cents for an amount. */
  Amount: z.number(),
  /** Only for this product; 0: any. */
  ProductId: z.number(),
  ValidFrom: isoDate.nullable(),
  ValidTo: isoDate.nullable(),
  /** null: without limit. */
  MaxUses: z.number().nullable(),
  Uses: z.number(),
  Active: z.boolean(),
});
export type DiscountCode = z.infer<typeof DiscountCode>;

export const EditableDiscountCode = z
  .object({
    Id: noneOr(id),
    Code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(DISCOUNT_CODE_PATTERN, { error: 'Letters, digits and dashes, 3 to 32' }),
    Kind: z.enum(discountKinds),
    Amount: z.number().int().min(1).max(DISCOUNT_LIMITS.amountCents),
    ProductId: noneOr(id),
    ValidFrom: moment,
    ValidTo: moment,
    MaxUses: noneOr(z.number().int().min(1).max(DISCOUNT_LIMITS.maxUses), 'a number of uses'),
    Active: z.boolean().default(true),
  })
  .superRefine((code, ctx) => {
    if (code.Kind === 'percent' && code.Amount > 100) {
      ctx.addIssue({ code: 'custom', path: ['Amount'], message: 'A percentage is at most 100' });
    }
    if (code.ValidFrom && code.ValidTo && Date.parse(code.ValidTo) <= Date.parse(code.ValidFrom)) {
      ctx.addIssue({ code: 'custom', path: ['ValidTo'], message: 'Valid to comes after valid from' });
    }
  });

export const shop = endpoint('shop.php', {
  /**
   * The shop's settings (administrators): the external webshop's address, and whether Stripe's keys are set (never
   * the keys themselves) and where from (`site`, or `environment` for the main site), with the webhook's address.
   */
  get_shop_settings: call({
    access: 'admin',
    reads: true,
    data: z.object({}),
    answer: z.object({
      status: ok,
      WebshopUrl: z.string().nullable(),
      Payments: z.enum(['site', 'environment', 'none']),
      WebhookUrl: z.string(),
    }),
  }),
  /**
   * Changes the shop's settings. Stripe's keys are written only when `StripeSecretKey` and `StripeWebhookSecret`
   * are both given; `RemoveStripeKeys` removes the site's own.
   */
  save_shop_settings: call({
    access: 'admin',
    data: z
      .object({
        WebshopUrl: z
          .url({ protocol: /^https?$/ })
          .max(500)
          .nullable()
          .default(null),
        StripeSecretKey: z
          .string()
          .trim()
          .regex(/^(sk|rk)_[A-Za-z0-9_]{8,250}$/, { error: 'A Stripe secret key (sk_… or rk_…)' })
          .optional(),
        StripeWebhookSecret: z
          .string()
          .trim()
          .regex(/^whsec_[A-Za-z0-9_]{8,250}$/, { error: 'A Stripe webhook secret (whsec_…)' })
          .optional(),
        RemoveStripeKeys: z.boolean().default(false),
      })
      .refine((data) => (data.StripeSecretKey === undefined) === (data.StripeWebhookSecret === undefined), {
        error: 'The secret key and the webhook secret go together',
        path: ['StripeWebhookSecret'],
      }),
    answer: z.object({ status: ok }),
  }),
  /** The shop's discount codes (administrators), newest first. */
  get_discount_codes: call({
    access: 'admin',
    reads: true,
    data: z.object({}),
    answer: z.object({ status: ok, Codes: z.array(DiscountCode) }),
  }),
  /** Creates (Id 0) or changes a discount code; its code is unique in the site (NAME_TAKEN). */
  save_discount_code: call({
    access: 'admin',
    data: z.object({ Code: EditableDiscountCode }),
    answer: z.object({ status: ok, Id: z.number() }),
  }),
});
