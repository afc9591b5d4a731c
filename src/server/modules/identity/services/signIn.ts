import {
  ACCOUNT_MAX_FAILED_SIGN_INS,
  MAX_LOGIN_ATTEMPTS,
  MAX_TEMPORARY_LOCKS,
  SOURCE_FAILED_SIGN_INS,
  TEMPORARY_LOCK_MINUTES,
} from '../../../../shared/domain/identity/accounts';
import { addMinutes } from '../../../../shared/domain/time';
import { type Db, now, timestampExpression } from '../../../platform/db';
import type { UserRow } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { giveBackToWindow, requireWindow, sourceOf } from '../../../platform/limits';
import { recordActivity } from '../../statistics';
import { dummyHash, verifyPassword, withPasswordWork } from './passwords';
import { createSession } from './sessions';

/** The source of the account-wide row, which counts the failures of every source not yet proved the owner's. */
const EVERY_SOURCE = '*';
const SIGN_IN_FAILURES = 'sign_in_failures';

interface Claim {
  failed_count: number;
  lock_count: number;
  locked_until: string | null;
  proven_at: string | null;
}

/**
 * Takes one attempt from an allowance (one account from one source, or the account-wide ceiling) before the
 * password is checked, in a single UPDATE, so neither concurrent requests nor several server processes can
 * evaluate more than the maximum. The attempt that uses up the allowance sets the temporary lock at once; an
 * expired lock starts a fresh count. With `maxLocks`, the row refuses every attempt after that many locks.
 */
async function claimAttempt(
  db: Db,
  opts: { siteId: number; email: string; source: string; maxAttempts: number; maxLocks: number | null },
): Promise<Claim | undefined> {
  const at = now();
  await db
    .insertInto('sign_in_attempts')
    .values({
      site_id: opts.siteId,
      email: opts.email,
      source: opts.source,
      failed_count: 0,
      lock_count: 0,
      locked_until: null,
      proven_at: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['site_id', 'email', 'source']).doNothing())
    .execute();
  const lockUntil = addMinutes(new Date(), TEMPORARY_LOCK_MINUTES).toISOString();
  let claim = db
    .updateTable('sign_in_attempts')
    .set((eb) => {
      const reachesMax = eb.and([eb('locked_until', 'is', null), eb('failed_count', '>=', opts.maxAttempts - 1)]);
      return {
        failed_count: eb
          .case()
          .when('locked_until', 'is not', null)
          .then(1)
          .else(eb('failed_count', '+', 1))
          .end(),
        locked_until: eb.case().when(reachesMax).then(timestampExpression(db, lockUntil)).else(null).end(),
        lock_count: eb
          .case()
          .when(reachesMax)
          .then(eb('lock_count', '+', 1))
          .else(eb.ref('lock_count'))
          .end(),
        updated_at: at,
      };
    })
    .where('site_id', '=', opts.siteId)
    .where('email', '=', opts.email)
    .where('source', '=', opts.source)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]));
  if (opts.maxLocks !== null) claim = claim.where('lock_count', '<', opts.maxLocks);
  return claim.returning(['failed_count', 'lock_count', 'locked_until', 'proven_at']).executeTakeFirst();
}

const attemptsRow = (db: Db, siteId: number, email: string, source: string) =>
  db
    .selectFrom('sign_in_attempts')
    .select(['lock_count', 'locked_until'])
    .where('site_id', '=', siteId)
    .where('email', '=', email)
    .where('source', '=', source)
    .executeTakeFirstOrThrow();

function lockedError(state: Pick<Claim, 'lock_count' | 'locked_until'>, attempt?: number): AppError {
  if (state.lock_count >= MAX_TEMPORARY_LOCKS) {
    return new AppError('ACCOUNT_LOCKED', 'The account is locked: reset the password to open it', {
      max_attempts: MAX_LOGIN_ATTEMPTS,
    });
  }
  return temporarilyLocked(state.locked_until, attempt);
}

const temporarilyLocked = (lockedUntil: string | null, attempt?: number) =>
  new AppError('TEMPORARILY_LOCKED', `Too many attempts: locked until ${lockedUntil}`, {
    locked_until: lockedUntil,
    max_attempts: MAX_LOGIN_ATTEMPTS,
    ...(attempt ? { attempt } : {}),
  });

/** Marks a source as the owner's (a right password, or a mailed link opened from it) with a fresh count. */
async function markProven(db: Db, siteId: number, email: string, source: string): Promise<void> {
  const at = now();
  await db
    .insertInto('sign_in_attempts')
    .values({
      site_id: siteId,
      email,
      source,
      failed_count: 0,
      lock_count: 0,
      locked_until: null,
      proven_at: at,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['site_id', 'email', 'source'])
        .doUpdateSet({ failed_count: 0, lock_count: 0, locked_until: null, proven_at: at, updated_at: at }),
    )
    .execute();
}

