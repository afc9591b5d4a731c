import { users } from '../../../../shared/contract/administration/users';
import { handlers, signedInUser } from '../../../platform/handlers';
import { presentCompanyOption, presentUserListItem } from '../presenters/users';
import { listCompanies, listUsers } from '../services/users';

/** `users.php`: /users. Staff only (the contract's access level and the module's policy); always the caller's site. */
export const usersHandlers = handlers(users, {
  async get_users(ctx, data) {
    const list = await listUsers(ctx.db, {
      user: signedInUser(ctx),
      filters: {
        siteId: ctx.site.id,
        search: data.Search,
        userType: data.UserType,
        companyId: data.CompanyId,
        courseId: data.CourseId,
        status: data.Status === '' ? null : data.Status,
      },
      sort: data.Sort,
      desc: data.Desc,
      page: data.Page,
      limit: data.Limit,
    });
    return {
      status: 'OK',
      data: list.rows.map(presentUserListItem),
      pagination: { page: list.page, total_pages: list.totalPages, total: list.total },
    };
  },
  async get_companies(ctx) {
    const rows = await listCompanies(ctx.db, { user: signedInUser(ctx), siteId: ctx.site.id });
    return { status: 'OK', data: rows.map(presentCompanyOption) };
  },
});
