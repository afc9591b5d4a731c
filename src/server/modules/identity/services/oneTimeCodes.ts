import { type Db, now } from '../../../platform/db';
import type { CodePurpose } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { hashToken, newToken } from '../../../platform/lib/tokens';

const CODE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Makes a single-use code for a mailed link; only its hash is stored. */
export async function createCode(
  db: Db,
  opts: { siteId: number; userId: number; purpose: CodePurpose; validMinutes: number },
): Promise<string> {
  const code = newToken();
  const at = now();
  await db
    .insertInto('one_time_codes')
    .values({
      site_id: opts.siteId,
      user_id: opts.userId,
      purpose: opts.purpose,
      code_hash: hashToken(code),
      expires_at: new Date(Date.now() + opts.validMinutes * 60_000).toISOString(),
      used_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return code;
}

/** A code as stored, whatever its state, or null for an unknown one; INVALID_CODE for a malformed code. */
export async function lookupCode(db: Db, opts: { siteId: number; code: string }) {
  if (!CODE_SHAPE.test(opts.code)) throw new AppError('INVALID_CODE', 'The code is not valid');
  const row = await db
    .selectFrom('one_time_codes')
    .select(['id', 'user_id', 'purpose', 'expires_at', 'used_at'])
    .where('site_id', '=', opts.siteId)
    .where('code_hash', '=', hashToken(opts.code))
    .executeTakeFirst();
  return row ?? null;
}

/** Ends every live code of a user and purpose (a newer request replaces them). */
export async function endCodes(db: Db, opts: { siteId: number; userId: number; purpose: CodePurpose }) {
  const at = now();
  await db
    .updateTable('one_time_codes')
    .set({ used_at: at, updated_at: at })
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.userId)
    .where('purpose', '=', opts.purpose)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Finds a live code and names its user without using it. INVALID_CODE for a malformed code, CODE_NOT_FOUND for an
 * unknown or used one, CODE_EXPIRED past its time.
 */
export async function findCode(
  db: Db,
  opts: { siteId: number; code: string; purpose: CodePurpose },
): Promise<{ id: number; userId: number }> {
  if (!CODE_SHAPE.test(opts.code)) throw new AppError('INVALID_CODE', 'The code is not valid');
  const row = await db
    .selectFrom('one_time_codes')
    .select(['id', 'user_id', 'expires_at', 'used_at'])
    .where('site_id', '=', opts.siteId)
    .where('code_hash', '=', hashToken(opts.code))
    .where('purpose', '=', opts.purpose)
    .executeTakeFirst();
  if (!row || row.used_at) throw new AppError('CODE_NOT_FOUND', 'The code was not found or is already used');
  if (row.expires_at <= now()) throw new AppError('CODE_EXPIRED', 'The code has expired');
  return { id: row.id, userId: row.user_id };
}

/**
 * Uses a code (the errors of `findCode`) and with it every other live code of the same user and purpose: once
 * one reset link has been used, an older one left in the mailbox opens nothing. The UPDATE that marks the code is
 * conditional, so a code works only once.
 */
export async function consumeCode(
  db: Db,
  opts: { siteId: number; code: string; purpose: CodePurpose },
): Promise<{ userId: number }> {
  const { id, userId } = await findCode(db, opts);
  const at = now();
  const used = await db
    .updateTable('one_time_codes')
    .set({ used_at: at, updated_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new AppError('CODE_NOT_FOUND', 'The code is already used');
  await endCodes(db, { siteId: opts.siteId, userId, purpose: opts.purpose });
  return { userId };
}
