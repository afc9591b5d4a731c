import type { z } from 'zod';
import type { CompanyOption, UserListItem } from '../../../../shared/contract/administration/users';

/** A user as the list reads her, with her company's name and whether she is locked until a reset. */
export interface UserListRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  user_type: number;
  privilegies: number;
  company_id: number | null;
  company_name: string | null;
  email_verified_at: string | null;
  created_at: string;
  last_seen_at: string | null;
  locked: boolean;
}

/** The only path from a listed user to the wire. */
export function presentUserListItem(row: UserListRow): UserListItem {
  return {
    Id: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    Email: row.email,
    UserType: row.user_type,
    Privilegies: row.privilegies,
    CompanyId: row.company_id,
    CompanyName: row.company_name,
    Verified: row.email_verified_at !== null,
    Locked: row.locked,
    CreatedAt: row.created_at,
    LastSeenAt: row.last_seen_at,
  };
}

export const presentCompanyOption = (row: { id: number; name: string }): z.infer<typeof CompanyOption> => ({
  Id: row.id,
  Name: row.name,
});
