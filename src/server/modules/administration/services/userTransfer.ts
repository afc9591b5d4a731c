import type { Readable } from 'node:stream';
import { z } from 'zod';
import { companyNameKey } from '../../../../shared/domain/administration/companies';
import {
  type UserImportError,
  userImportColumns,
  userImportLimits,
  userTypeFromText,
} from '../../../../shared/domain/administration/userImport';
import { UserType } from '../../../../shared/domain/roles';
import { type Actor, authorize, isAdmin } from '../../../platform/authorize';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { CsvError, csvStream, readCsv } from '../../../platform/lib/csv';
import { requireWindow } from '../../../platform/limits';
import type { Mailer } from '../../../platform/mail/outbox';
import { assertPlanRoom } from '../../../platform/plans';
import { createInvitedAccount } from '../../identity';
import { userActions } from '../policies/users';
import { userCsvHeader, userCsvRow } from '../presenters/userTransfer';
import { lockCompany } from '../queries/companies';
import { writeHistory } from '../queries/userPage';
import { type UserFilters, usersAfter } from '../queries/users';
import { assertSeats } from './companies';
import { lockTest } from './users';

/** Users read per statement while an export streams: the memory of the export, whatever the list's length. */
const EXPORT_BATCH = 500;

/**
 * export_users: every user the filters find, as a CSV file read batch by batch as the client takes it. The list's
 * sort is not kept: the file comes in the order the users were created, which needs no offset to continue.
 */
export function exportUsers(db: Db, opts: { user: Actor; filters: UserFilters }): Readable {
  authorize(opts.user, userActions.list, undefined);
  const { filters } = opts;
  async function* batches() {
    for (let after = 0; ; ) {
      const batch = await usersAfter(db, filters, after, EXPORT_BATCH);
      // Each row as read, with its lock beside it: a copy of every row with one field more was the export's
      // largest garbage after the CSV writer's.
      const isLocked = await lockTest(db, filters.siteId, batch);
      yield batch.map((row) => userCsvRow(row, isLocked(row)));
      const last = batch.at(-1);
      if (!last || batch.length < EXPORT_BATCH) return;
      after = last.id;
    }
  }
  return csvStream(userCsvHeader, batches());
}

/** A row of an import file as read, with what is wrong with it. */
export interface ImportRow {
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  userType: number;
  company: string;
  companyId: number | null;
  errors: UserImportError[];
}

const emailShape = z.email();

/** Each column the import reads, by its place in the header row; null when the file has no such column. */
function columnsOf(header: string[]) {
  const names = header.map((name) => name.trim().toLowerCase());
  const find = (aliases: readonly string[]) => {
    const at = names.findIndex((name) => aliases.includes(name));
    return at === -1 ? null : at;
  };
  return {
    email: find(userImportColumns.email),
    firstName: find(userImportColumns.firstName),
    lastName: find(userImportColumns.lastName),
    userType: find(userImportColumns.userType),
    company: find(userImportColumns.company),
  };
}

const importInvalid = (problem: string, extra: Record<string, number> = {}) =>
  new AppError('IMPORT_INVALID', `The file cannot be imported: ${problem.replaceAll('_', ' ')}`, {
    Problem: problem,
    ...extra,
  });

/**
 * The rows of an import file, each checked: the address (its shape, not twice in the file, no user of the site
 * has it), both names, the type (staff only by an administrator) and the company (one of the site's, by name in
 * any case). Reads the file once and asks the database two statements, however many rows.
 */
