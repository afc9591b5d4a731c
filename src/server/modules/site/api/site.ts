import { site } from '../../../../shared/contract/site/site';
import { handlers, signedInUser } from '../../../platform/handlers';
import { planOf, planUsage } from '../../../platform/plans';
import { setMaintenance } from '../services/settings';

export const siteHandlers = handlers(site, {
  async get_site(ctx) {
    return {
      status: 'OK',
      data: {
        Name: ctx.site.name,
        Title: ctx.site.title,
        Plan: planOf(ctx.site.plan),
        TrialEndsAt: ctx.site.trial_ends_at,
        RegistrationEnabled: ctx.config.registrationEnabled && ctx.site.registration_enabled === 1,
        Maintenance: ctx.site.maintenance === 1,
      },
    };
  },
  async get_plan_usage(ctx) {
    const { plan, trialEndsAt, trialEnded, limits, usage } = await planUsage(ctx.db, ctx.site.id);
    return {
      status: 'OK',
      data: {
        Plan: plan,
        TrialEndsAt: trialEndsAt,
        TrialEnded: trialEnded,
        Limits: {
          Users: limits.users,
          Courses: limits.courses,
          Companies: limits.companies,
          StorageMb: limits.storageMb,
        },
        Usage: {
          Users: usage.users,
          Courses: usage.courses,
          Companies: usage.companies,
          StorageBytes: usage.storageBytes,
        },
      },
    };
  },
  async set_maintenance(ctx, data) {
    const byUserId = signedInUser(ctx).id;
    const on = await setMaintenance(ctx.db, { site: ctx.site, on: data.Maintenance, byUserId, log: ctx.log });
    return { status: 'OK', data: { Maintenance: on } };
  },
});
