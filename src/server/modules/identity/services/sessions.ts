import { addDays } from '../../../../shared/domain/time';
import { type Db, now } from '../../../platform/db';
import { prepare } from '../../../platform/db/prepared';
import { type SessionUser, sessionUserColumns } from '../../../platform/db/schema';
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
 * A view-as session (docs/decisions.md, "View as this user"): a session of `userId` that names its viewer and lives
 * `minutes` at most. Its token, its row's id and when it ends.
 */
export async function createViewAsSession(
  db: Db,
  opts: { siteId: number; userId: number; viewerId: number; minutes: number },
): Promise<{ token: string; sessionId: number; expiresAt: string }> {
  const token = newToken();
  const at = now();
  const expiresAt = new Date(Date.now() + opts.minutes * 60_000).toISOString();
  const row = await db
    .insertInto('sessions')
    .values({
      site_id: opts.siteId,
      user_id: opts.userId,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      revoked_at: null,
      viewer_user_id: opts.viewerId,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, sessionId: row.id, expiresAt };
}

/** Ends sessions by their ids (view-as sessions that end); how many were still live. */
export async function revokeSessionsById(db: Db, opts: { siteId: number; ids: number[] }): Promise<number> {
  if (opts.ids.length === 0) return 0;
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now(), updated_at: now() })
    .where('site_id', '=', opts.siteId)
    .where('id', 'in', opts.ids)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

type SignOutHook = (db: Db, signedOut: { siteId: number; userId: number }) => Promise<void>;
const signOutHooks: SignOutHook[] = [];

/**
 * What else ends when a user signs out of one of her own sessions: the edge (registry.ts) adds administration's
 * ending of her view-as sessions, which this module cannot import.
 */
export const afterSignOut = (hook: SignOutHook): void => {
  if (!signOutHooks.includes(hook)) signOutHooks.push(hook);
};

export async function runSignOutHooks(db: Db, signedOut: { siteId: number; userId: number }): Promise<void> {
  for (const hook of signOutHooks) await hook(db, signedOut);
}

/**
 * The session lookup. Every authenticated call runs it, and building it in Kysely took about four times as long as
 * running it (docs/performance.md), so it is prepared: built and compiled once per database.
 */
const sessionUser = prepare(
  { tokenHash: true, siteId: true, at: true },
  (db, values: { tokenHash: string; siteId: number; at: string }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        ...sessionUserColumns.map((column) => `users.${column}` as const),
        'sessions.viewer_user_id as viewer_id',
      ])
      .where('sessions.token_hash', '=', values.tokenHash)
      .where('sessions.site_id', '=', values.siteId)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', values.at)
      // Locking ends her sessions; this also holds against a sign-in that was under way meanwhile.
      .where('users.locked_at', 'is', null),
);

/** The user a live token of this site belongs to, in one statement; null for unknown, expired or revoked tokens. */
export async function findSessionUser(db: Db, opts: { siteId: number; token: string }): Promise<SessionUser | null> {
  const values = { tokenHash: hashToken(opts.token), siteId: opts.siteId, at: now() };
  const [user] = await sessionUser.run(db, values, undefined);
  return user ?? null;
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

/** Signs the user out everywhere, or everywhere but the session of `keepToken` (the one that asked). */
export async function revokeAllSessions(
  db: Db,
  opts: { siteId: number; userId: number; keepToken?: string | null },
): Promise<void> {
  let revoke = db
    .updateTable('sessions')
    .set({ revoked_at: now(), updated_at: now() })
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.userId)
    .where('revoked_at', 'is', null);
  if (opts.keepToken) revoke = revoke.where('token_hash', '!=', hashToken(opts.keepToken));
  await revoke.execute();
}
