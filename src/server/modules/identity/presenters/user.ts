import type { UserData } from '../../../../shared/contract/define';
import type { Profile } from '../../../../shared/contract/identity/profile';
import { supportedLanguages } from '../../../../shared/domain/language';
import type { SessionUser } from '../../../platform/db/schema';
import type { ProfileView } from '../services/profile';

/** Her stored choice of language, when it is one the platform has. */
const chosenLanguage = (stored: string | null) => supportedLanguages.find((language) => language === stored) ?? null;

/** The only path from a user row to the wire: the spec's names, and nothing secret. */
export function presentUser(user: SessionUser, companyName: string | null): UserData {
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
    Language: chosenLanguage(user.language),
  };
}

/** The profile page's view of the user (profile.php). */
export function presentProfile({ user, companyName, pendingEmail }: ProfileView): Profile {
  return {
    Id: user.id,
    Username: user.email,
    FirstName: user.first_name,
    LastName: user.last_name,
    UserFileId: user.user_file_id,
    UserType: user.user_type,
    CollectXp: user.collect_xp === 1,
    TotalXp: user.total_xp,
    CompanyName: companyName,
    Language: chosenLanguage(user.language),
    PendingEmail: pendingEmail,
  };
}
