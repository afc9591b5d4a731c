import type { ViewAsEntry } from '../../../../shared/contract/administration/viewAs';
import { type ViewAsEnding, viewAsEndings } from '../../../../shared/domain/administration/viewAs';
import { personName } from '../../../../shared/domain/people';
import type { ViewAsRow } from '../queries/viewAs';

/**
 * How and when an entry ended: as recorded (the end call, the administrator's sign-out); else when its session was
 * ended otherwise (`revoked`); else, past its time, at its expiry (`expired`, worked out as it is read); else it
 * lasts.
 */
function ending(row: ViewAsRow, nowMs: number): { at: string | null; how: ViewAsEnding | null } {
  const recorded = viewAsEndings.find((how) => how === row.ended_how);
  if (row.ended_at !== null && recorded) return { at: row.ended_at, how: recorded };
  const expiresMs = Date.parse(row.expires_at);
  if (row.session_revoked_at !== null && Date.parse(row.session_revoked_at) < expiresMs) {
    return { at: row.session_revoked_at, how: 'revoked' };
  }
  if (expiresMs <= nowMs) return { at: row.expires_at, how: 'expired' };
  return { at: null, how: null };
}

export function presentViewAsEntry(row: ViewAsRow, nowMs = Date.now()): ViewAsEntry {
  const end = ending(row, nowMs);
  return {
    Id: row.id,
    UserId: row.user_id,
    UserName: personName(row.user_first_name, row.user_last_name),
    ViewerId: row.viewer_user_id,
    ViewerName: row.viewer_user_id === null ? null : personName(row.viewer_first_name, row.viewer_last_name) || null,
    Reason: row.reason,
    StartedAt: row.started_at,
    ExpiresAt: row.expires_at,
    EndedAt: end.at,
    EndedHow: end.how,
  };
}
