import { type ComponentType, lazy, type ReactNode } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { type RoutePath, routeAccess, routePaths } from '../../shared/domain/routes';
import LoginPage from '../features/identity/Auth/LoginPage';
import { guarded } from './guards';
import { loadNamespaces, type PageNamespace } from './i18n';
import { AppLayout } from './shell/AppLayout';

/**
 * Every page is its own chunk, so the first page loads only what it shows; its text namespaces are fetched
 * beside the chunk rather than after it (the page would otherwise suspend once more for them).
 */
const page = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>, namespaces: PageNamespace[]) =>
  lazy(async () => (await Promise.all([load(), loadNamespaces(namespaces)]))[0]);

const RegisterPage = page(() => import('../features/identity/Auth/RegisterPage'), ['identity', 'signIn', 'codes']);
const LoginEditPage = page(() => import('../features/identity/Auth/LoginEditPage'), ['signIn']);
const VerifyEmailPage = page(() => import('../features/identity/Auth/VerifyEmailPage'), ['identity', 'signIn']);
const PasswordRecoveryPage = page(
  () => import('../features/identity/Auth/PasswordRecoveryPage'),
  ['identity', 'signIn'],
);
const PasswordResetPage = page(() => import('../features/identity/Auth/PasswordResetPage'), ['identity', 'signIn']);
const HomePage = page(() => import('../features/site/Home/HomePage'), ['site']);
const StartTrialPage = page(() => import('../features/site/Trial/StartTrialPage'), ['site', 'identity', 'signIn']);
const NewsListPage = page(() => import('../features/site/News/NewsListPage'), ['site']);
const NewsItemPage = page(() => import('../features/site/News/NewsItemPage'), ['site']);
const TextPage = page(() => import('../features/site/Texts/TextPage'), ['site']);
const DeniedPage = page(() => import('./pages/Denied/DeniedPage'), ['site']);
const NotFoundPage = page(() => import('./pages/NotFound/NotFoundPage'), ['site']);
const VersionsPage = page(() => import('../features/site/Versions/VersionsPage'), ['site']);
const MyCoursesPage = page(() => import('../features/learning/MyCourses/MyCoursesPage'), ['learning']);
const MyProfilePage = page(
  () => import('../features/identity/MyProfile/MyProfilePage'),
  ['learning', 'identity', 'errors'],
);
const ResourcesPage = page(() => import('../features/learning/Resources/ResourcesPage'), ['learning']);
const AchievementPage = page(() => import('../features/learning/Achievement/AchievementPage'), ['learning']);
const CourseLayout = page(() => import('../features/learning/Course/CourseLayout'), ['learning']);
const FreeLessonsPage = page(() => import('../features/learning/FreeLessons/FreeLessonsPage'), ['learning']);
const CertificateCheckPage = page(
  () => import('../features/learning/CertificateCheck/CertificateCheckPage'),
  ['learning'],
);
const ProductsPage = page(() => import('../features/commerce/Products/ProductsPage'), ['commerce']);
const ProductAdminPage = page(() => import('../features/commerce/ProductAdminPage'), ['commerce']);
const ProductPage = page(() => import('../features/commerce/Product/ProductPage'), ['commerce']);
const CoachingPage = page(() => import('../features/commerce/CoachingPage'), ['commerce']);
const EarTrainingPage = page(() => import('../features/eartraining/EarTrainingPage'), ['eartraining']);
const UsersPage = page(() => import('../features/administration/Users/UsersPage'), ['administration']);
const UserPage = page(() => import('../features/administration/User/UserPage'), ['administration', 'errors']);
const CompaniesPage = page(() => import('../features/administration/Companies/CompaniesPage'), ['companies']);
const CoursesPage = page(() => import('../features/authoring/Courses/CoursesPage'), ['authoring']);
const RedeemCodePage = page(() => import('../features/codes/Redeem/RedeemCodePage'), ['codes']);
const CodesPage = page(() => import('../features/codes/Codes/CodesPage'), ['codes']);
const TasksPage = page(() => import('../features/coaching/Tasks/TasksPage'), ['coaching']);
// A task's page shows exam states (the course's texts) and edits its note in the rich-text editor (the site's texts).
const TaskPage = page(() => import('../features/coaching/Tasks/TaskPage'), ['coaching', 'learning', 'site']);

