/**
 * A popstate listener that hears Back and Forward before the router does. Listeners on the window run in the order
 * they were added, so the app's entry adds this one before the router mounts (`listenToHistoryFirst`); the guard of
 * unsaved changes (leaveGuard.ts), whose code loads with the first page that has a form, plugs in through it.
 */
let first: ((event: PopStateEvent) => void) | null = null;
let listening = false;

/** Called once by the app's entry, before the router is made. */
export function listenToHistoryFirst() {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', (event) => first?.(event));
}

/** Who hears history steps first from now on. */
export function hearHistoryFirst(listener: (event: PopStateEvent) => void) {
  first = listener;
}
