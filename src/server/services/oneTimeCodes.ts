import { type Db, now } from '../db';
import type { CodePurpose } from '../db/schema';
import { AppError } from '../errors';
import { hashToken, newToken } from '../lib/tokens';

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

/**
 * Marks a code used and names its user. INVALID_CODE for a malformed code, CODE_NOT_FOUND for an unknown or
 * used one, CODE_EXPIRED past its time. The UPDATE that marks it is conditional, so a code works only once.
 */
export async function consumeCode(
  db: Db,
  opts: { siteId: number; code: string; purpose: CodePurpose },
): Promise<{ userId: number }> {
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
  const used = await db
    .updateTable('one_time_codes')
    .set({ used_at: now(), updated_at: now() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new AppError('CODE_NOT_FOUND', 'The code is already used');
  return { userId: row.user_id };
}

/** Seconds until another code of this purpose may be made for the user (0 when it may now). */
export async function codeCooldown(
  db: Db,
  opts: { siteId: number; userId: number; purpose: CodePurpose; cooldownSeconds: number },
): Promise<number> {
  const since = new Date(Date.now() - opts.cooldownSeconds * 1000).toISOString();
  const last = await db
    .selectFrom('one_time_codes')
    .select('created_at')
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.userId)
    .where('purpose', '=', opts.purpose)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!last) return 0;
  return Math.max(1, Math.ceil((Date.parse(last.created_at) + opts.cooldownSeconds * 1000 - Date.now()) / 1000));
}