/**
 * A route's page: its element (and what React Router matches, when that is not the route itself), or the route
 * whose element draws it (the course layout picks its own pages).
 */
type Page = { element: ReactNode; match?: string } | { drawnBy: RoutePath };

/**
 * The page of every route of spec §2 (shared/domain/routes.ts): a route without a page, or a page without a
 * route, does not compile. Who may open each one comes from the shared list, which guards it here.
 */
const pages: Record<RoutePath, Page> = {
  '/': { element: <LoginPage /> },
  '/login': { element: <LoginPage /> },
  '/register': { element: <RegisterPage /> },
  '/start-trial': { element: <StartTrialPage /> },
  '/verify-email': { element: <VerifyEmailPage /> },
  '/password-recovery': { element: <PasswordRecoveryPage /> },
  '/password-recovery/:id': { element: <PasswordResetPage /> },
  '/Home': { element: <HomePage /> },
  '/News': { element: <NewsListPage /> },
  '/News/:id': { element: <NewsItemPage /> },
  '/News/:id/:title': { element: <NewsItemPage /> },
  '/faq': { element: <TextPage page="faq" /> },
  '/terms-of-service': { element: <TextPage page="terms" /> },
  '/privacy': { element: <TextPage page="privacy" /> },
  '/denied': { element: <DeniedPage /> },
  '/404': { element: <NotFoundPage /> },
  '/MyCourses': { element: <MyCoursesPage /> },
  '/MyProfile': { element: <MyProfilePage /> },
  '/Resources': { element: <ResourcesPage /> },
  '/redeem-code': { element: <RedeemCodePage /> },
  '/achievement/:id/:course_id': { element: <AchievementPage /> },
  // /course/:id and /course/:id/post/:id2 in one layout, so its navigation and overlays stay while the learner
  // moves on; the layout routes its own pages.
  '/course/:id': { element: <CourseLayout />, match: '/course/:id/*' },
  '/course/:id/post/:id2': { drawnBy: '/course/:id' },
  '/FreeLessons/:category?': { element: <FreeLessonsPage /> },
  '/certificate/:code': { element: <CertificateCheckPage /> },
  '/products': { element: <ProductsPage /> },
  '/product/:slug': { element: <ProductPage /> },
  '/book-a-coaching-session': { element: <CoachingPage /> },
  // The hub and its exercises in one chunk, which picks the page by the subpage.
  '/EarTraining': { element: <EarTrainingPage />, match: '/EarTraining/:subpage?' },
  '/EarTraining/:subpage': { drawnBy: '/EarTraining' },
  '/versions': { element: <VersionsPage /> },
  '/login/edit': { element: <LoginEditPage /> },
  '/users': { element: <UsersPage /> },
  '/user/:id': { element: <UserPage /> },
  '/Courses': { element: <CoursesPage /> },
  '/codes': { element: <CodesPage /> },
  '/Tasks': { element: <TasksPage /> },
  '/Tasks/:id': { element: <TaskPage /> },
  '/admin/companies': { element: <CompaniesPage /> },
  // The product list and a product's editor in one chunk, which picks the page by the address.
  '/productlist': { element: <ProductAdminPage />, match: '/productlist/:product_id?' },
  '/productlist/:product_id': { drawnBy: '/productlist' },
  '/adminschedule': { element: <CoachingPage /> },
};

/** The route table: every route with its page behind its guard, and anything else not found. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...routePaths.flatMap((path): RouteObject[] => {
        const page = pages[path];
        if ('drawnBy' in page) return [];
        return [
          {
            path: page.match ?? path,
            element: guarded(routeAccess[path], page.element),
          },
        ];
      }),
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
