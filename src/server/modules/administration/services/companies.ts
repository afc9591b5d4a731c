import type { z } from 'zod';
import type { SaveCompany } from '../../../../shared/contract/administration/companies';
import { companyNameKey } from '../../../../shared/domain/administration/companies';
import { type Actor, authorize } from '../../../platform/authorize';
import { type Db, now } from '../../../platform/db';
import { isUniqueViolation } from '../../../platform/db/lookups';
import { AppError } from '../../../platform/errors';
import { assertPlanRoom } from '../../../platform/plans';
import { companyActions } from '../policies/companies';
import {
  type CompanyRecord,
  companyNamed,
  companyPage,
  companyUsers,
  countCompanies,
  findCompany,
  isForeignKeyViolation,
  lockCompany,
  usersInCompany,
} from '../queries/companies';

/** A call of the companies' administration: who makes it, in which site. */
interface Caller {
  user: Actor;
  siteId: number;
}

const NO_SUCH_COMPANY = 'No such company';

const nameTaken = (name: string) => new AppError('NAME_TAKEN', `The site already has a company named "${name}"`);

/** get_company_list: one page of the site's companies by name, with their seats in use and paid for. */
export async function listCompanies(db: Db, opts: Caller & { search: string; page: number; limit: number }) {
  authorize(opts.user, companyActions.manage, undefined);
  const [total, rows] = await Promise.all([
    countCompanies(db, opts.siteId, opts.search),
    companyPage(db, {
      siteId: opts.siteId,
      search: opts.search,
      limit: opts.limit,
      offset: (opts.page - 1) * opts.limit,
    }),
  ]);
  return { rows, total, page: opts.page, totalPages: Math.ceil(total / opts.limit) };
}

/** A company of the site, or NOT_FOUND (another site's company is not found either). */
async function companyOrNotFound(db: Db, siteId: number, companyId: number): Promise<CompanyRecord> {
  const company = await findCompany(db, siteId, companyId);
  if (!company) throw new AppError('NOT_FOUND', NO_SUCH_COMPANY);
  return company;
}

/** get_company: a company with one page of its users. */
export async function getCompany(
  db: Db,
  opts: Caller & { companyId: number; search: string; page: number; limit: number },
) {
  authorize(opts.user, companyActions.manage, undefined);
  const company = await companyOrNotFound(db, opts.siteId, opts.companyId);
  const users = await companyUsers(db, {
    siteId: opts.siteId,
    companyId: opts.companyId,
    search: opts.search,
    limit: opts.limit,
    offset: (opts.page - 1) * opts.limit,
  });
  return { company, ...users, page: opts.page, totalPages: Math.ceil(users.total / opts.limit) };
}

/**
 * save_company: creates a company (no id) within the plan's number of companies, or changes one; its seats never
 * below its users. One transaction, with the site's row (a creation) or the company's (a change) locked, so a
 * simultaneous creation or addition of users cannot slip past the check.
 */
