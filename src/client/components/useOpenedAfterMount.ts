import { useEffect, useState } from 'react';

/**
 * `opened`, but false on the first render: an overlay drawn for the first time already open would skip its
 * opening transition and never learn which element to return focus to (Mantine records it on the change).
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return opened && mounted;
}