export async function checkImport(db: Db, opts: { user: Actor; siteId: number; csv: string }): Promise<ImportRow[]> {
  authorize(opts.user, userActions.list, undefined);
  let read: { line: number; fields: string[] }[];
  try {
    read = readCsv(opts.csv, { maxRows: userImportLimits.maxRows + 1 });
  } catch (error) {
    if (error instanceof CsvError) throw importInvalid('unreadable', { Line: error.line });
    throw error;
  }
  const [header, ...records] = read;
  const columns = columnsOf(header?.fields ?? []);
  if (columns.email === null || columns.firstName === null || columns.lastName === null)
    throw importInvalid('no_header');
  if (records.length === 0) throw importInvalid('no_rows');
  if (records.length > userImportLimits.maxRows) {
    throw importInvalid('too_many_rows', { MaxRows: userImportLimits.maxRows });
  }
  // A file the plan has no room for is told so at once, before its rows are looked at (and again at the commit).
  await assertPlanRoom(db, { siteId: opts.siteId, resource: 'users', adding: records.length });

  const field = (fields: string[], at: number | null) => (at === null ? '' : (fields[at] ?? ''));
  const rows = records.map(({ line, fields }) => {
    const typeText = field(fields, columns.userType);
    return {
      line,
      email: field(fields, columns.email).toLowerCase(),
      firstName: field(fields, columns.firstName),
      lastName: field(fields, columns.lastName),
      userType: userTypeFromText(typeText),
      company: field(fields, columns.company),
    };
  });

  const emails = [...new Set(rows.map((row) => row.email).filter((email) => email !== ''))];
  const taken = new Set<string>();
  for (let i = 0; i < emails.length; i += EXPORT_BATCH) {
    const found = await db
      .selectFrom('users')
      .select('email')
      .where('site_id', '=', opts.siteId)
      .where('email', 'in', emails.slice(i, i + EXPORT_BATCH))
      .execute();
    for (const { email } of found) taken.add(email);
  }
  const companyNames = [...new Set(rows.map((row) => companyNameKey(row.company)).filter((key) => key !== ''))];
  /** The companies named, by their name's key (any case, spaces): each with the seats it has left (null: none). */
  const companies = new Map<string, { id: number; seatsLeft: number | null }>();
  for (let i = 0; i < companyNames.length; i += EXPORT_BATCH) {
    const found = await db
      .selectFrom('companies')
      .select((eb) => [
        'id',
        'name_key as key',
        'seats',
        eb
          .selectFrom('users')
          .select(eb.fn.countAll<number>().as('n'))
          .where('users.site_id', '=', opts.siteId)
          .whereRef('users.company_id', '=', 'companies.id')
          .as('users'),
      ])
      .where('site_id', '=', opts.siteId)
      .where('name_key', 'in', companyNames.slice(i, i + EXPORT_BATCH))
      .execute();
    for (const { id, key, seats, users } of found) {
      companies.set(key, { id, seatsLeft: seats === null ? null : seats - Number(users) });
    }
  }

  const mayAddStaff = isAdmin(opts.user);
  const seen = new Set<string>();
  return rows.map((row) => {
    const errors: UserImportError[] = [];
    if (row.email === '') errors.push('email_missing');
    else if (row.email.length > userImportLimits.maxEmail || !emailShape.safeParse(row.email).success) {
      errors.push('email_invalid');
    } else if (seen.has(row.email)) errors.push('email_repeated');
    else if (taken.has(row.email)) errors.push('email_taken');
    seen.add(row.email);
    if (row.firstName === '') errors.push('first_name_missing');
    if (row.lastName === '') errors.push('last_name_missing');
    if (row.firstName.length > userImportLimits.maxName || row.lastName.length > userImportLimits.maxName) {
      errors.push('name_too_long');
    }
    if (row.userType === null) errors.push('type_unknown');
    else if (row.userType !== UserType.student && !mayAddStaff) errors.push('type_not_allowed');
    const company = row.company === '' ? undefined : companies.get(companyNameKey(row.company));
    if (row.company !== '' && company === undefined) errors.push('company_unknown');
    else if (company?.seatsLeft === 0) errors.push('company_full');
    else if (company && company.seatsLeft !== null) company.seatsLeft--;
    return { ...row, userType: row.userType ?? UserType.student, companyId: company?.id ?? null, errors };
  });
}

/** Imports one staff member may make per window: each invites its users by mail. */
const IMPORTS_PER_STAFF = { limit: 5, windowSeconds: 60 * 60 } as const;

/** Staff made by an import may open the staff pages (privilegies above 50). */
const IMPORTED_STAFF_PRIVILEGIES = 100;

/**
 * import_users with Commit: every row of the file created and invited by mail, in one transaction, with the entry
 * of her history that says so — or, if any row has an error (an address taken since it was checked included),
 * none: IMPORT_HAS_ERRORS.
 */
export async function importUsers(
  db: Db,
  deps: { config: Config; mailer: Mailer },
  opts: { user: Actor; siteId: number; csv: string },
): Promise<ImportRow[]> {
  const rows = await checkImport(db, opts);
  const hasErrors = () => new AppError('IMPORT_HAS_ERRORS', 'Some rows have errors; nothing was imported');
  if (rows.some((row) => row.errors.length > 0)) throw hasErrors();
  await requireWindow(db, {
    siteId: opts.siteId,
    bucket: 'user_imports',
    subject: `user:${opts.user.id}`,
    ...IMPORTS_PER_STAFF,
    message: 'Too many imports',
  });
  try {
    await db.transaction().execute(async (trx) => {
      await assertPlanRoom(trx, { siteId: opts.siteId, resource: 'users', adding: rows.length });
      // Each company's seats, under its row lock: another change cannot take them between the count and the import.
      const joining = new Map<number, number>();
      for (const { companyId } of rows)
        if (companyId !== null) joining.set(companyId, (joining.get(companyId) ?? 0) + 1);
      for (const [companyId, count] of joining) {
        const company = await lockCompany(trx, opts.siteId, companyId);
        if (!company) throw hasErrors();
        await assertSeats(trx, opts.siteId, company, count);
      }
      for (const row of rows) {
        const fields = {
          firstName: row.firstName,
          lastName: row.lastName,
          email: row.email,
          userType: row.userType,
          privilegies: row.userType === UserType.student ? 0 : IMPORTED_STAFF_PRIVILEGIES,
          companyId: row.companyId,
          language: null,
        };
        const userId = await createInvitedAccount(trx, deps, { siteId: opts.siteId, fields });
        await writeHistory(trx, {
          siteId: opts.siteId,
          userId,
          actorId: opts.user.id,
          action: 'created',
          details: {
            Email: fields.email,
            FirstName: fields.firstName,
            LastName: fields.lastName,
            UserType: fields.userType,
            Privilegies: fields.privilegies,
            Company: row.company === '' ? null : row.company,
            Import: true,
          },
        });
      }
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'EMAIL_TAKEN') throw hasErrors();
    throw error;
  }
  return rows;
}
