import type { z } from 'zod';
import type { SaveUser } from '../../../../shared/contract/administration/users';
import { INVITATIONS_PER_STAFF, RESETS_PER_STAFF } from '../../../../shared/domain/administration/users';
import { isAdminRole, MIN_STAFF_PRIVILEGIES, UserType } from '../../../../shared/domain/roles';
import { type Actor, authorize } from '../../../platform/authorize';
import type { Config } from '../../../platform/config';
import { type Db, lockedForUpdate, now } from '../../../platform/db';
import { existsInSite } from '../../../platform/db/lookups';
import { AppError, invalidFields } from '../../../platform/errors';
import { requireWindow } from '../../../platform/limits';
import type { Mailer } from '../../../platform/mail/outbox';
import { assertPlanRoom } from '../../../platform/plans';
import {
  type AccountFields,
  createInvitedAccount,
  lockAccount,
  mailStaffPasswordReset,
  revokeAllSessions,
  unlockAccount,
  updateAccount,
} from '../../identity';
import { grantCourseAccess, revokeCourseAccess } from '../../learning';
import { userActions } from '../policies/users';
import { lockCompany } from '../queries/companies';
import { signInLocked, writeHistory } from '../queries/userPage';
import { assertSeats } from './companies';
import { userOfSite } from './userPage';

/**
 * The changes staff make on a user's page (/user/:id). Each runs in one transaction with the entry of her history
 * that tells it; the rows are changed through their modules' indexes (identity's accounts, learning's access).
 */

interface Change {
  siteId: number;
  actor: Actor;
  userId: number;
}

interface MailDeps {
  config: Config;
  mailer: Mailer;
}

/**
 * The last-administrator rule: the site keeps at least one administrator who can sign in (type 2, privilegies
 * above 50, not locked). Called inside the change's transaction before it lowers or locks `userId`; the site's
 * administrators' rows are locked for it on PostgreSQL, so two administrators lowering each other at once cannot both
 * pass (SQLite runs one transaction at a time).
 */
async function assertAnotherAdmin(trx: Db, siteId: number, userId: number) {
  const admins = await lockedForUpdate(
    trx,
    trx
      .selectFrom('users')
      .select('id')
      .where('site_id', '=', siteId)
      .where('user_type', '=', UserType.admin)
      .where('privilegies', '>', MIN_STAFF_PRIVILEGIES)
      .where('locked_at', 'is', null),
  ).execute();
  if (!admins.some((admin) => admin.id !== userId)) {
    throw new AppError('LAST_ADMIN', 'The site must keep an administrator: this is the last one');
  }
}

const isActiveAdmin = (row: { user_type: number; privilegies: number; locked_at: string | null }) =>
  isAdminRole(row.user_type, row.privilegies) && row.locked_at === null;

