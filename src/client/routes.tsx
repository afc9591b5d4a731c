import { type ComponentType, lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { UserType } from '../shared/domain/roles';
import { RequireAdmin } from './guards';
import { loadNamespaces, type PageNamespace } from './i18n';
import { AppLayout } from './shell/AppLayout';

/**
 * Every page is its own chunk, so the first page loads only what it shows; its text namespaces are fetched
 * beside the chunk rather than after it (the page would otherwise suspend once more for them).
 */
const page = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>, namespaces: PageNamespace[]) =>
  lazy(async () => (await Promise.all([load(), loadNamespaces(namespaces)]))[0]);

const LoginPage = page(() => import('./pages/Auth/LoginPage'), ['auth']);
const RegisterPage = page(() => import('./pages/Auth/RegisterPage'), ['auth']);
const VerifyEmailPage = page(() => import('./pages/Auth/VerifyEmailPage'), ['auth']);
const PasswordRecoveryPage = page(() => import('./pages/Auth/PasswordRecoveryPage'), ['auth']);
const PasswordResetPage = page(() => import('./pages/Auth/PasswordResetPage'), ['auth']);
const HomePage = page(() => import('./pages/Home/HomePage'), ['pages']);
const NewsListPage = page(() => import('./pages/News/NewsListPage'), ['news']);
const NewsItemPage = page(() => import('./pages/News/NewsItemPage'), ['news']);
const TextPage = page(() => import('./pages/Texts/TextPage'), ['pages']);
const DeniedPage = page(() => import('./pages/Denied/DeniedPage'), ['pages']);
const NotFoundPage = page(() => import('./pages/NotFound/NotFoundPage'), ['pages']);
const VersionsPage = page(() => import('./pages/Versions/VersionsPage'), ['pages']);

/** The route table of spec §2 for the pages that exist; guards wrap the protected ones. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <LoginPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/password-recovery', element: <PasswordRecoveryPage /> },
      { path: '/password-recovery/:id', element: <PasswordResetPage /> },
      { path: '/Home', element: <HomePage /> },
      { path: '/News', element: <NewsListPage /> },
      { path: '/News/:id', element: <NewsItemPage /> },
      { path: '/News/:id/:title', element: <NewsItemPage /> },
      { path: '/faq', element: <TextPage page="faq" /> },
      { path: '/terms-of-service', element: <TextPage page="terms" /> },
      { path: '/privacy', element: <TextPage page="privacy" /> },
      { path: '/denied', element: <DeniedPage /> },
      { path: '/404', element: <NotFoundPage /> },
      {
        path: '/versions',
        element: (
          <RequireAdmin types={[UserType.admin]}>
            <VersionsPage />
          </RequireAdmin>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The route table in React Router's declarative mode (inside a BrowserRouter): the data router's loaders,
 * actions and navigation blocking are not used, and they would add about 17 kB gzip to every first page.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
