import { RESEND_COOLDOWN_SECONDS, RESET_VALID_MINUTES, VERIFICATION_VALID_HOURS } from '../../shared/domain/accounts';
import type { Config } from '../config';
import { type Db, now } from '../db';
import type { UserRow } from '../db/schema';
import { AppError } from '../errors';
import type { Mailer } from '../mail/outbox';
import { accountMails } from '../mail/templates';
import { codeCooldown, consumeCode, createCode } from './oneTimeCodes';
import { checkPasswordStrength, hashPassword } from './passwords';
import { revokeAllSessions } from './sessions';
import { clearLoginAttempts } from './signIn';

interface AccountDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  siteId: number;
  locale: 'en' | 'sv';
}

function assertStrong(password: string, email: string): void {
  const reason = checkPasswordStrength(password, email);
  if (reason) throw new AppError('WEAK_PASSWORD', `The password is not strong enough: ${reason}`, { reason });
}

const findUserByEmail = (db: Db, siteId: number, email: string) =>
  db.selectFrom('users').selectAll().where('site_id', '=', siteId).where('email', '=', email).executeTakeFirst();

async function sendVerification(deps: AccountDeps, user: Pick<UserRow, 'id' | 'email' | 'first_name'>, db: Db) {
  const code = await createCode(db, {
    siteId: deps.siteId,
    userId: user.id,
    purpose: 'verify_email',
    validMinutes: VERIFICATION_VALID_HOURS * 60,
  });
  const link = `${deps.config.publicUrl}/verify-email?code=${code}`;
  await deps.mailer.enqueue(
    { siteId: deps.siteId, to: user.email, ...accountMails.verify(deps.locale, user.first_name, link) },
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
}

/** Thrown inside the registration transaction to undo it when a simultaneous one took the address. */
class RegisteredMeanwhile extends Error {}

/**
 * Creates an unverified student account and mails its verification link. An address that already has an
 * account gets a mail saying so instead, and the caller the same answer, so the form reveals no accounts.
 */
export async function registerAccount(deps: AccountDeps, input: Registration): Promise<void> {
  if (!input.agreeTerms) throw new AppError('TERMS_NOT_AGREED', 'Agree to the terms of service to register');
  assertStrong(input.password, input.email);
  // Hashed before the lookup, so a taken address answers no faster than a new one.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(deps.db, deps.siteId, input.email);
  if (existing) {
    await mailAlreadyRegistered(deps, existing);
    return;
  }
  await deps.db
    .transaction()
    .execute(async (trx) => {
      const at = now();
      const company =
        input.accountType === 'company' && input.companyName
          ? await trx
              .insertInto('companies')
              .values({ site_id: deps.siteId, name: input.companyName, created_at: at, updated_at: at })
              .returning('id')
              .executeTakeFirstOrThrow()
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
          email_verified_at: null,
          created_at: at,
          updated_at: at,
        })
        // A simultaneous registration of the same address (a double click) won the race: undo this one.
        .onConflict((oc) => oc.columns(['site_id', 'email']).doNothing())
        .returning(['id', 'email', 'first_name'])
        .executeTakeFirst();
      if (!user) throw new RegisteredMeanwhile();
      await sendVerification(deps, user, trx);
    })
    .catch((error) => {
      if (!(error instanceof RegisteredMeanwhile)) throw error;
    });
}

async function mailAlreadyRegistered(deps: AccountDeps, user: UserRow): Promise<void> {
  const link = `${deps.config.publicUrl}/password-recovery`;
  await deps.mailer.enqueue({
    siteId: deps.siteId,
    to: user.email,
    ...accountMails.alreadyRegistered(deps.locale, user.first_name, link),
  });
}

export async function verifyEmail(deps: Pick<AccountDeps, 'db' | 'siteId'>, code: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const { userId } = await consumeCode(trx, { siteId: deps.siteId, code, purpose: 'verify_email' });
    await trx
      .updateTable('users')
      .set({ email_verified_at: now(), updated_at: now() })
      .where('id', '=', userId)
      .where('site_id', '=', deps.siteId)
      .where('email_verified_at', 'is', null)
      .execute();
  });
}

/** Sends a new verification link unless one went out within the cooldown; answers the seconds to wait. */
export async function resendVerification(deps: AccountDeps, email: string): Promise<number> {
  const user = await findUserByEmail(deps.db, deps.siteId, email);
  if (!user || user.email_verified_at) return RESEND_COOLDOWN_SECONDS;
  const wait = await codeCooldown(deps.db, {
    siteId: deps.siteId,
    userId: user.id,
    purpose: 'verify_email',
    cooldownSeconds: RESEND_COOLDOWN_SECONDS,
  });
  if (wait > 0) throw new AppError('COOLDOWN', `Wait ${wait} seconds before asking again`, { cooldown: wait });
  await deps.db.transaction().execute((trx) => sendVerification(deps, user, trx));
  return RESEND_COOLDOWN_SECONDS;
}

/**
 * Mails a reset link. Within the resend cooldown of the previous link nothing new is sent, silently, since the
 * answer must not differ from an unknown address's: the form cannot be used to flood someone's inbox.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, deps.siteId, email);
  if (!user) return;
  const wait = await codeCooldown(deps.db, {
    siteId: deps.siteId,
    userId: user.id,
    purpose: 'reset_password',
    cooldownSeconds: RESEND_COOLDOWN_SECONDS,
  });
  if (wait > 0) return;
  await deps.db.transaction().execute(async (trx) => {
    const code = await createCode(trx, {
      siteId: deps.siteId,
      userId: user.id,
      purpose: 'reset_password',
      validMinutes: RESET_VALID_MINUTES,
    });
    const link = `${deps.config.publicUrl}/password-recovery/${code}`;
    await deps.mailer.enqueue(
      { siteId: deps.siteId, to: user.email, ...accountMails.reset(deps.locale, user.first_name, link) },
      trx,
    );
  });
}

/** Sets a new password from a mailed code, signs the user out everywhere and lifts any sign-in lock. */
export async function resetPassword(
  deps: Pick<AccountDeps, 'db' | 'siteId'>,
  input: { code: string; password: string; passwordRepeat: string },
): Promise<void> {
  if (input.password !== input.passwordRepeat) throw new AppError('PASSWORDS_DIFFER', 'The passwords are not equal');
  await deps.db.transaction().execute(async (trx) => {
    const { userId } = await consumeCode(trx, { siteId: deps.siteId, code: input.code, purpose: 'reset_password' });
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'email_verified_at'])
      .where('id', '=', userId)
      .where('site_id', '=', deps.siteId)
      .executeTakeFirstOrThrow();
    assertStrong(input.password, user.email);
    await trx
      .updateTable('users')
      .set({
        password_hash: await hashPassword(input.password),
        // The mailed link proves the address, so a reset also verifies it.
        email_verified_at: user.email_verified_at ?? now(),
        updated_at: now(),
      })
      .where('id', '=', user.id)
      .execute();
    await revokeAllSessions(trx, { siteId: deps.siteId, userId: user.id });
    await clearLoginAttempts(trx, deps.siteId, user.email);
  });
}
