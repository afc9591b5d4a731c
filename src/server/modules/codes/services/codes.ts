import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { GenerateCodes } from '../../../../shared/contract/codes/codes';
import { CODE_ALPHABET, CODE_LENGTH, normalizeCode } from '../../../../shared/domain/codes/codes';
import { momentOf } from '../../../../shared/domain/time';
import { authorize } from '../../../platform/authorize';
import { type Db, now, timestampExpression } from '../../../platform/db';
import { getById } from '../../../platform/db/lookups';
import type { SessionUser } from '../../../platform/db/schema';
import { AppError, invalidFields } from '../../../platform/errors';
import { codeActions } from '../policies/codes';
import { type CodeRow, courseIdsOf, courseNames } from '../queries/codes';

/** A new code: CODE_LENGTH characters drawn uniformly from CODE_ALPHABET by the system's CSPRNG (80 bits). */
export function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Rows with the names of all their courses and the moment their status is told at, for presenting them. */
async function withNames(db: Db, siteId: number, rows: CodeRow[]) {
  return { rows, names: await courseNames(db, siteId, rows.flatMap(courseIdsOf)), at: now() };
}

export async function listCodes(
  db: Db,
  opts: { siteId: number; user: SessionUser; search?: string | undefined; page: number; limit: number },
) {
  authorize(opts.user, codeActions.manage, undefined);
  let query = db.selectFrom('registration_codes').where('site_id', '=', opts.siteId);
  const search = opts.search?.trim();
  if (search) {
    const code = normalizeCode(search);
    // LIKE's wildcards are dropped from the search rather than escaped: SQLite and PostgreSQL escape differently.
    const note = `%${search.replace(/[\\%_]/g, '')}%`;
    query = query.where((eb) =>
      eb.or([
        ...(code ? [eb('code', 'like', `%${code}%`)] : []),
        eb(eb.fn('lower', ['note']), 'like', eb.fn('lower', [eb.val(note)])),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ...(await withNames(db, opts.siteId, rows)), total: Number(count.n) };
}

export async function generateCodes(
  db: Db,
  opts: { siteId: number; user: SessionUser; spec: z.output<typeof GenerateCodes> },
) {
  authorize(opts.user, codeActions.manage, undefined);
  const { spec } = opts;
  const courseIds = [...new Set(spec.CourseIds)];
  const names = await courseNames(db, opts.siteId, courseIds);
  if (names.size !== courseIds.length) throw invalidFields({ field: 'CourseIds', message: 'No such course' });
  if (spec.AccessDays != null && spec.AccessUntil != null) {
    throw invalidFields({
      field: 'AccessUntil',
      message: 'Give either a number of days or an end date of access, not both',
    });
  }
  const at = now();
  const validFrom = momentOf(spec.ValidFrom, false);
  const validTo = momentOf(spec.ValidTo, true);
  if (validFrom !== null && validTo !== null && validTo <= validFrom) {
    throw invalidFields({ field: 'ValidTo', message: 'Valid to must come after valid from' });
  }
  if (validTo !== null && validTo <= at) {
    throw invalidFields({ field: 'ValidTo', message: 'Valid to must be in the future' });
  }
  const accessUntil = momentOf(spec.AccessUntil, true);
  if (accessUntil !== null && accessUntil <= at) {
    throw invalidFields({ field: 'AccessUntil', message: 'The end of access must be in the future' });
  }
  const codes = new Set<string>();
  while (codes.size < spec.Count) codes.add(newCode());
  const batchKey = randomBytes(8).toString('hex');
  const values = [...codes].map((code) => ({
    site_id: opts.siteId,
    code,
    batch_key: batchKey,
    note: spec.Note,
    course_ids: JSON.stringify(courseIds),
    access_days: spec.AccessDays ?? null,
    access_until: accessUntil,
    uses_total: spec.Uses,
    uses_left: spec.Uses,
    valid_from: validFrom,
    valid_to: validTo,
    deactivated_at: null,
    created_by_user_id: opts.user.id,
    created_at: at,
    updated_at: at,
  }));
  const rows = await db.transaction().execute(async (trx) => {
    const inserted: CodeRow[] = [];
    // In slices, as a statement has a bound on its parameters (SQLite: 32766; 15 per row).
    for (let i = 0; i < values.length; i += 100) {
      inserted.push(
        ...(await trx
          .insertInto('registration_codes')
          .values(values.slice(i, i + 100))
          .returningAll()
          .execute()),
      );
    }
    return inserted;
  });
  return { batchKey, rows, names, at };
}

export async function deactivateCode(db: Db, opts: { siteId: number; user: SessionUser; codeId: number }) {
  authorize(opts.user, codeActions.manage, undefined);
  await getById(db, 'registration_codes', opts.siteId, opts.codeId, 'No such code');
  const at = now();
  await db
    .updateTable('registration_codes')
    .set((eb) => ({ deactivated_at: eb.fn.coalesce('deactivated_at', timestampExpression(db, at)), updated_at: at }))
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.codeId)
    .execute();
  const row = await getById(db, 'registration_codes', opts.siteId, opts.codeId, 'No such code');
  return withNames(db, opts.siteId, [row]);
}

export async function listRedemptions(db: Db, opts: { siteId: number; user: SessionUser; codeId: number }) {
  authorize(opts.user, codeActions.manage, undefined);
  await getById(db, 'registration_codes', opts.siteId, opts.codeId, 'No such code');
  return db
    .selectFrom('registration_code_redemptions as r')
    .innerJoin('users', 'users.id', 'r.user_id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.email', 'r.created_at'])
    .where('r.site_id', '=', opts.siteId)
    .where('r.code_id', '=', opts.codeId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

export async function batchCodes(db: Db, opts: { siteId: number; user: SessionUser; batchKey: string }) {
  authorize(opts.user, codeActions.manage, undefined);
  const rows = await db
    .selectFrom('registration_codes')
    .selectAll()
    .where('site_id', '=', opts.siteId)
    .where('batch_key', '=', opts.batchKey)
    .orderBy('id')
    .execute();
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'No such batch');
  return withNames(db, opts.siteId, rows);
}
