import type { Updateable } from 'kysely';
import { ACCOUNT_MAILS_PER_ADDRESS, RESET_VALID_MINUTES } from '../../../../shared/domain/identity/accounts';
import { recipientLanguage } from '../../../../shared/domain/language';
import type { Config } from '../../../platform/config';
import { type Db, now } from '../../../platform/db';
import { isUniqueViolation } from '../../../platform/db/lookups';
import type { UsersTable } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { requireWindow } from '../../../platform/limits';
import type { Mailer } from '../../../platform/mail/outbox';
import { accountMails } from '../mails';
import { createCode, endCodes } from './oneTimeCodes';
import { dummyHash } from './passwords';
import { revokeAllSessions } from './sessions';

/**
 * Accounts as staff run them from /user/:id (modules/administration decides who may; identity keeps the `users`
 * rows, their sessions, codes and sign-in counts). Each function takes the transaction of the change it is part of.
 */

/** Days an invitation's link lets the invited set her password (docs/decisions.md, "Invitations"). */
export const INVITATION_VALID_DAYS = 7;

interface MailDeps {
  config: Config;
  mailer: Mailer;
}

/** The fields of an account staff may set. */
export interface AccountFields {
  firstName: string;
  lastName: string;
  email: string;
  userType: number;
  privilegies: number;
  companyId: number | null;
  language: 'en' | 'sv' | null;
}

const emailTaken = () => new AppError('EMAIL_TAKEN', 'Another user of the site has this email address');

async function assertEmailFree(db: Db, siteId: number, email: string, exceptUserId: number | null) {
  let query = db.selectFrom('users').select('id').where('site_id', '=', siteId).where('email', '=', email);
  if (exceptUserId !== null) query = query.where('id', '!=', exceptUserId);
  if (await query.executeTakeFirst()) throw emailTaken();
}

/** The mail of a link that sets her password: an invitation, or a reset staff sent her. */
async function mailPasswordLink(
  db: Db,
  deps: MailDeps,
  opts: {
    siteId: number;
    user: { id: number; email: string; first_name: string; language: string | null };
    kind: 'invite' | 'reset';
  },
) {
  const { user } = opts;
  await endCodes(db, { siteId: opts.siteId, userId: user.id, purpose: 'reset_password' });
  const code = await createCode(db, {
    siteId: opts.siteId,
    userId: user.id,
    purpose: 'reset_password',
    validMinutes: opts.kind === 'invite' ? INVITATION_VALID_DAYS * 24 * 60 : RESET_VALID_MINUTES,
  });
  const link = `${deps.config.publicUrl}/password-recovery/${code}`;
  const locale = recipientLanguage(user.language);
  const mail =
    opts.kind === 'invite'
      ? accountMails.invitation(locale, user.first_name, link, INVITATION_VALID_DAYS)
      : accountMails.reset(locale, user.first_name, link);
  await deps.mailer.enqueue({ siteId: opts.siteId, to: user.email, ...mail }, db);
}

/**
 * A new account made by staff, with no password until she sets one through the invitation mailed to her (the link
 * of a password reset, valid INVITATION_VALID_DAYS; setting the password verifies the address). EMAIL_TAKEN for an
 * address the site has.
 */
export async function createInvitedAccount(
  db: Db,
  deps: MailDeps,
  opts: { siteId: number; fields: AccountFields },
): Promise<number> {
  const { fields } = opts;
  await assertEmailFree(db, opts.siteId, fields.email, null);
  const at = now();
  const user = await db
    .insertInto('users')
    .values({
      site_id: opts.siteId,
      email: fields.email,
      // No password until she chooses one: the hash of a random secret nobody holds.
      password_hash: await dummyHash,
      first_name: fields.firstName,
      last_name: fields.lastName,
      user_type: fields.userType,
      privilegies: fields.privilegies,
      user_file_id: null,
      total_xp: 0,
      collect_xp: 1,
      company_id: fields.companyId,
      language: fields.language,
      email_verified_at: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['site_id', 'email']).doNothing())
    .returning(['id', 'email', 'first_name', 'language'])
    .executeTakeFirst();
  if (!user) throw emailTaken();
  await mailPasswordLink(db, deps, { siteId: opts.siteId, user, kind: 'invite' });
  return user.id;
}

/** Changes an account's fields as staff set them. EMAIL_TAKEN for an address another user of the site has. */
export async function updateAccount(
  db: Db,
  opts: { siteId: number; userId: number; fields: Partial<AccountFields> },
): Promise<void> {
  const { fields } = opts;
  if (fields.email !== undefined) await assertEmailFree(db, opts.siteId, fields.email, opts.userId);
  const set: Updateable<UsersTable> = {};
  if (fields.firstName !== undefined) set.first_name = fields.firstName;
  if (fields.lastName !== undefined) set.last_name = fields.lastName;
  if (fields.email !== undefined) set.email = fields.email;
  if (fields.userType !== undefined) set.user_type = fields.userType;
  if (fields.privilegies !== undefined) set.privilegies = fields.privilegies;
  if (fields.companyId !== undefined) set.company_id = fields.companyId;
  if (fields.language !== undefined) set.language = fields.language;
  if (Object.keys(set).length === 0) return;
  try {
    await db
      .updateTable('users')
      .set({ ...set, updated_at: now() })
      .where('site_id', '=', opts.siteId)
      .where('id', '=', opts.userId)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Locks an account (sign-in refuses it with ACCOUNT_LOCKED_BY_ADMIN) and ends her sessions. */
export async function lockAccount(db: Db, opts: { siteId: number; userId: number; lockedBy: number }) {
  const at = now();
  await db
    .updateTable('users')
    .set({ locked_at: at, locked_by_user_id: opts.lockedBy, updated_at: at })
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.userId)
    .execute();
  await revokeAllSessions(db, { siteId: opts.siteId, userId: opts.userId });
}

/**
 * Unlocks an account: the administrator's lock and every lock of failed sign-ins (the counts of her address, from
 * every source) go.
 */
export async function unlockAccount(db: Db, opts: { siteId: number; userId: number }) {
  const user = await db
    .updateTable('users')
    .set({ locked_at: null, locked_by_user_id: null, updated_at: now() })
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.userId)
    .returning('email')
    .executeTakeFirst();
  if (!user) return;
  await db.deleteFrom('sign_in_attempts').where('site_id', '=', opts.siteId).where('email', '=', user.email).execute();
}

/**
 * Mails her a reset link (valid RESET_VALID_MINUTES) that staff asked for; older links end. TOO_MANY_REQUESTS past
 * the address's account mails per window (ACCOUNT_MAILS_PER_ADDRESS), the limit a reset she asks for herself keeps.
 */
export async function mailStaffPasswordReset(db: Db, deps: MailDeps, opts: { siteId: number; userId: number }) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'language'])
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.userId)
    .executeTakeFirstOrThrow();
  await requireWindow(db, {
    siteId: opts.siteId,
    bucket: 'account_mails',
    subject: user.email,
    ...ACCOUNT_MAILS_PER_ADDRESS,
    message: 'Too many mails to this address',
  });
  await mailPasswordLink(db, deps, { siteId: opts.siteId, user, kind: 'reset' });
}
