import type {
  CompanyDetails,
  CompanyListItem,
  CompanyUser,
} from '../../../../shared/contract/administration/companies';
import type { CompanyRecord } from '../queries/companies';

/** The only path from a company's row to the list's wire shape. */
export const presentCompanyListItem = (row: CompanyRecord): CompanyListItem => ({
  Id: row.id,
  Name: row.name,
  Seats: row.seats,
  UserCount: row.user_count,
  ContactName: row.contact_name,
  ContactEmail: row.contact_email,
  CreatedAt: row.created_at,
});

/** A company with the fields its form edits. */
export const presentCompany = (row: CompanyRecord): CompanyDetails => ({
  ...presentCompanyListItem(row),
  ContactPhone: row.contact_phone,
  OrgNumber: row.org_number,
  Notes: row.notes,
  UpdatedAt: row.updated_at,
});

export const presentCompanyUser = (row: {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  user_type: number;
}): CompanyUser => ({
  Id: row.id,
  FirstName: row.first_name,
  LastName: row.last_name,
  Email: row.email,
  UserType: row.user_type,
});
