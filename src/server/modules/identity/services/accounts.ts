import { companyNameKey } from '../../../../shared/domain/administration/companies';
import {
  ACCOUNT_MAILS_PER_ADDRESS,
  RESEND_COOLDOWN_SECONDS,
  RESET_VALID_MINUTES,
  VERIFICATION_VALID_HOURS,
} from '../../../../shared/domain/identity/accounts';
import { type Language, recipientLanguage } from '../../../../shared/domain/language';
import type { Config } from '../../../platform/config';
import { type Db, now } from '../../../platform/db';
import type { SessionUser, UserRow } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { sourceOf, takeFromWindow } from '../../../platform/limits';
import type { Mailer } from '../../../platform/mail/outbox';
import { assertPlanRoom } from '../../../platform/plans';
import { accountMails } from '../mails';
import { withCurrentPassword } from './currentPassword';
import { consumeCode, createCode, endCodes, findCode, lookupCode } from './oneTimeCodes';
import { checkPasswordStrength, hashPassword, withPasswordWork } from './passwords';
import { revokeAllSessions } from './sessions';
import { clearSignInLocks, liftSignInLocksFor } from './signIn';

interface AccountDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  siteId: number;
  locale: Language;
  /** The caller's address: password work is limited per source (services/passwords.ts). */
  ip: string;
}

export function assertStrong(password: string, email: string, names: string[]): void {
  const verdict = checkPasswordStrength(password, email, names);
  if (!verdict) return;
  const why = verdict.hint ? `${verdict.problem} (${verdict.hint})` : verdict.problem;
  throw new AppError('WEAK_PASSWORD', `The password is not strong enough: ${why}`, {
    reason: verdict.problem,
    ...(verdict.hint ? { hint: verdict.hint } : {}),
  });
}

const findUserByEmail = (db: Db, siteId: number, email: string) =>
  db.selectFrom('users').selectAll().where('site_id', '=', siteId).where('email', '=', email).executeTakeFirst();

/** One request of a kind per address per resend cooldown, counted for every address, with or without an account. */
const takeAddressCooldown = (deps: AccountDeps, kind: string, email: string) =>
  takeFromWindow(deps.db, {
    siteId: deps.siteId,
    bucket: kind,
    subject: email,
    limit: 1,
    windowSeconds: RESEND_COOLDOWN_SECONDS,
  });

/** Whether another account mail may go to the address in this window (ACCOUNT_MAILS_PER_ADDRESS). */
const mayMailAddress = async (deps: AccountDeps, email: string) =>
  (
    await takeFromWindow(deps.db, {
      siteId: deps.siteId,
      bucket: 'account_mails',
      subject: email,
      ...ACCOUNT_MAILS_PER_ADDRESS,
    })
  ).ok;

async function sendVerification(
  deps: AccountDeps,
  user: Pick<UserRow, 'id' | 'email' | 'first_name' | 'language'>,
  db: Db,
) {
  const code = await createCode(db, {
    siteId: deps.siteId,
    userId: user.id,
    purpose: 'verify_email',
    validMinutes: VERIFICATION_VALID_HOURS * 60,
  });
  const link = `${deps.config.publicUrl}/verify-email?code=${code}`;
  await deps.mailer.enqueue(
    {
      siteId: deps.siteId,
      to: user.email,
      ...accountMails.verify(recipientLanguage(user.language), user.first_name, link),
    },
    db,
  );
}

export interface Registration {
  accountType: 'private' | 'company';
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  agreeTerms: boolean;
  companyName?: string | undefined;
  /**
   * What the registration carries besides the account (a registration code): checked before the address is looked
   * up, so it refuses alike whether the address is known or not, and applied in the transaction that makes the
   * account, so that a failure leaves no account behind.
   */
  extra?: { check(): Promise<void>; apply(trx: Db, userId: number): Promise<void> } | undefined;
}

/**
 * The company a company account's registration names: always a new company of the site (docs/decisions.md,
 * "Companies"). A name the site already has, in any case, is not joined — anyone could type it and join a business
 * customer — but made distinct with a number (`Acme AB (2)`), for an administrator to move her to the real one.
 */
