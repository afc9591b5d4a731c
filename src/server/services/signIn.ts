import { MAX_LOGIN_ATTEMPTS, MAX_TEMPORARY_LOCKS, TEMPORARY_LOCK_MINUTES } from '../../shared/domain/accounts';
import { addMinutes } from '../../shared/domain/time';
import { type Db, now, timestampExpression } from '../db';
import type { UserRow } from '../db/schema';
import { AppError } from '../errors';
import { dummyHash, verifyPassword } from './passwords';
import { createSession } from './sessions';

interface Claim {
  failed_count: number;
  lock_count: number;
  locked_until: string | null;
}

/**
 * Takes one attempt from the email's allowance before the password is checked, in a single UPDATE, so
 * neither concurrent requests nor several server processes can evaluate more than the maximum. The attempt
 * that uses up the allowance sets the temporary lock at once; a correct password lifts it again.
 */
async function claimAttempt(db: Db, siteId: number, email: string): Promise<Claim | undefined> {
  const at = now();
  await db
    .insertInto('login_attempts')
    .values({
      site_id: siteId,
      email,
      failed_count: 0,
      lock_count: 0,
      locked_until: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['site_id', 'email']).doNothing())
    .execute();
  const lockUntil = addMinutes(new Date(), TEMPORARY_LOCK_MINUTES).toISOString();
  return db
    .updateTable('login_attempts')
    .set((eb) => {
      // An expired lock starts a fresh count; otherwise this attempt is added to the count.
      const reachesMax = eb.and([eb('locked_until', 'is', null), eb('failed_count', '>=', MAX_LOGIN_ATTEMPTS - 1)]);
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
    .where('site_id', '=', siteId)
    .where('email', '=', email)
    .where('lock_count', '<', MAX_TEMPORARY_LOCKS)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .returning(['failed_count', 'lock_count', 'locked_until'])
    .executeTakeFirst();
}

function lockedError(state: Pick<Claim, 'lock_count' | 'locked_until'>, attempt?: number): AppError {
  if (state.lock_count >= MAX_TEMPORARY_LOCKS) {
    return new AppError('ACCOUNT_LOCKED', 'The account is locked: reset the password to open it', {
      max_attempts: MAX_LOGIN_ATTEMPTS,
    });
  }
  return new AppError('TEMPORARILY_LOCKED', `Too many attempts: locked until ${state.locked_until}`, {
    locked_until: state.locked_until,
    max_attempts: MAX_LOGIN_ATTEMPTS,
    ...(attempt ? { attempt } : {}),
  });
}

export async function clearLoginAttempts(db: Db, siteId: number, email: string): Promise<void> {
  await db
    .updateTable('login_attempts')
    .set({ failed_count: 0, locked_until: null, lock_count: 0, updated_at: now() })
    .where('site_id', '=', siteId)
    .where('email', '=', email)
    .execute();
}

/** Checks an email and password and opens a session; every failure is a typed error of spec §8. */
export async function signIn(
  db: Db,
  opts: { siteId: number; email: string; password: string },
): Promise<{ token: string; user: UserRow }> {
  const email = opts.email.toLowerCase();
  const claim = await claimAttempt(db, opts.siteId, email);
  if (!claim) {
    const state = await db
      .selectFrom('login_attempts')
      .select(['lock_count', 'locked_until'])
      .where('site_id', '=', opts.siteId)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    throw lockedError(state);
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
    throw new AppError('WRONG_CREDENTIALS', 'Wrong email or password', {
      attempt: claim.failed_count,
      max_attempts: MAX_LOGIN_ATTEMPTS,
    });
  }

  await clearLoginAttempts(db, opts.siteId, email);
  if (!user.email_verified_at) throw new AppError('NOT_VERIFIED', 'Verify your email address first');
  const token = await createSession(db, { siteId: opts.siteId, userId: user.id });
  return { token, user };
}
