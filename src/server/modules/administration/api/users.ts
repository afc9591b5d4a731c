import type { z } from 'zod';
import { type UserListFilters, users } from '../../../../shared/contract/administration/users';
import { handlers, signedInUser } from '../../../platform/handlers';
import { presentCompanyOption, presentUserListItem } from '../presenters/users';
import type { UserFilters } from '../queries/users';
import { bulkUsers } from '../services/userBulk';
import {
  endUserSessions,
  grantUserCourse,
  lockUser,
  revokeUserCourse,
  saveUser,
  sendPasswordReset,
  unlockUser,
} from '../services/userChanges';
import { userHistoryPage, userPage } from '../services/userPage';
import { listCompanies, listUsers } from '../services/users';

/** The filters of the list as the services read them, from a call's data (get_users, export_users). */
export const userFiltersOf = (siteId: number, data: z.output<typeof UserListFilters>): UserFilters => ({
  siteId,
  search: data.Search,
  userType: data.UserType,
  companyId: data.CompanyId,
  courseId: data.CourseId,
  status: data.Status === '' ? null : data.Status,
});

/** `users.php`: /users and /user/:id. Staff only (the contract's access level and the module's policy); always the caller's site. */
export const usersHandlers = handlers(users, {
  async get_users(ctx, data) {
    const list = await listUsers(ctx.db, {
      user: signedInUser(ctx),
      filters: userFiltersOf(ctx.site.id, data),
      sort: data.Sort,
      desc: data.Desc,
      page: data.Page,
      limit: data.Limit,
    });
    return {
      status: 'OK',
      data: list.rows.map(presentUserListItem),
      pagination: { page: list.page, total_pages: list.totalPages, total: list.total, more: list.more },
    };
  },
  async get_companies(ctx) {
    const rows = await listCompanies(ctx.db, { user: signedInUser(ctx), siteId: ctx.site.id });
    return { status: 'OK', data: rows.map(presentCompanyOption) };
  },
  async get_user(ctx, data) {
    const page = await userPage(ctx.db, { siteId: ctx.site.id, actor: signedInUser(ctx), userId: data.Id });
    return { status: 'OK', ...page };
  },
  async get_user_history(ctx, data) {
    const page = await userHistoryPage(ctx.db, {
      siteId: ctx.site.id,
      actor: signedInUser(ctx),
      userId: data.Id,
      page: data.Page,
      limit: data.Limit,
    });
    return {
      status: 'OK',
      data: page.entries,
      pagination: { page: data.Page, total_pages: page.totalPages, total: page.total },
    };
  },
  async save_user(ctx, data) {
    const saved = await saveUser(
      ctx.db,
      { config: ctx.config, mailer: ctx.mailer },
      { siteId: ctx.site.id, actor: signedInUser(ctx), input: data },
    );
    return { status: 'OK', Id: saved.id, Created: saved.created };
  },
  async grant_user_course(ctx, data) {
    await grantUserCourse(ctx.db, {
      siteId: ctx.site.id,
      actor: signedInUser(ctx),
      userId: data.UserId,
      courseId: data.CourseId,
      expiresAt: data.ExpiresAt,
    });
    return { status: 'OK' };
  },
  async revoke_user_course(ctx, data) {
    await revokeUserCourse(ctx.db, {
      siteId: ctx.site.id,
      actor: signedInUser(ctx),
      userId: data.UserId,
      courseId: data.CourseId,
    });
    return { status: 'OK' };
  },
  async lock_user(ctx, data) {
    await lockUser(ctx.db, { siteId: ctx.site.id, actor: signedInUser(ctx), userId: data.Id });
    return { status: 'OK' };
  },
  async unlock_user(ctx, data) {
    await unlockUser(ctx.db, { siteId: ctx.site.id, actor: signedInUser(ctx), userId: data.Id });
    return { status: 'OK' };
  },
  async end_user_sessions(ctx, data) {
    const ended = await endUserSessions(ctx.db, { siteId: ctx.site.id, actor: signedInUser(ctx), userId: data.Id });
    return { status: 'OK', Ended: ended };
  },
  async send_password_reset(ctx, data) {
    await sendPasswordReset(
      ctx.db,
      { config: ctx.config, mailer: ctx.mailer },
      { siteId: ctx.site.id, actor: signedInUser(ctx), userId: data.Id },
    );
    return { status: 'OK' };
  },
  async bulk_users(ctx, data) {
    const outcome = await bulkUsers(
      ctx.db,
      { config: ctx.config, mailer: ctx.mailer },
      {
        siteId: ctx.site.id,
        actor: signedInUser(ctx),
        userIds: data.UserIds,
        action: data.Action,
        courseId: data.CourseId,
        expiresAt: data.ExpiresAt,
      },
    );
    return {
      status: 'OK',
      Done: outcome.done,
      Failed: outcome.failed.map((failure) => ({ UserId: failure.userId, error_code: failure.code })),
    };
  },
});
