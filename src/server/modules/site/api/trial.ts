import { trial } from '../../../../shared/contract/site/trial';
import { type CallContext, handlers } from '../../../platform/handlers';
import { checkTrial, requestTrial, startTrial, trialOptions } from '../services/trial';

const depsOf = (ctx: CallContext) => ({
  db: ctx.db,
  config: ctx.config,
  mailer: ctx.mailer,
  siteId: ctx.site.id,
  ip: ctx.ip,
  locale: ctx.locale,
});

export const trialHandlers = handlers(trial, {
  async get_trial_options(ctx) {
    const options = trialOptions(ctx.config);
    return {
      status: 'OK',
      data: {
        SelfService: options.selfService,
        Domain: options.domain,
        ContactEmail: options.contactEmail,
        TrialDays: options.trialDays,
      },
    };
  },
  async request_trial(ctx, data) {
    await requestTrial(depsOf(ctx), data.email);
    return { status: 'OK' };
  },
  async check_trial(ctx, data) {
    const { email, domain } = await checkTrial(ctx, data.code);
    return { status: 'OK', data: { Email: email, Domain: domain } };
  },
  async start_trial(ctx, data) {
    const started = await startTrial(depsOf(ctx), {
      code: data.code,
      schoolName: data.SchoolName,
      siteName: data.SiteName,
      firstName: data.FirstName,
      lastName: data.LastName,
      password: data.password,
    });
    return {
      status: 'OK',
      data: { SiteName: started.siteName, Host: started.host, SignInUrl: started.signInUrl, Email: started.email },
    };
  },
});
