import { z } from 'zod';
import { call, endpoint, ok } from '../define';

export const plans = ['demo', 'starter', 'professional', 'enterprise'] as const;

export const site = endpoint('site.php', {
  /** Public facts about the education site named by the `site` header; read by the maintenance page too. */
  get_site: call({
    access: 'public',
    openInMaintenance: true,
    data: z.object({}),
    answer: z.object({
      status: ok,
      data: z.object({
        Name: z.string(),
        Title: z.string(),
        Plan: z.enum(plans),
        RegistrationEnabled: z.boolean(),
        /** Maintenance mode (spec §9, off by default): only administrators use the site while it is on. */
        Maintenance: z.boolean(),
      }),
    }),
  }),
  /** Switches the site's maintenance mode on or off (administrators only). */
  set_maintenance: call({
    access: 'admin',
    data: z.object({ Maintenance: z.boolean() }),
    answer: z.object({ status: ok, data: z.object({ Maintenance: z.boolean() }) }),
  }),
});
