import { lazy, type ReactNode } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { type RoutePath, routeAccess, routePaths } from '../../shared/domain/routes';
import LoginPage from '../features/identity/Auth/LoginPage';
import { guarded } from './guards';
import { page } from './lazyPage';
import { AppLayout } from './shell/AppLayout';

const RegisterPage = page(() => import('../features/identity/Auth/RegisterPage'), ['identity', 'signIn', 'codes']);
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
const ProductPage = page(() => import('../features/commerce/Product/ProductPage'), ['commerce']);
/**
 * Staff's pages are listed in a chunk of their own (staffPages.tsx), loaded with the first of them: the first load
 * that every visitor makes carries one entry for them all rather than one per page.
 */
const StaffPage = lazy(() => import('./staffPages'));
const StudentBenefitsPage = page(
  () => import('../features/commerce/StudentBenefits/StudentBenefitsPage'),
  ['commerce', 'site'],
);
const WebshopPage = page(() => import('../features/commerce/Webshop/WebshopPage'), ['commerce']);
const CoachingPage = page(() => import('../features/commerce/CoachingPage'), ['commerce']);
const EarTrainingPage = page(() => import('../features/eartraining/EarTrainingPage'), ['eartraining']);
const RedeemCodePage = page(() => import('../features/codes/Redeem/RedeemCodePage'), ['codes']);

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
  '/student-benefits': { element: <StudentBenefitsPage /> },
  '/webshop': { element: <WebshopPage /> },
  '/book-a-coaching-session': { element: <CoachingPage /> },
  // The hub and its exercises in one chunk, which picks the page by the subpage.
  '/EarTraining': { element: <EarTrainingPage />, match: '/EarTraining/:subpage?' },
  '/EarTraining/:subpage': { drawnBy: '/EarTraining' },
  '/versions': { element: <StaffPage path="/versions" /> },
  '/login/edit': { element: <StaffPage path="/login/edit" /> },
  '/users': { element: <StaffPage path="/users" /> },
  '/user/:id': { element: <StaffPage path="/user/:id" /> },
  '/Courses': { element: <StaffPage path="/Courses" /> },
  '/codes': { element: <StaffPage path="/codes" /> },
  '/Tasks': { element: <StaffPage path="/Tasks" /> },
  '/Tasks/:id': { element: <StaffPage path="/Tasks/:id" /> },
  '/admin/companies': { element: <StaffPage path="/admin/companies" /> },
  // The product list and a product's editor in one chunk, which picks the page by the address.
  '/productlist': { element: <StaffPage path="/productlist" />, match: '/productlist/:product_id?' },
  '/productlist/:product_id': { drawnBy: '/productlist' },
  '/adminschedule': { element: <CoachingPage /> },
  '/invoices': { element: <StaffPage path="/invoices" /> },
  '/customers': { element: <StaffPage path="/customers" /> },
  '/accounting': { element: <StaffPage path="/accounting" /> },
  '/accounting/mainbook': { element: <StaffPage path="/accounting/mainbook" /> },
  '/oss': { element: <StaffPage path="/oss" /> },
  '/sp': { element: <StaffPage path="/sp" /> },
  '/pp': { element: <StaffPage path="/pp" /> },
  '/survey/:survey_id': { element: <StaffPage path="/survey/:survey_id" /> },
  // The list, a survey's editor and its results in one chunk, which picks the page by the address.
  '/admin/surveys': { element: <StaffPage path="/admin/surveys" />, match: '/admin/surveys/*' },
  '/admin/surveys/:id': { drawnBy: '/admin/surveys' },
  '/admin/surveys/:id/results': { drawnBy: '/admin/surveys' },
  '/statistics': { element: <StaffPage path="/statistics" /> },
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
