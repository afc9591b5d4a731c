import type { BulkUserAction } from '../../../../shared/domain/administration/users';
import { type Actor, authorize } from '../../../platform/authorize';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db';
import { existsInSite } from '../../../platform/db/lookups';
import { AppError, invalidFields } from '../../../platform/errors';
import type { Mailer } from '../../../platform/mail/outbox';
import { userActions } from '../policies/users';
import { grantUserCourse, lockUser, revokeUserCourse, sendPasswordReset, unlockUser } from './userChanges';

export interface BulkOutcome {
  done: number[];
  failed: { userId: number; code: string }[];
}

/**
 * bulk_users: one action on each chosen user, as her own page makes it (userChanges.ts: the same rules, limits and
 * history), one user after the other, each in her own transaction. A refusal for one user (the last administrator,
 * a coach and a staff member's account, the hour's resets used up, no access to take) is reported for her and the
 * others go on; a request wrong for all of them (no such course, an end in the past) is refused whole, before any.
 */
export async function bulkUsers(
  db: Db,
  deps: { config: Config; mailer: Mailer },
  opts: {
    siteId: number;
    actor: Actor;
    userIds: number[];
    action: BulkUserAction;
    courseId: number | null;
    expiresAt: string | null;
  },
): Promise<BulkOutcome> {
  const { siteId, actor, action } = opts;
  authorize(actor, userActions.view, undefined);
  const needsCourse = action === 'grant_course' || action === 'revoke_course';
  if (needsCourse && opts.courseId === null) throw invalidFields({ field: 'CourseId', message: 'Choose a course' });
  if (needsCourse && !(await existsInSite(db, 'courses', siteId, opts.courseId ?? 0))) {
    throw new AppError('NOT_FOUND', 'No such course');
  }
  const courseId = opts.courseId ?? 0;
  const run = (userId: number): Promise<unknown> => {
    const change = { siteId, actor, userId };
    if (action === 'grant_course') return grantUserCourse(db, { ...change, courseId, expiresAt: opts.expiresAt });
    if (action === 'revoke_course') return revokeUserCourse(db, { ...change, courseId });
    if (action === 'send_reset') return sendPasswordReset(db, deps, change);
    if (action === 'lock') return lockUser(db, change);
    return unlockUser(db, change);
  };
  const outcome: BulkOutcome = { done: [], failed: [] };
  for (const userId of new Set(opts.userIds)) {
    try {
      await run(userId);
      outcome.done.push(userId);
    } catch (error) {
      // A malformed field is the request's, not one user's: it fails the first user, before any is changed.
      if (!(error instanceof AppError) || error.code === 'INVALID_REQUEST' || error.httpStatus >= 500) throw error;
      outcome.failed.push({ userId, code: error.code });
    }
  }
  return outcome;
}
