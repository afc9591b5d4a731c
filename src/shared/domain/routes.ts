import { UserType } from './roles';

export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'login' }
  /** Staff routes; `types` narrows to some staff types (spec §2: some are type 2 only). */
  | { kind: 'admin'; types?: readonly number[] };

export interface RouteInfo {
  access: RouteAccess;
  /** A concrete URL of the route, for checks that visit every page. */
  sample: string;
}

const open: RouteAccess = { kind: 'public' };

/**
 * Every route of spec §2 that has a page, with who may open it: the one list of routes. The client builds its route
 * table from it (src/client/app/routes.tsx gives each path its page, and the compiler refuses a path without a page
 * or a page without a path) and guards each route by its `access`; the accessibility sweep visits every one.
 */
export const routeTable = {
  '/': { access: open, sample: '/' },
  '/login': { access: open, sample: '/login' },
  '/register': { access: open, sample: '/register' },
  '/verify-email': { access: open, sample: '/verify-email' },
  '/password-recovery': { access: open, sample: '/password-recovery' },
  '/password-recovery/:id': { access: open, sample: '/password-recovery/not-a-real-code' },
  '/Home': { access: open, sample: '/Home' },
  '/News': { access: open, sample: '/News' },
  '/News/:id': { access: open, sample: '/News/1' },
  '/News/:id/:title': { access: open, sample: '/News/1/welcome-to-the-platform' },
  '/faq': { access: open, sample: '/faq' },
  '/terms-of-service': { access: open, sample: '/terms-of-service' },
  '/privacy': { access: open, sample: '/privacy' },
  '/denied': { access: open, sample: '/denied' },
  '/404': { access: open, sample: '/404' },
  '/MyCourses': { access: { kind: 'login' }, sample: '/MyCourses' },
  '/MyProfile': { access: { kind: 'login' }, sample: '/MyProfile' },
  '/Resources': { access: { kind: 'login' }, sample: '/Resources' },
  '/achievement/:id/:course_id': { access: { kind: 'login' }, sample: '/achievement/1/1' },
  '/course/:id': { access: { kind: 'login' }, sample: '/course/1' },
  '/course/:id/post/:id2': { access: { kind: 'login' }, sample: '/course/1/post/1' },
  '/FreeLessons/:category?': { access: open, sample: '/FreeLessons' },
  '/versions': { access: { kind: 'admin', types: [UserType.admin] }, sample: '/versions' },
  '/Tasks': { access: { kind: 'admin' }, sample: '/Tasks' },
  '/Tasks/:id': { access: { kind: 'admin' }, sample: '/Tasks/1' },
} as const satisfies Record<string, RouteInfo>;

export type RoutePath = keyof typeof routeTable;

export const routePaths = Object.keys(routeTable) as RoutePath[];