/**
 * The owner proved control of the mailbox (a password reset): every lock and count of the account goes, since
 * the guesses they counted were against the old password, and the source the link was opened from is the owner's.
 */
export async function clearSignInLocks(db: Db, opts: { siteId: number; email: string; ip: string }): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('site_id', '=', opts.siteId).where('email', '=', opts.email).execute();
  await markProven(db, opts.siteId, opts.email, sourceOf(opts.ip));
}

/**
 * The owner opened a verification link: the source it was opened from is the owner's and starts afresh, and the
 * account-wide ceiling is lifted; other sources keep their counts.
 */
export async function liftSignInLocksFor(db: Db, opts: { siteId: number; email: string; ip: string }): Promise<void> {
  await db
    .deleteFrom('sign_in_attempts')
    .where('site_id', '=', opts.siteId)
    .where('email', '=', opts.email)
    .where('source', '=', EVERY_SOURCE)
    .execute();
  await markProven(db, opts.siteId, opts.email, sourceOf(opts.ip));
}

/**
 * Checks an email and password and opens a session; every failure is a typed error of spec §8. The limits and
 * their reasons are in docs/security.md ("Sign-in limits and account locks").
 */
export async function signIn(
  db: Db,
  opts: { siteId: number; email: string; password: string; ip: string },
): Promise<{ token: string; user: UserRow }> {
  const email = opts.email.toLowerCase();
  const source = sourceOf(opts.ip);
  return withPasswordWork(source, async () => {
    const window = { siteId: opts.siteId, bucket: SIGN_IN_FAILURES, subject: source };
    await requireWindow(db, { ...window, ...SOURCE_FAILED_SIGN_INS, message: 'Too many failed sign-ins' });

    const claim = await claimAttempt(db, {
      siteId: opts.siteId,
      email,
      source,
      maxAttempts: MAX_LOGIN_ATTEMPTS,
      maxLocks: MAX_TEMPORARY_LOCKS,
    });
    if (!claim) throw lockedError(await attemptsRow(db, opts.siteId, email, source));
    // A source that proved to be the owner's is not held back by guessing from elsewhere.
    const countsTowardCeiling = !claim.proven_at;
    let ceiling: Claim | undefined;
    if (countsTowardCeiling) {
      ceiling = await claimAttempt(db, {
        siteId: opts.siteId,
        email,
        source: EVERY_SOURCE,
        maxAttempts: ACCOUNT_MAX_FAILED_SIGN_INS,
        maxLocks: null,
      });
      if (!ceiling) throw temporarilyLocked((await attemptsRow(db, opts.siteId, email, EVERY_SOURCE)).locked_until);
    }

    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('site_id', '=', opts.siteId)
      .where('email', '=', email)
      .executeTakeFirst();
    const valid = await verifyPassword(opts.password, user?.password_hash ?? (await dummyHash));
    if (!user || !valid) {
      if (claim.locked_until) throw lockedError(claim, claim.failed_count);
      if (ceiling?.locked_until) throw temporarilyLocked(ceiling.locked_until, claim.failed_count);
      throw new AppError('WRONG_CREDENTIALS', 'Wrong email or password', {
        attempt: claim.failed_count,
        max_attempts: MAX_LOGIN_ATTEMPTS,
      });
    }

    // The owner's attempt was no failure: it leaves no trace in the counts.
    await markProven(db, opts.siteId, email, source);
    if (countsTowardCeiling) {
      await db
        .updateTable('sign_in_attempts')
        .set((eb) => ({ failed_count: eb('failed_count', '-', 1), updated_at: now() }))
        .where('site_id', '=', opts.siteId)
        .where('email', '=', email)
        .where('source', '=', EVERY_SOURCE)
        .where('locked_until', 'is', null)
        .where('failed_count', '>', 0)
        .execute();
    }
    await giveBackToWindow(db, window);
    // Told only to whoever knows the password: a stranger learns nothing of the lock.
    if (user.locked_at) {
      throw new AppError('ACCOUNT_LOCKED_BY_ADMIN', 'An administrator has locked the account: contact the school');
    }
    if (!user.email_verified_at) throw new AppError('NOT_VERIFIED', 'Verify your email address first');
    const token = await createSession(db, { siteId: opts.siteId, userId: user.id });
    await recordActivity(db, { siteId: opts.siteId, userId: user.id, userType: user.user_type, at: new Date() });
    return { token, user };
  });
}
