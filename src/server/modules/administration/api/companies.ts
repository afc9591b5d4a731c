import { companies } from '../../../../shared/contract/administration/companies';
import { handlers, signedInUser } from '../../../platform/handlers';
import { presentCompany, presentCompanyListItem, presentCompanyUser } from '../presenters/companies';
import {
  addCompanyUsers,
  deleteCompany,
  getCompany,
  listCompanies,
  removeCompanyUser,
  saveCompany,
} from '../services/companies';

/** `companies.php`: /admin/companies. Staff only (the contract's access level and the module's policy); the caller's site. */
export const companiesHandlers = handlers(companies, {
  async get_company_list(ctx, data) {
    const list = await listCompanies(ctx.db, {
      user: signedInUser(ctx),
      siteId: ctx.site.id,
      search: data.Search,
      page: data.Page,
      limit: data.Limit,
    });
    return {
      status: 'OK',
      data: list.rows.map(presentCompanyListItem),
      pagination: { page: list.page, total_pages: list.totalPages, total: list.total },
    };
  },
  async get_company(ctx, data) {
    const found = await getCompany(ctx.db, {
      user: signedInUser(ctx),
      siteId: ctx.site.id,
      companyId: data.Id,
      search: data.Search,
      page: data.Page,
      limit: data.Limit,
    });
    return {
      status: 'OK',
      data: presentCompany(found.company),
      users: found.rows.map(presentCompanyUser),
      pagination: { page: found.page, total_pages: found.totalPages, total: found.total },
    };
  },
  async save_company(ctx, data) {
    const company = await saveCompany(ctx.db, { user: signedInUser(ctx), siteId: ctx.site.id, values: data });
    return { status: 'OK', data: presentCompany(company) };
  },
  async delete_company(ctx, data) {
    await deleteCompany(ctx.db, { user: signedInUser(ctx), siteId: ctx.site.id, companyId: data.Id });
    return { status: 'OK' };
  },
  async add_company_users(ctx, data) {
    const outcome = await addCompanyUsers(ctx.db, {
      user: signedInUser(ctx),
      siteId: ctx.site.id,
      companyId: data.CompanyId,
      userIds: data.UserIds,
    });
    return { status: 'OK', data: presentCompany(outcome.company), Added: outcome.added, Moved: outcome.moved };
  },
  async remove_company_user(ctx, data) {
    const company = await removeCompanyUser(ctx.db, {
      user: signedInUser(ctx),
      siteId: ctx.site.id,
      companyId: data.CompanyId,
      userId: data.UserId,
    });
    return { status: 'OK', data: presentCompany(company) };
  },
});