export async function saveCompany(db: Db, opts: Caller & { values: z.output<typeof SaveCompany> }) {
  authorize(opts.user, companyActions.manage, undefined);
  const { values } = opts;
  const name = values.Name.replace(/\s+/g, ' ');
  const nameKey = companyNameKey(name);
  const at = now();
  const columns = {
    name,
    name_key: nameKey,
    seats: values.Seats,
    contact_name: values.ContactName,
    contact_email: values.ContactEmail,
    contact_phone: values.ContactPhone,
    org_number: values.OrgNumber,
    notes: values.Notes,
    updated_at: at,
  };
  try {
    const id = await db.transaction().execute(async (trx) => {
      if (values.Id === null) {
        await assertPlanRoom(trx, { siteId: opts.siteId, resource: 'companies' });
        if (await companyNamed(trx, opts.siteId, nameKey, null)) throw nameTaken(name);
        const row = await trx
          .insertInto('companies')
          .values({ ...columns, site_id: opts.siteId, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }
      const company = await lockCompany(trx, opts.siteId, values.Id);
      if (!company) throw new AppError('NOT_FOUND', NO_SUCH_COMPANY);
      const users = await usersInCompany(trx, opts.siteId, company.id);
      if (values.Seats !== null && values.Seats < users) {
        throw new AppError('SEATS_EXCEEDED', `The company has ${users} users: its seats cannot be fewer than that`, {
          seats: values.Seats,
          users,
        });
      }
      if (await companyNamed(trx, opts.siteId, nameKey, company.id)) throw nameTaken(name);
      await trx
        .updateTable('companies')
        .set(columns)
        .where('site_id', '=', opts.siteId)
        .where('id', '=', company.id)
        .execute();
      return company.id;
    });
    return companyOrNotFound(db, opts.siteId, id);
  } catch (error) {
    // A simultaneous save took the name between the check and the write.
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

/**
 * delete_company: only a company without users (docs/decisions.md, "Companies"): its users are neither deleted nor
 * silently left without a company; an administrator moves or removes them first.
 */
export async function deleteCompany(db: Db, opts: Caller & { companyId: number }) {
  authorize(opts.user, companyActions.manage, undefined);
  const notEmpty = (users: number) =>
    new AppError('COMPANY_NOT_EMPTY', `The company has ${users} users: remove them first`, { users });
  try {
    await db.transaction().execute(async (trx) => {
      const company = await lockCompany(trx, opts.siteId, opts.companyId);
      if (!company) throw new AppError('NOT_FOUND', NO_SUCH_COMPANY);
      const users = await usersInCompany(trx, opts.siteId, company.id);
      if (users > 0) throw notEmpty(users);
      await trx.deleteFrom('companies').where('site_id', '=', opts.siteId).where('id', '=', company.id).execute();
    });
  } catch (error) {
    // A user put in the company by a write that does not take its lock (a registration cannot: it makes its own).
    if (isForeignKeyViolation(error)) throw notEmpty(await usersInCompany(db, opts.siteId, opts.companyId));
    throw error;
  }
}

/**
 * Refuses SEATS_EXCEEDED when `joining` more users do not fit in the company's seats. Called in the transaction that
 * adds them, with the company's row locked (`lockCompany`), so that two additions cannot both take the last seat.
 */
export async function assertSeats(
  trx: Db,
  siteId: number,
  company: { id: number; seats: number | null },
  joining: number,
): Promise<void> {
  if (company.seats === null || joining === 0) return;
  const users = await usersInCompany(trx, siteId, company.id);
  if (users + joining > company.seats) {
    throw new AppError(
      'SEATS_EXCEEDED',
      `The company pays for ${company.seats} seats and has ${users} users: ${joining} more do not fit`,
      { seats: company.seats, users, adding: joining },
    );
  }
}

/**
 * add_company_users: the users into the company, from no company or another, within its seats; all of them or
 * none. The company's row is locked while its users are counted and changed.
 */
export async function addCompanyUsers(db: Db, opts: Caller & { companyId: number; userIds: number[] }) {
  authorize(opts.user, companyActions.manage, undefined);
  const userIds = [...new Set(opts.userIds)];
  const outcome = await db.transaction().execute(async (trx) => {
    const company = await lockCompany(trx, opts.siteId, opts.companyId);
    if (!company) throw new AppError('NOT_FOUND', NO_SUCH_COMPANY);
    const found = await trx
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('site_id', '=', opts.siteId)
      .where('id', 'in', userIds)
      .execute();
    if (found.length !== userIds.length) {
      const known = new Set(found.map((user) => user.id));
      const missing = userIds.filter((id) => !known.has(id));
      throw new AppError('NOT_FOUND', `No such user: ${missing.join(', ')}`, { user_ids: missing });
    }
    const joining = found.filter((user) => user.company_id !== company.id);
    await assertSeats(trx, opts.siteId, company, joining.length);
    if (joining.length > 0) {
      await trx
        .updateTable('users')
        .set({ company_id: company.id, updated_at: now() })
        .where('site_id', '=', opts.siteId)
        .where(
          'id',
          'in',
          joining.map((user) => user.id),
        )
        .execute();
    }
    return { added: joining.length, moved: joining.filter((user) => user.company_id !== null).length };
  });
  return { ...outcome, company: await companyOrNotFound(db, opts.siteId, opts.companyId) };
}

/** remove_company_user: takes a user out of the company; NOT_FOUND when the company or she is not there. */
export async function removeCompanyUser(db: Db, opts: Caller & { companyId: number; userId: number }) {
  authorize(opts.user, companyActions.manage, undefined);
  await companyOrNotFound(db, opts.siteId, opts.companyId);
  const result = await db
    .updateTable('users')
    .set({ company_id: null, updated_at: now() })
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.userId)
    .where('company_id', '=', opts.companyId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'No such user in the company');
  return companyOrNotFound(db, opts.siteId, opts.companyId);
}