async function createRegisteredCompany(trx: Db, siteId: number, name: string, at: string) {
  // A plan with no room for another company: she registers without one, for an administrator to place her.
  if (!(await hasPlanRoom(trx, siteId, 'companies'))) return undefined;
  const MAX_TRIES = 20;
  for (let n = 1; n <= MAX_TRIES; n++) {
    const candidate = n === 1 ? name : `${name.slice(0, 190)} (${n})`;
    const row = await trx
      .insertInto('companies')
      .values({ site_id: siteId, name: candidate, name_key: companyNameKey(candidate), created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['site_id', 'name_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return row;
  }
  // Twenty companies of nearly one name: she registers without one, as a private account would.
  return undefined;
}

/** Whether the site's plan has room for one more of a resource (PLAN_LIMIT and TRIAL_ENDED answer false). */
async function hasPlanRoom(trx: Db, siteId: number, resource: 'users' | 'companies'): Promise<boolean> {
  try {
    await assertPlanRoom(trx, { siteId, resource });
    return true;
  } catch (error) {
    if (error instanceof AppError && (error.code === 'PLAN_LIMIT' || error.code === 'TRIAL_ENDED')) return false;
    throw error;
  }
}

/** A visitor is told the school is full, not the terms of its plan. */
async function assertRoomForRegistration(db: Db, siteId: number): Promise<void> {
  if (!(await hasPlanRoom(db, siteId, 'users')))
    throw new AppError('SITE_FULL', 'The site cannot take new users at the moment');
}

/** Thrown inside the registration transaction to undo it when a simultaneous one took the address. */
class RegisteredMeanwhile extends Error {}

/**
 * Creates an unverified student account and mails its verification link. An address that already has an
 * account gets a mail saying so instead (at most one per resend cooldown), and the caller the same answer, so the
 * form reveals no accounts. Either way the address's resend cooldown starts, so resend_verification answers alike.
 */
export async function registerAccount(deps: AccountDeps, input: Registration): Promise<void> {
  if (!input.agreeTerms) throw new AppError('TERMS_NOT_AGREED', 'Agree to the terms of service to register');
  await withPasswordWork(sourceOf(deps.ip), async () => {
    assertStrong(input.password, input.email, [input.firstName, input.lastName]);
    // A wrong code refuses before the costly hash, and alike whether the address is known or not.
    await input.extra?.check();
    // Hashed before the lookup, so a taken address answers no faster than a new one.
    const passwordHash = await hashPassword(input.password);
    // Before the address is looked up: a full site answers every registration alike, taken address or not.
    await assertRoomForRegistration(deps.db, deps.siteId);
    await takeAddressCooldown(deps, 'resend_verification', input.email);
    const existing = await findUserByEmail(deps.db, deps.siteId, input.email);
    if (existing) {
      await mailAlreadyRegistered(deps, existing);
      return;
    }
    await deps.db
      .transaction()
      .execute(async (trx) => {
        await assertRoomForRegistration(trx, deps.siteId);
        const at = now();
        const company =
          input.accountType === 'company' && input.companyName
            ? await createRegisteredCompany(trx, deps.siteId, input.companyName, at)
            : undefined;
        const user = await trx
          .insertInto('users')
          .values({
            site_id: deps.siteId,
            email: input.email,
            password_hash: passwordHash,
            first_name: input.firstName,
            last_name: input.lastName,
            user_type: 1,
            privilegies: 0,
            user_file_id: null,
            total_xp: 0,
            collect_xp: 1,
            company_id: company?.id ?? null,
            // The language she registered in is her choice until she makes another: her mails are written in it.
            language: deps.locale,
            email_verified_at: null,
            created_at: at,
            updated_at: at,
          })
          // A simultaneous registration of the same address (a double click) won the race: undo this one.
          .onConflict((oc) => oc.columns(['site_id', 'email']).doNothing())
          .returning(['id', 'email', 'first_name', 'language'])
          .executeTakeFirst();
        if (!user) throw new RegisteredMeanwhile();
        await input.extra?.apply(trx, user.id);
        await sendVerification(deps, user, trx);
      })
      .catch((error) => {
        if (!(error instanceof RegisteredMeanwhile)) throw error;
      });
  });
}

/** "You already have an account": once per resend cooldown and within the address's mails per window. */
async function mailAlreadyRegistered(deps: AccountDeps, user: UserRow): Promise<void> {
  if (!(await takeAddressCooldown(deps, 'already_registered', user.email)).ok) return;
  if (!(await mayMailAddress(deps, user.email))) return;
  const link = `${deps.config.publicUrl}/password-recovery`;
  await deps.mailer.enqueue({
    siteId: deps.siteId,
    to: user.email,
    ...accountMails.alreadyRegistered(recipientLanguage(user.language), user.first_name, link),
  });
}

/**
 * Opens a verification link: of a registration (the address is verified) or of an address change (the new address
 * becomes hers, verified). A link opened again, once the address is verified, answers `alreadyVerified` rather
 * than an error: people open a mailed link twice. Opening it also proves the source it was opened from to be the
 * owner's.
 */
export async function verifyEmail(
  deps: Pick<AccountDeps, 'db' | 'siteId' | 'ip'>,
  code: string,
): Promise<{ alreadyVerified: boolean }> {
  return deps.db.transaction().execute(async (trx) => {
    const found = await lookupCode(trx, { siteId: deps.siteId, code });
    const purpose = found?.purpose;
    if (!found || (purpose !== 'verify_email' && purpose !== 'change_email')) {
      throw new AppError('CODE_NOT_FOUND', 'The code was not found or is already used');
    }
    const owner = await trx
      .selectFrom('users')
      .select(['email', 'pending_email', 'email_verified_at'])
      .where('id', '=', found.user_id)
      .where('site_id', '=', deps.siteId)
      .executeTakeFirstOrThrow();
    if (found.used_at) {
      if (owner.email_verified_at) return { alreadyVerified: true };
      throw new AppError('CODE_NOT_FOUND', 'The code is already used');
    }
    await consumeCode(trx, { siteId: deps.siteId, code, purpose });
    const at = now();
    if (purpose === 'change_email') {
      const email = owner.pending_email;
      if (!email) throw new AppError('CODE_NOT_FOUND', 'The address change was replaced or cancelled');
      if (await findUserByEmail(trx, deps.siteId, email)) {
        throw new AppError('INVALID_STATE', 'Another account has taken the address meanwhile');
      }
      await trx
        .updateTable('users')
        .set({ email, pending_email: null, email_verified_at: at, updated_at: at })
        .where('id', '=', found.user_id)
        .where('site_id', '=', deps.siteId)
        .execute();
      await liftSignInLocksFor(trx, { siteId: deps.siteId, email, ip: deps.ip });
      return { alreadyVerified: false };
    }
    const user = await trx
      .updateTable('users')
      .set({ email_verified_at: at, updated_at: at })
      .where('id', '=', found.user_id)
      .where('site_id', '=', deps.siteId)
      .where('email_verified_at', 'is', null)
      .returning('email')
      .executeTakeFirst();
    if (user) await liftSignInLocksFor(trx, { siteId: deps.siteId, email: user.email, ip: deps.ip });
    return { alreadyVerified: user === undefined };
  });
}

/**
 * Starts changing the signed-in user's address: her password first, then a link to the new address, which becomes
 * hers when the link is opened (verifyEmail). An address another account has gets that account's "you already
 * have an account" mail instead; the caller's answer is the same, so the form finds no accounts. A newer request
 * ends the links of older ones.
 */
export async function requestEmailChange(
  deps: AccountDeps,
  input: { user: SessionUser; email: string; password: string },
): Promise<void> {
  const { user } = input;
  await withCurrentPassword(deps.db, { user, password: input.password, ip: deps.ip }, async () => {
    const unchanged = input.email === user.email;
    const taken = unchanged ? undefined : await findUserByEmail(deps.db, deps.siteId, input.email);
    const mayMail = !unchanged && (await mayMailAddress(deps, input.email));
    await deps.db.transaction().execute(async (trx) => {
      await endCodes(trx, { siteId: deps.siteId, userId: user.id, purpose: 'change_email' });
      await trx
        .updateTable('users')
        .set({ pending_email: unchanged ? null : input.email, updated_at: now() })
        .where('site_id', '=', deps.siteId)
        .where('id', '=', user.id)
        .execute();
      if (unchanged || !mayMail || taken) return;
      const code = await createCode(trx, {
        siteId: deps.siteId,
        userId: user.id,
        purpose: 'change_email',
        validMinutes: VERIFICATION_VALID_HOURS * 60,
      });
      const link = `${deps.config.publicUrl}/verify-email?code=${code}`;
      const mail = accountMails.changeEmail(recipientLanguage(user.language), user.first_name, link);
      await deps.mailer.enqueue({ siteId: deps.siteId, to: input.email, ...mail }, trx);
    });
    if (taken) await mailAlreadyRegistered(deps, taken);
  });
}

/**
 * Sends a new verification link when the address has an unverified account. The answer is the same for every
 * address: COOLDOWN within the resend cooldown of the address's previous request (or registration), otherwise OK
 * with the cooldown, whether or not a mail went out.
 */
export async function resendVerification(deps: AccountDeps, email: string): Promise<number> {
  const take = await takeAddressCooldown(deps, 'resend_verification', email);
  if (!take.ok) {
    throw new AppError('COOLDOWN', `Wait ${take.retryAfter} seconds before asking again`, {
      cooldown: take.retryAfter,
    });
  }
  const user = await findUserByEmail(deps.db, deps.siteId, email);
  if (user && !user.email_verified_at && (await mayMailAddress(deps, email))) {
    await deps.db.transaction().execute((trx) => sendVerification(deps, user, trx));
  }
  return RESEND_COOLDOWN_SECONDS;
}

/**
 * Mails a reset link. Within the resend cooldown of the address's previous request, or past its mails per window,
 * nothing is sent, silently, since the answer must not differ from an unknown address's: the form cannot be used
 * to flood someone's inbox.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  if (!(await takeAddressCooldown(deps, 'request_reset', email)).ok) return;
  const user = await findUserByEmail(deps.db, deps.siteId, email);
  if (!user || !(await mayMailAddress(deps, email))) return;
  await deps.db.transaction().execute(async (trx) => {
    const code = await createCode(trx, {
      siteId: deps.siteId,
      userId: user.id,
      purpose: 'reset_password',
      validMinutes: RESET_VALID_MINUTES,
    });
    const link = `${deps.config.publicUrl}/password-recovery/${code}`;
    await deps.mailer.enqueue(
      {
        siteId: deps.siteId,
        to: user.email,
        ...accountMails.reset(recipientLanguage(user.language), user.first_name, link),
      },
      trx,
    );
  });
}

/**
 * Sets a new password from a mailed code, signs the user out everywhere, ends every other reset link of the user
 * and lifts every sign-in lock of the account. The new password is checked and hashed before the transaction,
 * so the transaction holds no connection while a hash runs; using the code inside it decides a race.
 */
export async function resetPassword(
  deps: Pick<AccountDeps, 'db' | 'siteId' | 'ip'>,
  input: { code: string; password: string; passwordRepeat: string },
): Promise<void> {
  if (input.password !== input.passwordRepeat) throw new AppError('PASSWORDS_DIFFER', 'The passwords are not equal');
  await withPasswordWork(sourceOf(deps.ip), async () => {
    const { userId } = await findCode(deps.db, { siteId: deps.siteId, code: input.code, purpose: 'reset_password' });
    const user = await deps.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'email_verified_at'])
      .where('id', '=', userId)
      .where('site_id', '=', deps.siteId)
      .executeTakeFirstOrThrow();
    assertStrong(input.password, user.email, [user.first_name, user.last_name]);
    const passwordHash = await hashPassword(input.password);
    await deps.db.transaction().execute(async (trx) => {
      await consumeCode(trx, { siteId: deps.siteId, code: input.code, purpose: 'reset_password' });
      await trx
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          // The mailed link proves the address, so a reset also verifies it.
          email_verified_at: user.email_verified_at ?? now(),
          updated_at: now(),
        })
        .where('id', '=', user.id)
        .execute();
      await revokeAllSessions(trx, { siteId: deps.siteId, userId: user.id });
      await clearSignInLocks(trx, { siteId: deps.siteId, email: user.email, ip: deps.ip });
    });
  });
}
