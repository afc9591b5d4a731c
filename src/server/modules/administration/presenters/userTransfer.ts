import type { UserImportRow } from '../../../../shared/contract/administration/userTransfer';
import type { CsvCell } from '../../../platform/lib/csv';
import type { ImportRow } from '../services/userTransfer';
import type { UserListRow } from './users';

/**
 * The columns of the users' CSV file. Its Email, FirstName, LastName, UserType and Company are those an import
 * reads, so that an exported file, changed in a spreadsheet, can be imported on another site.
 */
export const userCsvHeader = [
  'Id',
  'FirstName',
  'LastName',
  'Email',
  'UserType',
  'Privilegies',
  'Company',
  'Verified',
  'Locked',
  'CreatedAt',
  'LastSeenAt',
];

/** One user as a row of the file. */
export const userCsvRow = (row: Omit<UserListRow, 'locked'>, locked: boolean): CsvCell[] => [
  row.id,
  row.first_name,
  row.last_name,
  row.email,
  row.user_type,
  row.privilegies,
  row.company_name,
  row.email_verified_at !== null,
  locked,
  row.created_at,
  row.last_seen_at,
];

/** The only path from a checked import row to the wire. */
export const presentImportRow = (row: ImportRow): UserImportRow => ({
  Line: row.line,
  Email: row.email,
  FirstName: row.firstName,
  LastName: row.lastName,
  UserType: row.userType,
  Company: row.company,
  Errors: row.errors,
});