async function companyName(db: Db, siteId: number, companyId: number | null): Promise<string | null> {
  if (companyId === null) return null;
  const row = await db
    .selectFrom('companies')
    .select('name')
    .where('site_id', '=', siteId)
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** A seat of the company she joins (none: nothing to take), under its row lock; SEATS_EXCEEDED when none is left. */
async function takeSeat(trx: Db, siteId: number, companyId: number | null) {
  if (companyId === null) return;
  const company = await lockCompany(trx, siteId, companyId);
  if (company) await assertSeats(trx, siteId, company, 1);
}

/**
 * save_user: a new user (Id none), invited by mail to set her password, or her profile, company, type and
 * privilegies changed. Only administrators give a type or privilegies other than a student's (a coach's try is
 * FORBIDDEN and changes nothing); nobody lowers the last administrator (LAST_ADMIN).
 */
export async function saveUser(
  db: Db,
  deps: MailDeps,
  opts: { siteId: number; actor: Actor; input: z.output<typeof SaveUser> },
): Promise<{ id: number; created: boolean }> {
  const { siteId, actor, input } = opts;
  authorize(actor, userActions.view, undefined);
  if (input.CompanyId !== null && !(await existsInSite(db, 'companies', siteId, input.CompanyId))) {
    throw invalidFields({ field: 'CompanyId', message: 'No such company' });
  }
  if (input.Id === null) {
    const fields: AccountFields = {
      firstName: input.FirstName,
      lastName: input.LastName,
      email: input.Email,
      userType: input.UserType ?? UserType.student,
      privilegies: input.Privilegies ?? 0,
      companyId: input.CompanyId,
      language: input.Language,
    };
    if (fields.userType !== UserType.student || fields.privilegies !== 0) {
      authorize(actor, userActions.changeRole, undefined);
    }
    authorize(actor, userActions.manage, { id: 0, user_type: fields.userType });
    const id = await db.transaction().execute(async (trx) => {
      await requireWindow(trx, {
        siteId,
        bucket: 'user_invitations',
        subject: `user:${actor.id}`,
        ...INVITATIONS_PER_STAFF,
        message: 'Too many invitations sent',
      });
      await assertPlanRoom(trx, { siteId, resource: 'users' });
      await takeSeat(trx, siteId, fields.companyId);
      const userId = await createInvitedAccount(trx, deps, { siteId, fields });
      await writeHistory(trx, {
        siteId,
        userId,
        actorId: actor.id,
        action: 'created',
        details: {
          Email: fields.email,
          FirstName: fields.firstName,
          LastName: fields.lastName,
          UserType: fields.userType,
          Privilegies: fields.privilegies,
          Company: await companyName(trx, siteId, fields.companyId),
          Language: fields.language,
        },
      });
      return userId;
    });
    return { id, created: true };
  }

  const userId = input.Id;
  return db.transaction().execute(async (trx) => {
    const current = await userOfSite(trx, siteId, userId);
    authorize(actor, userActions.manage, current);
    const userType = input.UserType ?? current.user_type;
    const privilegies = input.Privilegies ?? current.privilegies;
    if (userType !== current.user_type || privilegies !== current.privilegies) {
      authorize(actor, userActions.changeRole, undefined);
    }
    if (isActiveAdmin(current) && !isAdminRole(userType, privilegies)) {
      await assertAnotherAdmin(trx, siteId, userId);
    }
    const wanted: Record<string, [string | number | null, string | number | null]> = {
      FirstName: [current.first_name, input.FirstName],
      LastName: [current.last_name, input.LastName],
      Email: [current.email, input.Email],
      UserType: [current.user_type, userType],
      Privilegies: [current.privilegies, privilegies],
      Company: [current.company_name, await companyName(trx, siteId, input.CompanyId)],
      Language: [current.language, input.Language],
    };
    const details = Object.fromEntries(
      Object.entries(wanted)
        .filter(([, [from, to]]) => from !== to)
        .map(([field, [from, to]]) => [field, { From: from, To: to }]),
    );
    if (current.company_id !== input.CompanyId && !('Company' in details)) {
      details.Company = { From: current.company_name, To: null };
    }
    if (Object.keys(details).length === 0) return { id: userId, created: false };
    if (input.CompanyId !== current.company_id) await takeSeat(trx, siteId, input.CompanyId);
    await updateAccount(trx, {
      siteId,
      userId,
      fields: {
        firstName: input.FirstName,
        lastName: input.LastName,
        email: input.Email,
        userType,
        privilegies,
        companyId: input.CompanyId,
        language: input.Language,
      },
    });
    await writeHistory(trx, { siteId, userId, actorId: actor.id, action: 'updated', details });
    return { id: userId, created: false };
  });
}

/** The end of access as given: a day lasts to its end (UTC); null: without end. Must lie ahead. */
function accessEnd(value: string | null): string | null {
  if (value === null) return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(day ? `${value}T23:59:59.999Z` : value);
  if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
    throw invalidFields({ field: 'ExpiresAt', message: 'A day (2026-12-31) or an ISO 8601 time' });
  }
  if (at.toISOString() <= now()) throw invalidFields({ field: 'ExpiresAt', message: 'The end must lie ahead' });
  return at.toISOString();
}

async function courseOfSite(db: Db, siteId: number, courseId: number) {
  const course = await db
    .selectFrom('courses')
    .select(['id', 'name'])
    .where('site_id', '=', siteId)
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course) throw new AppError('NOT_FOUND', 'No such course');
  return course;
}

const accessRow = (db: Db, siteId: number, userId: number, courseId: number) =>
  db
    .selectFrom('course_access')
    .select(['id', 'expires_at'])
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();

/** grant_user_course: gives her the course, or moves the end of the access she holds (extends or shortens it). */
export async function grantUserCourse(
  db: Db,
  opts: Change & { courseId: number; expiresAt: string | null },
): Promise<void> {
  const { siteId, actor, userId, courseId } = opts;
  authorize(actor, userActions.view, undefined);
  const expiresAt = accessEnd(opts.expiresAt);
  await db.transaction().execute(async (trx) => {
    authorize(actor, userActions.manage, await userOfSite(trx, siteId, userId));
    const course = await courseOfSite(trx, siteId, courseId);
    const existing = await accessRow(trx, siteId, userId, courseId);
    if (existing && existing.expires_at === expiresAt) return;
    await grantCourseAccess(trx, { siteId, courseId, userId, source: 'staff', grantedBy: actor.id, expiresAt });
    await writeHistory(trx, {
      siteId,
      userId,
      actorId: actor.id,
      action: existing ? 'course_extended' : 'course_granted',
      details: existing
        ? { CourseId: course.id, Course: course.name, ExpiresAt: { From: existing.expires_at, To: expiresAt } }
        : { CourseId: course.id, Course: course.name, ExpiresAt: expiresAt },
    });
  });
}

