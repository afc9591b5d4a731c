import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { UserType } from '../shared/domain/roles';
import { RequireAdmin } from './guards';
import { AppLayout } from './shell/AppLayout';

// Every page is its own chunk, so the first page loads only what it shows.
const LoginPage = lazy(() => import('./pages/Auth/LoginPage'));
const RegisterPage = lazy(() => import('./pages/Auth/RegisterPage'));
const VerifyEmailPage = lazy(() => import('./pages/Auth/VerifyEmailPage'));
const PasswordRecoveryPage = lazy(() => import('./pages/Auth/PasswordRecoveryPage'));
const PasswordResetPage = lazy(() => import('./pages/Auth/PasswordResetPage'));
const HomePage = lazy(() => import('./pages/Home/HomePage'));
const NewsListPage = lazy(() => import('./pages/News/NewsListPage'));
const NewsItemPage = lazy(() => import('./pages/News/NewsItemPage'));
const TextPage = lazy(() => import('./pages/Texts/TextPage'));
const DeniedPage = lazy(() => import('./pages/Denied/DeniedPage'));
const NotFoundPage = lazy(() => import('./pages/NotFound/NotFoundPage'));
const VersionsPage = lazy(() => import('./pages/Versions/VersionsPage'));

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

export const createRouter = () => createBrowserRouter(routes);
