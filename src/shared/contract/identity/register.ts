import { z } from 'zod';
import { isPlainName } from '../../domain/identity/accounts';
import { call, email, endpoint, ok, password, shortText } from '../define';

/** A first or last name: one line without control characters (names go into mails and onto certificates). */
export const personName = shortText(100).refine(isPlainName, 'must be one line without control characters');

const code = z.string().trim().min(1).max(200);

export const register = endpoint('register.php', {
  register: call({
    access: 'public',
    data: z
      .object({
        account_type: z.enum(['private', 'company']),
        FirstName: personName,
        LastName: personName,
        email,
        password,
        agree_terms: z.boolean(),
        CompanyName: z.string().trim().max(200).optional(),
        /**
         * A registration code (/register?code=): redeemed with the registration, which it refuses with the code's
         * own error when it is wrong (INVALID_CODE, CODE_EXPIRED, CODE_ALREADY_REDEEMED, TOO_MANY_REQUESTS).
         * Left out or empty: no code. An address that already has an account is mailed as always, and nothing
         * is redeemed for it.
         */
        Code: z.string().trim().max(200).optional(),
      })
      .refine((d) => d.account_type === 'private' || (d.CompanyName ?? '').length > 0, {
        path: ['CompanyName'],
        message: 'CompanyName is required for a company account',
      }),
    answer: z.object({ status: ok }),
  }),
  /**
   * Opens a verification link (of a registration or of an address change). A link opened again answers OK with
   * `already_verified`, so the page can say the address is verified and offer to sign in.
   */
  verify_email: call({
    access: 'public',
    data: z.object({ code }),
    answer: z.object({ status: ok, already_verified: z.boolean() }),
  }),
  resend_verification: call({
    access: 'public',
    data: z.object({ email }),
    answer: z.object({ status: ok, cooldown: z.number() }),
  }),
});
