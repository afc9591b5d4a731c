import { lazy, Suspense } from 'react';
import { isAdminRole } from '../../../../shared/domain/roles';
import { useSession } from '../../../app/session';
import { useSite } from '../site';

const TrialNoticeText = lazy(() => import('./TrialNotice'));

/** The trial's notice for administrators of a site on a trial (its code, which decides when to speak, loads only then). */
export function TrialNotice() {
  const site = useSite();
  const { user } = useSession();
  const trialEndsAt = site.data?.data.TrialEndsAt ?? null;
  if (trialEndsAt === null || user === null || !isAdminRole(user.UserType, user.privilegies)) return null;
  return (
    <Suspense fallback={null}>
      <TrialNoticeText trialEndsAt={trialEndsAt} />
    </Suspense>
  );
}
