import { type CompiledQuery, createQueryId } from 'kysely';
import { addDays } from '../../../../shared/domain/time';
import { type Db, now } from '../../../platform/db';
import type { UserRow } from '../../../platform/db/schema';
import { hashToken, newToken } from '../../../platform/lib/tokens';

export const SESSION_DAYS = 30;

export async function createSession(db: Db, opts: { siteId: number; userId: number }): Promise<string> {
  const token = newToken();
  const at = now();
  await db
    .insertInto('sessions')
    .values({
      site_id: opts.siteId,
      user_id: opts.userId,
      token_hash: hashToken(token),
      expires_at: addDays(new Date(), SESSION_DAYS).toISOString(),
      revoked_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return token;
}

/**
 * The session lookup with stand-ins for its values. Every authenticated call runs it, and building it in Kysely
 * (immutable nodes, then compiling them to SQL) took about four times as long as running it (docs/performance.md),
 * so it is built and compiled once per database and only its parameters change.
 */
const sessionUserQuery = (db: Db, values: { tokenHash: string; siteId: number; at: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', values.tokenHash)
    .where('sessions.site_id', '=', values.siteId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', values.at);

type SessionValues = Parameters<typeof sessionUserQuery>[1];

/** Stand-ins no real value can equal: each marks where its value goes among the compiled query's parameters. */
const placeholders = {
  tokenHash: Symbol('tokenHash') as unknown as string,
  siteId: Symbol('siteId') as unknown as number,
  at: Symbol('at') as unknown as string,
} satisfies SessionValues;

/** The compiled SQL (per database: each dialect has its own) and, for each parameter, which value it takes. */
interface PreparedSessionQuery {
  compiled: CompiledQuery<UserRow>;
  slots: (keyof SessionValues)[];
}

const prepared = new WeakMap<Db, PreparedSessionQuery>();

function prepareSessionQuery(db: Db): PreparedSessionQuery {
  const compiled = sessionUserQuery(db, placeholders).compile() as CompiledQuery<UserRow>;
  const names = Object.keys(placeholders) as (keyof SessionValues)[];
  const slots = compiled.parameters.map((parameter) => {
    const name = names.find((n) => placeholders[n] === parameter);
    if (!name) throw new Error('The session query has a parameter that is not one of its values');
    return name;
  });
  return { compiled, slots };
}

/** The user a live token of this site belongs to, in one statement; null for unknown, expired or revoked tokens. */
export async function findSessionUser(db: Db, opts: { siteId: number; token: string }): Promise<UserRow | null> {
  let query = prepared.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    prepared.set(db, query);
  }
  const values: SessionValues = { tokenHash: hashToken(opts.token), siteId: opts.siteId, at: now() };
  const { rows } = await db.executeQuery<UserRow>({
    ...query.compiled,
    parameters: query.slots.map((slot) => values[slot]),
    queryId: createQueryId(),
  });
  return rows[0] ?? null;
}

export async function revokeSession(db: Db, opts: { siteId: number; token: string }): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now(), updated_at: now() })
    .where('token_hash', '=', hashToken(opts.token))
    .where('site_id', '=', opts.siteId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Db, opts: { siteId: number; userId: number }): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now(), updated_at: now() })
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.userId)
    .where('revoked_at', 'is', null)
    .execute();
}
