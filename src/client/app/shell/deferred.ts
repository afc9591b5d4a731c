/**
 * Parts of the shell that the first paint does not show (the drawer, the top-bar menus, the news details) are
 * chunks of their own: fetched when the pointer or focus reaches their trigger, drawn when first opened.
 * Each loader runs its import once (again only after a failure), so preloading and React.lazy share one request.
 */
const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let started: Promise<T> | undefined;
  return () => {
    started ??= load().catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };
};

export const loadNavDrawer = once(() => import('./NavDrawer'));
export const loadTopBarMenu = once(() => import('./TopBarMenu'));
export const loadNewsDetails = once(() => import('./NewsDetails'));

/** Fetches a chunk ahead of the click; a failure here is retried by the click itself. */
export const preload = (load: () => Promise<unknown>) => () => {
  load().catch(() => {});
};
