import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Loading } from '../../components/LoadState';
import { useSession } from '../session';
import { useMaintenance, useMaintenanceRefusals } from './useMaintenance';

const MaintenancePage = lazy(() => import('./MaintenancePage'));
const AdminNotice = lazy(() => import('./MaintenanceNotice'));

/**
 * In maintenance mode (spec §9) everyone but administrators sees the maintenance page instead of the app, whose
 * calls the server would refuse. The sign-in page stays, so that an administrator can sign in.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { on, admin } = useMaintenance();
  useMaintenanceRefusals();
  const session = useSession();
  const { pathname } = useLocation();
  if (!on || admin || pathname === '/login') return children;
  // A stored session may be an administrator's: it is checked before anything is shown.
  if (!session.checked) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <MaintenancePage />
    </Suspense>
  );
}

/** While the site is in maintenance, an administrator is told so on every page (its code loads only then). */
export function MaintenanceNotice() {
  const { on, admin } = useMaintenance();
  if (!on || !admin) return null;
  return (
    <Suspense fallback={null}>
      <AdminNotice />
    </Suspense>
  );
}
