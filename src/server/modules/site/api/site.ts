import { plans, site } from '../../../../shared/contract/site/site';
import { handlers, signedInUser } from '../../../platform/handlers';
import { setMaintenance } from '../services/settings';

type Plan = (typeof plans)[number];
const asPlan = (plan: string): Plan => ((plans as readonly string[]).includes(plan) ? (plan as Plan) : 'demo');

export const siteHandlers = handlers(site, {
  async get_site(ctx) {
    return {
      status: 'OK',
      data: {
        Name: ctx.site.name,
        Title: ctx.site.title,
        Plan: asPlan(ctx.site.plan),
        RegistrationEnabled: ctx.config.registrationEnabled && ctx.site.registration_enabled === 1,
        Maintenance: ctx.site.maintenance === 1,
      },
    };
  },
  async set_maintenance(ctx, data) {
    const byUserId = signedInUser(ctx).id;
    const on = await setMaintenance(ctx.db, { site: ctx.site, on: data.Maintenance, byUserId, log: ctx.log });
    return { status: 'OK', data: { Maintenance: on } };
  },
});
