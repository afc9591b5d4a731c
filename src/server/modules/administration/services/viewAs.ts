import type { ViewAsEntry } from '../../../../shared/contract/administration/viewAs';
import { VIEW_AS_MINUTES } from '../../../../shared/domain/administration/viewAs';
import { type Actor, authorize } from '../../../platform/authorize';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { createViewAsSession, revokeSessionsById } from '../../identity';
import { viewAsActions } from '../policies/viewAs';
import { presentViewAsEntry } from '../presenters/viewAs';
import { writeHistory } from '../queries/userPage';
import { closeViewAs, countViewAs, insertViewAs, openViewAs, viewAsEntry, viewAsPage } from '../queries/viewAs';
import { userOfSite } from './userPage';

interface Caller {
  siteId: number;
  actor: Actor;
}

async function entryOrNotFound(db: Db, siteId: number, id: number): Promise<ViewAsEntry> {
  const row = await viewAsEntry(db, siteId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such view-as entry');
  return presentViewAsEntry(row);
}

/**
 * start_view_as: a read-only session of a student of the site for VIEW_AS_MINUTES, with its log entry and a line of
 * her history, in one transaction. Only administrators, only on students; a locked student has no session to view.
 */
export async function startViewAs(
  db: Db,
  opts: Caller & { userId: number; reason: string },
): Promise<{ token: string; entry: ViewAsEntry }> {
  const { siteId, actor, userId, reason } = opts;
  const { token, id } = await db.transaction().execute(async (trx) => {
    const target = await userOfSite(trx, siteId, userId);
    authorize(actor, viewAsActions.start, target);
    if (target.locked_at !== null) throw new AppError('INVALID_STATE', 'Her account is locked: unlock it first');
    const session = await createViewAsSession(trx, { siteId, userId, viewerId: actor.id, minutes: VIEW_AS_MINUTES });
    const logId = await insertViewAs(trx, {
      siteId,
      userId,
      viewerId: actor.id,
      sessionId: session.sessionId,
      reason,
      expiresAt: session.expiresAt,
    });
    await writeHistory(trx, { siteId, userId, actorId: actor.id, action: 'viewed_as', details: { Reason: reason } });
    return { token: session.token, id: logId };
  });
  return { token, entry: await entryOrNotFound(db, siteId, id) };
}

/** end_view_as: ends one of the caller's view-as uses (its session and its entry); one already over is left as it is. */
export async function endViewAs(db: Db, opts: Caller & { id: number }): Promise<ViewAsEntry> {
  const { siteId, actor, id } = opts;
  authorize(actor, viewAsActions.readLog, undefined);
  const entry = await entryOrNotFound(db, siteId, id);
  if (entry.ViewerId !== actor.id) throw new AppError('FORBIDDEN', 'Only the administrator who started it ends it');
  await endOpen(db, { siteId, viewerId: actor.id, id, how: 'ended' });
  return entryOrNotFound(db, siteId, id);
}

async function endOpen(db: Db, opts: { siteId: number; viewerId: number; id?: number; how: 'ended' | 'signed_out' }) {
  await db.transaction().execute(async (trx) => {
    const open = await openViewAs(trx, opts);
    const sessions = open.flatMap((row) => (row.session_id === null ? [] : [row.session_id]));
    await revokeSessionsById(trx, { siteId: opts.siteId, ids: sessions });
    await closeViewAs(trx, { siteId: opts.siteId, ids: open.map((row) => row.id), how: opts.how });
  });
}

/** Her signing out ends every view-as she has open on the site (identity's sign-out hook, wired at the edge). */
export const endViewAsOnSignOut = (db: Db, signedOut: { siteId: number; userId: number }): Promise<void> =>
  endOpen(db, { siteId: signedOut.siteId, viewerId: signedOut.userId, how: 'signed_out' });

/** get_view_as_log: one page of the site's log, or of one user's, newest first. */
export async function listViewAs(db: Db, opts: Caller & { userId: number | null; page: number; limit: number }) {
  authorize(opts.actor, viewAsActions.readLog, undefined);
  const [total, rows] = await Promise.all([
    countViewAs(db, opts.siteId, opts.userId),
    viewAsPage(db, {
      siteId: opts.siteId,
      userId: opts.userId,
      limit: opts.limit,
      offset: (opts.page - 1) * opts.limit,
    }),
  ]);
  const nowMs = Date.now();
  return {
    entries: rows.map((row) => presentViewAsEntry(row, nowMs)),
    total,
    page: opts.page,
    totalPages: Math.ceil(total / opts.limit),
  };
}
