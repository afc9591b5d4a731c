import {
  CODE_GUESSES_PER_SOURCE,
  CODE_GUESSES_PER_USER,
  codeStatus,
  normalizeCode,
} from '../../../../shared/domain/codes/codes';
import { type Db, now } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { AppError, invalidFields } from '../../../platform/errors';
import { type GuessWindow, guessing, sourceOf } from '../../../platform/limits';
import { grantCourseAccess, hasCourseAccess } from '../../learning';
import { courseIdsOf, courseNames, findCode } from '../queries/codes';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Refusals that say the code itself was wrong: they count against the caller's guesses. */
const wrongCodes = new Set(['INVALID_CODE', 'CODE_EXPIRED']);

export interface RedeemedCourse {
  Id: number;
  Name: string;
  AccessEndsAt: string | null;
}

/**
 * Redeems a code for the user. Each try first takes one from the user's and the address's windows of guesses
 * (in the database, so every server process counts alike); a try whose code was right gives them back, so only
 * wrong codes count, and once a window is full every try is refused until it passes, a right code included.
 */
export async function redeemCode(
  db: Db,
  opts: { siteId: number; user: SessionUser; input: string; ip: string },
): Promise<RedeemedCourse[]> {
  const code = requiredCode(opts.input);
  return guessingCode(db, guessWindows(opts.siteId, `user:${opts.user.id}`, opts.ip), () =>
    db.transaction().execute((trx) => redeemInTransaction(trx, { siteId: opts.siteId, userId: opts.user.id, code })),
  );
}

/** A code a visitor registers with: checked before her account is made, redeemed in the transaction that makes it. */
export interface RegistrationCode {
  /** Refuses as `redeem_code` would (a wrong code counts against the address's and the e-mail address's guesses). */
  check(): Promise<void>;
  /** Redeems it for the account just made; a code used up meanwhile throws, and the registration is undone. */
  redeem(trx: Db, userId: number): Promise<void>;
}

/** `/register?code=`: the code redeemed with the registration itself (docs/decisions.md, "Registration codes"). */
export function registrationCode(
  db: Db,
  opts: { siteId: number; input: string; ip: string; email: string },
): RegistrationCode {
  const code = requiredCode(opts.input);
  return {
    check: () =>
      guessingCode(db, guessWindows(opts.siteId, `email:${opts.email.toLowerCase()}`, opts.ip), async () => {
        const { row } = await usableCode(db, opts.siteId, code);
        if (row.uses_left <= 0) throw new AppError('CODE_ALREADY_REDEEMED', 'This code has already been redeemed');
      }),
    redeem: async (trx, userId) => {
      await redeemInTransaction(trx, { siteId: opts.siteId, userId, code });
    },
  };
}

function requiredCode(input: string): string {
  const code = normalizeCode(input);
  if (code === '') throw invalidFields({ field: 'Code', message: 'Code is required' });
  return code;
}

/** The windows a try counts against: the one who tries (a user, or an e-mail address registering) and the source. */
function guessWindows(siteId: number, who: string, ip: string): GuessWindow[] {
  return [
    { siteId, bucket: 'code_guesses', subject: who, ...CODE_GUESSES_PER_USER },
    { siteId, bucket: 'code_guesses', subject: `source:${sourceOf(ip)}`, ...CODE_GUESSES_PER_SOURCE },
  ];
}

/** Runs a try of a code within the windows of guesses: only a wrong code keeps its count. */
const guessingCode = <T>(db: Db, windows: GuessWindow[], attempt: () => Promise<T>) =>
  guessing(db, { windows, isWrong: isWrongCode, message: 'Too many wrong codes' }, attempt);

const isWrongCode = (error: unknown) => error instanceof AppError && wrongCodes.has(error.code);

/**
 * The code's row and its courses that still exist, or the refusal a wrong code gets. A deactivated code, or one not
 * valid yet, reads as no code at all (docs/decisions.md).
 */
async function usableCode(trx: Db, siteId: number, code: string) {
  const at = now();
  const row = await findCode(trx, siteId, code);
  const notYet = row?.valid_from != null && Date.parse(row.valid_from) > Date.parse(at);
  if (!row || row.deactivated_at !== null || notYet) throw new AppError('INVALID_CODE', 'Invalid code');
  if (codeStatus({ deactivatedAt: null, validTo: row.valid_to }, at) === 'expired') {
    throw new AppError('CODE_EXPIRED', 'The code has expired');
  }
  const names = await courseNames(trx, siteId, courseIdsOf(row));
  const courseIds = courseIdsOf(row).filter((id) => names.has(id));
  if (courseIds.length === 0) throw new AppError('INVALID_CODE', 'Invalid code');
  return { row, names, courseIds, at };
}

/**
 * The redemption itself, in one transaction: the use is taken by a conditional UPDATE (`uses_left > 0`), and the
 * redemption row is unique per user and code, so concurrent tries can neither pass the uses nor redeem twice.
 */
async function redeemInTransaction(
  trx: Db,
  opts: { siteId: number; userId: number; code: string },
): Promise<RedeemedCourse[]> {
  const { row, names, courseIds, at } = await usableCode(trx, opts.siteId, opts.code);
  const mine = await trx
    .selectFrom('registration_code_redemptions')
    .select('id')
    .where('site_id', '=', opts.siteId)
    .where('code_id', '=', row.id)
    .where('user_id', '=', opts.userId)
    .executeTakeFirst();
  if (mine) throw new AppError('CODE_ALREADY_REDEEMED', 'You have already redeemed this code');
  const missing: number[] = [];
  for (const courseId of courseIds) {
    if (!(await hasCourseAccess(trx, { siteId: opts.siteId, userId: opts.userId, courseId }))) missing.push(courseId);
  }
  if (missing.length === 0) throw new AppError('ALREADY_HAS_ACCESS', 'You already have access to these courses');

  const use = await trx
    .updateTable('registration_codes')
    .set((eb) => ({ uses_left: eb('uses_left', '-', 1), updated_at: at }))
    .where('site_id', '=', opts.siteId)
    .where('id', '=', row.id)
    .where('uses_left', '>', 0)
    .executeTakeFirst();
  if (Number(use.numUpdatedRows) === 0) {
    throw new AppError('CODE_ALREADY_REDEEMED', 'This code has already been redeemed');
  }
  const redemption = await trx
    .insertInto('registration_code_redemptions')
    .values({ site_id: opts.siteId, code_id: row.id, user_id: opts.userId, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['code_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!redemption) throw new AppError('CODE_ALREADY_REDEEMED', 'You have already redeemed this code');

  const expiresAt =
    row.access_days !== null ? new Date(Date.parse(at) + row.access_days * DAY_MS).toISOString() : row.access_until;
  for (const courseId of missing) {
    await grantCourseAccess(trx, {
      siteId: opts.siteId,
      courseId,
      userId: opts.userId,
      source: 'code',
      grantedBy: null,
      expiresAt,
    });
  }
  return missing.map((id) => ({ Id: id, Name: names.get(id) ?? '', AccessEndsAt: expiresAt }));
}
