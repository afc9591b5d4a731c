import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { checkAdmin, checkLogin } from '../../shared/domain/guards';
import type { RouteAccess } from '../../shared/domain/routes';
import { Loading } from '../components/LoadState';
import { useSession } from './session';

/** Where the user was going: the route with its query and anchor. */
const triedUrlOf = (location: { pathname: string; search: string; hash: string }) =>
  `${location.pathname}${location.search}${location.hash}`;

const loginFor = (triedUrl: string) => `/login?triedUrl=${encodeURIComponent(triedUrl)}`;

/** Login-required routes: without a token, to /login?triedUrl=<where the user was going>. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (checkLogin(session).allowed) return session.checked ? children : <Loading />;
  return <Navigate to={loginFor(triedUrlOf(location))} replace />;
}

/**
 * Admin routes: the spec's reasons go to /denied, which is told the route too, so that its "Sign in" comes back
 * here (an administrator following a link from a mail while signed out); `types` narrows the route to some staff
 * types.
 */
export function RequireAdmin({ children, types }: { children: ReactNode; types?: readonly number[] }) {
  const session = useSession();
  const location = useLocation();
  const result = checkAdmin(session, types);
  if (result.allowed) return session.checked ? children : <Loading />;
  if (result.redirect === 'login') return <Navigate to={loginFor(triedUrlOf(location))} replace />;
  return <Navigate to="/denied" replace state={{ reason: result.reason, triedUrl: triedUrlOf(location) }} />;
}

/** A route's page behind the guard its access asks for (shared/domain/routes.ts): none for a public route. */
export function guarded(access: RouteAccess, page: ReactNode): ReactNode {
  switch (access.kind) {
    case 'public':
      return page;
    case 'login':
      return <RequireLogin>{page}</RequireLogin>;
    case 'admin':
      return <RequireAdmin types={access.types}>{page}</RequireAdmin>;
  }
}
