import { type Db, now } from '../../../platform/db';

/**
 * The log of "view as this user" (`view_as_log`), with the names of both people and the state of the view-as
 * session, which tells an entry still open whose session was ended otherwise (her sessions ended, she was locked).
 */
const entries = (db: Db, siteId: number) =>
  db
    .selectFrom('view_as_log')
    .innerJoin('users as viewed', (join) =>
      join.onRef('viewed.id', '=', 'view_as_log.user_id').on('viewed.site_id', '=', siteId),
    )
    .leftJoin('users as viewer', (join) =>
      join.onRef('viewer.id', '=', 'view_as_log.viewer_user_id').on('viewer.site_id', '=', siteId),
    )
    .leftJoin('sessions', 'sessions.id', 'view_as_log.session_id')
    .select([
      'view_as_log.id',
      'view_as_log.user_id',
      'viewed.first_name as user_first_name',
      'viewed.last_name as user_last_name',
      'view_as_log.viewer_user_id',
      'viewer.first_name as viewer_first_name',
      'viewer.last_name as viewer_last_name',
      'view_as_log.reason',
      'view_as_log.started_at',
      'view_as_log.expires_at',
      'view_as_log.ended_at',
      'view_as_log.ended_how',
      'view_as_log.session_id',
      'sessions.revoked_at as session_revoked_at',
    ])
    .where('view_as_log.site_id', '=', siteId);

export type ViewAsRow = NonNullable<Awaited<ReturnType<ReturnType<typeof entries>['executeTakeFirst']>>>;

export const viewAsEntry = (db: Db, siteId: number, id: number) =>
  entries(db, siteId).where('view_as_log.id', '=', id).executeTakeFirst();

export const viewAsPage = (db: Db, opts: { siteId: number; userId: number | null; limit: number; offset: number }) => {
  let q = entries(db, opts.siteId);
  if (opts.userId !== null) q = q.where('view_as_log.user_id', '=', opts.userId);
  return q.orderBy('view_as_log.id', 'desc').limit(opts.limit).offset(opts.offset).execute();
};

export async function countViewAs(db: Db, siteId: number, userId: number | null): Promise<number> {
  let q = db
    .selectFrom('view_as_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', siteId);
  if (userId !== null) q = q.where('user_id', '=', userId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function insertViewAs(
  db: Db,
  entry: { siteId: number; userId: number; viewerId: number; sessionId: number; reason: string; expiresAt: string },
): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('view_as_log')
    .values({
      site_id: entry.siteId,
      user_id: entry.userId,
      viewer_user_id: entry.viewerId,
      session_id: entry.sessionId,
      reason: entry.reason,
      started_at: at,
      expires_at: entry.expiresAt,
      ended_at: null,
      ended_how: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The open entries (not ended, not past their time) a viewer has on the site; of one entry when `id` is given. */
export const openViewAs = (db: Db, opts: { siteId: number; viewerId: number; id?: number }) => {
  let q = db
    .selectFrom('view_as_log')
    .select(['id', 'session_id'])
    .where('site_id', '=', opts.siteId)
    .where('viewer_user_id', '=', opts.viewerId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now());
  if (opts.id !== undefined) q = q.where('id', '=', opts.id);
  return q.execute();
};

/** Records how open entries ended (an entry already ended keeps its end). */
export async function closeViewAs(db: Db, opts: { siteId: number; ids: number[]; how: 'ended' | 'signed_out' }) {
  if (opts.ids.length === 0) return;
  await db
    .updateTable('view_as_log')
    .set({ ended_at: now(), ended_how: opts.how, updated_at: now() })
    .where('site_id', '=', opts.siteId)
    .where('id', 'in', opts.ids)
    .where('ended_at', 'is', null)
    .execute();
}
