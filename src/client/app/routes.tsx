import { type ComponentType, lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { UserType } from '../../shared/domain/roles';
import LoginPage from '../features/identity/Auth/LoginPage';
import { RequireAdmin, RequireLogin } from './guards';
import { loadNamespaces, type PageNamespace } from './i18n';
import { AppLayout } from './shell/AppLayout';

/**
 * Every page is its own chunk, so the first page loads only what it shows; its text namespaces are fetched
 * beside the chunk rather than after it (the page would otherwise suspend once more for them).
 */
const page = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>, namespaces: PageNamespace[]) =>
  lazy(async () => (await Promise.all([load(), loadNamespaces(namespaces)]))[0]);

const RegisterPage = page(() => import('../features/identity/Auth/RegisterPage'), ['auth']);
const VerifyEmailPage = page(() => import('../features/identity/Auth/VerifyEmailPage'), ['auth']);
const PasswordRecoveryPage = page(() => import('../features/identity/Auth/PasswordRecoveryPage'), ['auth']);
const PasswordResetPage = page(() => import('../features/identity/Auth/PasswordResetPage'), ['auth']);
const HomePage = page(() => import('../features/site/Home/HomePage'), ['pages']);
const NewsListPage = page(() => import('../features/site/News/NewsListPage'), ['news']);
const NewsItemPage = page(() => import('../features/site/News/NewsItemPage'), ['news']);
const TextPage = page(() => import('../features/site/Texts/TextPage'), ['pages']);
const DeniedPage = page(() => import('./pages/Denied/DeniedPage'), ['pages']);
const NotFoundPage = page(() => import('./pages/NotFound/NotFoundPage'), ['pages']);
const VersionsPage = page(() => import('../features/site/Versions/VersionsPage'), ['pages']);
const MyCoursesPage = page(() => import('../features/learning/MyCourses/MyCoursesPage'), ['learning']);
const MyProfilePage = page(() => import('../features/identity/MyProfile/MyProfilePage'), ['learning']);
const ResourcesPage = page(() => import('../features/learning/Resources/ResourcesPage'), ['learning']);
const AchievementPage = page(() => import('../features/learning/Achievement/AchievementPage'), ['learning']);
const CourseLayout = page(() => import('../features/learning/Course/CourseLayout'), ['course']);
const FreeLessonsPage = page(() => import('../features/learning/FreeLessons/FreeLessonsPage'), ['course']);
const TasksPage = page(() => import('../features/coaching/Tasks/TasksPage'), ['tasks']);
// A task's page shows exam states (the course's texts) and edits its note in the rich-text editor (pages' texts).
const TaskPage = page(() => import('../features/coaching/Tasks/TaskPage'), ['tasks', 'course', 'pages']);

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
        path: '/MyCourses',
        element: (
          <RequireLogin>
            <MyCoursesPage />
          </RequireLogin>
        ),
      },
      {
        path: '/MyProfile',
        element: (
          <RequireLogin>
            <MyProfilePage />
          </RequireLogin>
        ),
      },
      {
        path: '/Resources',
        element: (
          <RequireLogin>
            <ResourcesPage />
          </RequireLogin>
        ),
      },
      {
        path: '/achievement/:id/:course_id',
        element: (
          <RequireLogin>
            <AchievementPage />
          </RequireLogin>
        ),
      },
      {
        // /course/:id and /course/:id/post/:id2 in one layout, so its navigation and overlays stay while the
        // learner moves on; the layout routes its own pages.
        path: '/course/:id/*',
        element: (
          <RequireLogin>
            <CourseLayout />
          </RequireLogin>
        ),
      },
      { path: '/FreeLessons/:category?', element: <FreeLessonsPage /> },
      {
        path: '/versions',
        element: (
          <RequireAdmin types={[UserType.admin]}>
            <VersionsPage />
          </RequireAdmin>
        ),
      },
      {
        path: '/Tasks',
        element: (
          <RequireAdmin>
            <TasksPage />
          </RequireAdmin>
        ),
      },
      {
        path: '/Tasks/:id',
        element: (
          <RequireAdmin>
            <TaskPage />
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
