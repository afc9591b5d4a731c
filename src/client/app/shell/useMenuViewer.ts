import type { MenuViewer } from '../../../shared/domain/menu';
import { useSite } from '../../features/site/site';
import { useSession } from '../session';

/** What the menu rules of spec §2 need to know about the viewer. */
export function useMenuViewer(): MenuViewer {
  const { token, userType } = useSession();
  const site = useSite();
  return {
    hasToken: token !== null,
    userType,
    registrationEnabled: site.data?.data.RegistrationEnabled ?? false,
  };
}
