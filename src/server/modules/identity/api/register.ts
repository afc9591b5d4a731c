import { register } from '../../../../shared/contract/identity/register';
import { AppError } from '../../../platform/errors';
import type { CallContext } from '../../../platform/handlers';
import { handlers } from '../../../platform/handlers';
import { registrationCode } from '../../codes';
import { registerAccount, resendVerification, verifyEmail } from '../services/accounts';

const deps = (ctx: CallContext) => ({
  db: ctx.db,
  config: ctx.config,
  mailer: ctx.mailer,
  siteId: ctx.site.id,
  locale: ctx.locale,
  ip: ctx.ip,
});

export const registerHandlers = handlers(register, {
  async register(ctx, data) {
    if (!ctx.config.registrationEnabled || ctx.site.registration_enabled !== 1) {
      throw new AppError('REGISTRATION_DISABLED', 'Registration is not open on this site');
    }
    await registerAccount(deps(ctx), {
      accountType: data.account_type,
      firstName: data.FirstName,
      lastName: data.LastName,
      email: data.email,
      password: data.password,
      agreeTerms: data.agree_terms,
      companyName: data.CompanyName,
      extra: data.Code ? codeOf(ctx, data.Code, data.email) : undefined,
    });
    return { status: 'OK' };
  },
  async verify_email(ctx, data) {
    const { alreadyVerified } = await verifyEmail(deps(ctx), data.code);
    return { status: 'OK', already_verified: alreadyVerified };
  },
  async resend_verification(ctx, data) {
    const cooldown = await resendVerification(deps(ctx), data.email);
    return { status: 'OK', cooldown };
  },
});

/** The registration code the visitor registers with (/register?code=), redeemed with her registration. */
function codeOf(ctx: CallContext, input: string, email: string) {
  const code = registrationCode(ctx.db, { siteId: ctx.site.id, input, ip: ctx.ip, email });
  return { check: code.check, apply: code.redeem };
}
