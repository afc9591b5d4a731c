import { USER_HISTORY_FIRST } from '../../../../shared/contract/administration/users';
import { type Actor, authorize, can } from '../../../platform/authorize';
import { type Db, now } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { userActions } from '../policies/users';
import {
  presentHistory,
  presentUserAchievements,
  presentUserCertificates,
  presentUserCourses,
  presentUserExams,
  presentUserProfile,
  presentUserSessions,
} from '../presenters/userPage';
import {
  achievementRows,
  certificateRows,
  countHistory,
  courseRows,
  examRows,
  findUserRow,
  historyRows,
  sessionRows,
  signInLocked,
} from '../queries/userPage';

/** Her row, or NOT_FOUND for a user of no site of the caller's (another site's user included). */
export async function userOfSite(db: Db, siteId: number, userId: number) {
  const row = await findUserRow(db, siteId, userId);
  if (!row) throw new AppError('NOT_FOUND', 'No such user');
  return row;
}

/** get_user: everything her page shows, as the caller may see it. */
export async function userPage(db: Db, opts: { siteId: number; actor: Actor; userId: number }) {
  authorize(opts.actor, userActions.view, undefined);
  const row = await userOfSite(db, opts.siteId, opts.userId);
  const { siteId, userId } = opts;
  const [locked, courses, achievements, exams, certificates, sessions, history, historyTotal] = await Promise.all([
    signInLocked(db, siteId, row.email),
    courseRows(db, siteId, userId),
    achievementRows(db, siteId, userId),
    examRows(db, siteId, userId),
    certificateRows(db, siteId, userId),
    sessionRows(db, siteId, userId),
    historyRows(db, siteId, userId, { limit: USER_HISTORY_FIRST, offset: 0 }),
    countHistory(db, siteId, userId),
  ]);
  const at = now();
  return {
    data: {
      User: presentUserProfile(row, locked),
      Courses: presentUserCourses(courses, at),
      Achievements: presentUserAchievements(achievements),
      Exams: presentUserExams(exams),
      Certificates: presentUserCertificates(certificates, at),
      Sessions: presentUserSessions(sessions),
      History: presentHistory(history),
      HistoryTotal: historyTotal,
    },
    Can: {
      Manage: can(opts.actor, userActions.manage, row),
      ChangeRole: can(opts.actor, userActions.changeRole, undefined),
    },
  };
}

/** get_user_history: a page of her history, newest first. */
export async function userHistoryPage(
  db: Db,
  opts: { siteId: number; actor: Actor; userId: number; page: number; limit: number },
) {
  authorize(opts.actor, userActions.view, undefined);
  await userOfSite(db, opts.siteId, opts.userId);
  const [rows, total] = await Promise.all([
    historyRows(db, opts.siteId, opts.userId, { limit: opts.limit, offset: (opts.page - 1) * opts.limit }),
    countHistory(db, opts.siteId, opts.userId),
  ]);
  return { entries: presentHistory(rows), total, totalPages: Math.ceil(total / opts.limit) };
}
