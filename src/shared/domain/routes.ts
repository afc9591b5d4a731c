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
 * or a page without a path) and guards each route by its access; the accessibility sweep visits every one.
 */
export const routeAccess = {
  '/': open,
  '/login': open,
  '/register': open,
  '/start-trial': open,
  '/verify-email': open,
  '/password-recovery': open,
  '/password-recovery/:id': open,
  '/Home': open,
  '/News': open,
  '/News/:id': open,
  '/News/:id/:title': open,
  '/faq': open,
  '/terms-of-service': open,
  '/privacy': open,
  '/denied': open,
  '/404': open,
  '/MyCourses': { kind: 'login' },
  '/MyProfile': { kind: 'login' },
  '/Resources': { kind: 'login' },
  '/redeem-code': { kind: 'login' },
  '/achievement/:id/:course_id': { kind: 'login' },
  '/course/:id': { kind: 'login' },
  '/course/:id/post/:id2': { kind: 'login' },
  '/FreeLessons/:category?': open,
  '/certificate/:code': open,
  '/products': open,
  '/product/:slug': open,
  '/student-benefits': open,
  '/webshop': open,
  '/book-a-coaching-session': open,
  '/EarTraining': open,
  '/EarTraining/:subpage': open,
  '/versions': { kind: 'admin', types: [UserType.admin] },
  '/login/edit': { kind: 'admin', types: [UserType.admin] },
  '/users': { kind: 'admin' },
  '/user/:id': { kind: 'admin' },
  '/Courses': { kind: 'admin' },
  '/codes': { kind: 'admin' },
  '/Tasks': { kind: 'admin' },
  '/Tasks/:id': { kind: 'admin' },
  '/admin/companies': { kind: 'admin' },
  '/statistics': { kind: 'admin' },
  '/productlist': { kind: 'admin' },
  '/productlist/:product_id': { kind: 'admin' },
  '/adminschedule': { kind: 'admin', types: [UserType.admin] },
  '/invoices': { kind: 'admin', types: [UserType.admin] },
  '/customers': { kind: 'admin', types: [UserType.admin] },
  '/accounting': { kind: 'admin', types: [UserType.admin] },
  // Spec §2 lists it among the signed-in user's pages: a customer reads her own statement there.
  '/accounting/mainbook': { kind: 'login' },
  '/oss': { kind: 'admin', types: [UserType.admin] },
  '/sp': { kind: 'admin', types: [UserType.admin] },
  '/pp': { kind: 'admin', types: [UserType.admin] },
  '/survey/:survey_id': { kind: 'login' },
  '/admin/surveys': { kind: 'admin', types: [UserType.admin] },
  '/admin/surveys/:id': { kind: 'admin', types: [UserType.admin] },
  '/admin/surveys/:id/results': { kind: 'admin', types: [UserType.admin] },
} as const satisfies Record<string, RouteAccess>;

export type RoutePath = keyof typeof routeAccess;

export const routePaths = Object.keys(routeAccess) as RoutePath[];

/** A concrete URL of each route with parameters; a route without any is its own. */
const samples: Partial<Record<RoutePath, string>> = {
  '/password-recovery/:id': '/password-recovery/not-a-real-code',
  '/News/:id': '/News/1',
  '/News/:id/:title': '/News/1/welcome-to-the-platform',
  '/achievement/:id/:course_id': '/achievement/1/1',
  '/course/:id': '/course/1',
  '/course/:id/post/:id2': '/course/1/post/1',
  '/FreeLessons/:category?': '/FreeLessons',
  '/certificate/:code': '/certificate/NO-SUCH-CODE',
  '/EarTraining/:subpage': '/EarTraining/NameTheInterval',
  '/product/:slug': '/product/music-production-basics',
  '/Tasks/:id': '/Tasks/1',
  '/user/:id': '/user/1',
  '/productlist/:product_id': '/productlist/1',
  '/survey/:survey_id': '/survey/1',
  '/admin/surveys/:id': '/admin/surveys/0',
  '/admin/surveys/:id/results': '/admin/surveys/1/results',
};

const withSamples = () =>
  Object.fromEntries(
    routePaths.map((path) => [path, { access: routeAccess[path], sample: samples[path] ?? path }]),
  ) as Record<RoutePath, RouteInfo>;

/**
 * Every route with who may open it and a concrete URL of it, for checks that visit every page. Built from the list
 * above where it is used (marked pure, so the client's first load carries the list alone).
 */
export const routeTable = /* @__PURE__ */ withSamples();
