import { BOOKING_DEFAULTS } from '../../../../shared/domain/commerce/booking/rules';
import type { Config } from '../../../platform/config';
import { type Db, now } from '../../../platform/db';
import { MAIN_SITE } from '../../../platform/sites';
import { forgetCatalogue } from './catalogueCache';

/** A Stripe account's keys: the secret key the server calls the API with, and the secret its webhooks are signed with. */
export interface PaymentKeys {
  secretKey: string;
  webhookSecret: string;
  /** Where they come from: the site's own settings, or the environment (the main site only). */
  source: 'site' | 'environment';
}

export interface ShopSettings {
  webshopUrl: string | null;
  keys: PaymentKeys | null;
}

const settingsRow = (db: Db, siteId: number) =>
  db.selectFrom('shop_settings').selectAll().where('site_id', '=', siteId).executeTakeFirst();

/**
 * A site's shop settings. A site's payments go to its own Stripe account, whose keys its administrator sets; the
 * environment's keys (STRIPE_SECRET_KEY) are the main site's, never another school's.
 */
export async function shopSettings(db: Db, config: Config, site: { id: number; name: string }): Promise<ShopSettings> {
  const row = await settingsRow(db, site.id);
  const own =
    row?.stripe_secret_key && row.stripe_webhook_secret
      ? { secretKey: row.stripe_secret_key, webhookSecret: row.stripe_webhook_secret, source: 'site' as const }
      : null;
  const environment =
    site.name === MAIN_SITE && config.stripe.secretKey && config.stripe.webhookSecret
      ? {
          secretKey: config.stripe.secretKey,
          webhookSecret: config.stripe.webhookSecret,
          source: 'environment' as const,
        }
      : null;
  return { webshopUrl: row?.webshop_url ?? null, keys: own ?? environment };
}

/**
 * Changes a site's shop settings. The keys are written only when given (they are never read back to the browser):
 * `undefined` keeps them, `null` removes them.
 */
export async function saveShopSettings(
  db: Db,
  opts: {
    siteId: number;
    webshopUrl: string | null;
    keys: { secretKey: string; webhookSecret: string } | null | undefined;
  },
): Promise<void> {
  const at = now();
  const keys =
    opts.keys === undefined
      ? {}
      : { stripe_secret_key: opts.keys?.secretKey ?? null, stripe_webhook_secret: opts.keys?.webhookSecret ?? null };
  await db
    .insertInto('shop_settings')
    .values({
      site_id: opts.siteId,
      webshop_url: opts.webshopUrl,
      stripe_secret_key: null,
      stripe_webhook_secret: null,
      ...keys,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('site_id').doUpdateSet({ webshop_url: opts.webshopUrl, ...keys, updated_at: at }))
    .execute();
  // Whether the shop is open is part of a product's kept page.
  forgetCatalogue(db, opts.siteId);
}

/** A site's rules for coaching bookings (docs/decisions.md, "Coaching bookings"). */
export interface BookingSettings {
  /** Learners cancel or move a booking until this many hours before it starts. */
  cancelHours: number;
  /** How many weeks ahead slots are shown and booked. */
  weeks: number;
}

export async function bookingSettings(db: Db, siteId: number): Promise<BookingSettings> {
  const row = await db
    .selectFrom('shop_settings')
    .select(['booking_cancel_hours', 'booking_weeks'])
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return {
    cancelHours: row?.booking_cancel_hours ?? BOOKING_DEFAULTS.cancelHours,
    weeks: row?.booking_weeks ?? BOOKING_DEFAULTS.weeks,
  };
}

export async function saveBookingSettings(db: Db, opts: { siteId: number; settings: BookingSettings }) {
  const at = now();
  const values = { booking_cancel_hours: opts.settings.cancelHours, booking_weeks: opts.settings.weeks };
  await db
    .insertInto('shop_settings')
    .values({
      site_id: opts.siteId,
      webshop_url: null,
      stripe_secret_key: null,
      stripe_webhook_secret: null,
      ...values,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('site_id').doUpdateSet({ ...values, updated_at: at }))
    .execute();
}