/** revoke_user_course: takes her access to the course away (her progress stays). NOT_FOUND when she holds none. */
export async function revokeUserCourse(db: Db, opts: Change & { courseId: number }): Promise<void> {
  const { siteId, actor, userId, courseId } = opts;
  authorize(actor, userActions.view, undefined);
  await db.transaction().execute(async (trx) => {
    authorize(actor, userActions.manage, await userOfSite(trx, siteId, userId));
    const course = await courseOfSite(trx, siteId, courseId);
    const existing = await accessRow(trx, siteId, userId, courseId);
    if (!existing) throw new AppError('NOT_FOUND', 'She holds no access to this course');
    await revokeCourseAccess(trx, { siteId, courseId, userId });
    await writeHistory(trx, {
      siteId,
      userId,
      actorId: actor.id,
      action: 'course_revoked',
      details: { CourseId: course.id, Course: course.name, ExpiresAt: existing.expires_at },
    });
  });
}

/** lock_user: signing in is refused to her and her sessions end. Not oneself, nor the last administrator. */
export async function lockUser(db: Db, opts: Change): Promise<void> {
  const { siteId, actor, userId } = opts;
  authorize(actor, userActions.view, undefined);
  await db.transaction().execute(async (trx) => {
    const target = await userOfSite(trx, siteId, userId);
    authorize(actor, userActions.manage, target);
    authorize(actor, userActions.lock, target);
    if (target.locked_at !== null) return;
    if (isActiveAdmin(target)) await assertAnotherAdmin(trx, siteId, userId);
    await lockAccount(trx, { siteId, userId, lockedBy: actor.id });
    await writeHistory(trx, { siteId, userId, actorId: actor.id, action: 'locked', details: {} });
  });
}

/** unlock_user: the administrator's lock goes, and so do the locks of failed sign-ins of her address. */
export async function unlockUser(db: Db, opts: Change): Promise<void> {
  const { siteId, actor, userId } = opts;
  authorize(actor, userActions.view, undefined);
  await db.transaction().execute(async (trx) => {
    const target = await userOfSite(trx, siteId, userId);
    authorize(actor, userActions.manage, target);
    const byFailures = await signInLocked(trx, siteId, target.email);
    if (target.locked_at === null && !byFailures) return;
    await unlockAccount(trx, { siteId, userId });
    await writeHistory(trx, {
      siteId,
      userId,
      actorId: actor.id,
      action: 'unlocked',
      details: { AdminLock: target.locked_at !== null, SignInLock: byFailures },
    });
  });
}

/** end_user_sessions: signs her out everywhere; answers how many sessions ended. */
export async function endUserSessions(db: Db, opts: Change): Promise<number> {
  const { siteId, actor, userId } = opts;
  authorize(actor, userActions.view, undefined);
  return db.transaction().execute(async (trx) => {
    authorize(actor, userActions.manage, await userOfSite(trx, siteId, userId));
    const live = await trx
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_id', '=', siteId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now())
      .executeTakeFirstOrThrow();
    const ended = Number(live.n);
    await revokeAllSessions(trx, { siteId, userId });
    await writeHistory(trx, { siteId, userId, actorId: actor.id, action: 'sessions_ended', details: { Count: ended } });
    return ended;
  });
}

/** send_password_reset: mails her a reset link; limited per staff member and per address. */
export async function sendPasswordReset(db: Db, deps: MailDeps, opts: Change): Promise<void> {
  const { siteId, actor, userId } = opts;
  authorize(actor, userActions.view, undefined);
  await db.transaction().execute(async (trx) => {
    authorize(actor, userActions.manage, await userOfSite(trx, siteId, userId));
    await requireWindow(trx, {
      siteId,
      bucket: 'staff_password_resets',
      subject: `user:${actor.id}`,
      ...RESETS_PER_STAFF,
      message: 'Too many password resets sent',
    });
    await mailStaffPasswordReset(trx, deps, { siteId, userId });
    await writeHistory(trx, { siteId, userId, actorId: actor.id, action: 'password_reset_sent', details: {} });
  });
}
