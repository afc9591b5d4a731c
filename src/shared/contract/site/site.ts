import { z } from 'zod';
import { planIds } from '../../domain/site/plans';
import { call, endpoint, ok } from '../define';

const limit = z.number().int().nullable();

export const site = endpoint('site.php', {
  /** Public facts about the education site named by the `site` header; read by the maintenance page too. */
  get_site: call({
    access: 'public',
    reads: true,
    openInMaintenance: true,
    data: z.object({}),
    answer: z.object({
      status: ok,
      data: z.object({
        Name: z.string(),
        Title: z.string(),
        Plan: z.enum(planIds),
        /** When the site's free trial ends (ISO 8601); null: the site is not on a trial. */
        TrialEndsAt: z.string().nullable(),
        RegistrationEnabled: z.boolean(),
        /** Maintenance mode (spec §9, off by default): only administrators use the site while it is on. */
        Maintenance: z.boolean(),
      }),
    }),
  }),
  /**
   * The site's plan and trial, and what it uses of each of the plan's limits (spec §1); a limit of null is none.
   * Courses count those not archived; storage is in bytes, its limit in MB.
   */
  get_plan_usage: call({
    access: 'staff',
    data: z.object({}),
    answer: z.object({
      status: ok,
      data: z.object({
        Plan: z.enum(planIds),
        TrialEndsAt: z.string().nullable(),
        TrialEnded: z.boolean(),
        Limits: z.object({ Users: limit, Courses: limit, Companies: limit, StorageMb: limit }),
        Usage: z.object({
          Users: z.number().int(),
          Courses: z.number().int(),
          Companies: z.number().int(),
          StorageBytes: z.number().int(),
        }),
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
