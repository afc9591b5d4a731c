import type { UserData } from '../../../../shared/contract/define';
import type { UserRow } from '../../../platform/db/schema';

/** The only path from a user row to the wire: the spec's names, and nothing secret. */
export function presentUser(user: UserRow, companyName: string | null): UserData {
  return {
    Id: user.id,
    Username: user.email,
    UserFileId: user.user_file_id,
    UserType: user.user_type,
    FirstName: user.first_name,
    LastName: user.last_name,
    privilegies: user.privilegies,
    TotalXp: user.total_xp,
    CollectXp: user.collect_xp === 1,
    CompanyName: companyName,
  };
}
