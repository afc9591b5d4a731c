import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(() => import('./NotificationsLayer'));

/**
 * Mantine's notification layer (limit 5, 3 s, top centre) is drawn from the first notification on: no first
 * page shows one, and until then `notifications.show` only fills the store the layer reads when it mounts.
 */
export function NotificationsHost() {
  const pending = useNotifications().notifications.length > 0;
  const [used, setUsed] = useState(false);
  if (pending && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
