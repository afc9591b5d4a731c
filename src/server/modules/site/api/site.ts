import { plans, site } from '../../../../shared/contract/site/site';
import { handlers } from '../../../platform/handlers';

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
      },
    };
  },
});
