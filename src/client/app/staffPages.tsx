import type { ReactNode } from 'react';
import { page } from './lazyPage';

const LoginEditPage = page(() => import('../features/identity/Auth/LoginEditPage'), ['signIn']);
const VersionsPage = page(() => import('../features/site/Versions/VersionsPage'), ['site']);
const ProductAdminPage = page(() => import('../features/commerce/ProductAdminPage'), ['commerce']);
const UsersPage = page(() => import('../features/administration/Users/UsersPage'), ['administration']);
const UserPage = page(() => import('../features/administration/User/UserPage'), ['administration', 'errors']);
const CompaniesPage = page(() => import('../features/administration/Companies/CompaniesPage'), ['companies']);
const CoursesPage = page(() => import('../features/authoring/Courses/CoursesPage'), ['authoring']);
const CodesPage = page(() => import('../features/codes/Codes/CodesPage'), ['codes']);
const TasksPage = page(() => import('../features/coaching/Tasks/TasksPage'), ['coaching']);
// A task's page shows exam states (the course's texts) and edits its note in the rich-text editor (the site's texts).
const TaskPage = page(() => import('../features/coaching/Tasks/TaskPage'), ['coaching', 'learning', 'site']);
const InvoicesPage = page(() => import('../features/accounting/Invoices/InvoicesPage'), ['accounting']);
const CustomersPage = page(() => import('../features/accounting/Customers/CustomersPage'), ['accounting']);
const AccountingPage = page(() => import('../features/accounting/Books/AccountingPage'), ['accounting']);
const MainbookPage = page(() => import('../features/accounting/Mainbook/MainbookPage'), ['accounting']);
const OssPage = page(() => import('../features/accounting/Books/OssPage'), ['accounting']);
const SurveysAdminPage = page(() => import('../features/surveys/Admin/SurveysAdminPage'), ['surveys']);
const StatisticsPage = page(() => import('../features/statistics/StatisticsPage'), ['statistics']);
const SurveyPage = page(() => import('../features/surveys/Answer/SurveyPage'), ['surveys']);
const SettlementsPage = page(() => import('../features/accounting/Settlements/SettlementsPage'), ['accounting']);

/** The routes of staff's pages (routes.tsx draws each through this chunk). */
export type StaffPath =
  | '/versions'
  | '/login/edit'
  | '/users'
  | '/user/:id'
  | '/Courses'
  | '/codes'
  | '/Tasks'
  | '/Tasks/:id'
  | '/admin/companies'
  | '/productlist'
  | '/invoices'
  | '/customers'
  | '/accounting'
  | '/accounting/mainbook'
  | '/oss'
  | '/sp'
  | '/pp'
  | '/survey/:survey_id'
  | '/admin/surveys'
  | '/statistics';

const pages: Record<StaffPath, ReactNode> = {
  '/versions': <VersionsPage />,
  '/login/edit': <LoginEditPage />,
  '/users': <UsersPage />,
  '/user/:id': <UserPage />,
  '/Courses': <CoursesPage />,
  '/codes': <CodesPage />,
  '/Tasks': <TasksPage />,
  '/Tasks/:id': <TaskPage />,
  '/admin/companies': <CompaniesPage />,
  // The product list and a product's editor in one chunk, which picks the page by the address.
  '/productlist': <ProductAdminPage />,
  '/invoices': <InvoicesPage />,
  '/customers': <CustomersPage />,
  '/accounting': <AccountingPage />,
  // A customer's own statement too (any signed-in user): listed here all the same, which costs the first load of `/`
  // no entry of its own.
  '/accounting/mainbook': <MainbookPage />,
  '/oss': <OssPage />,
  '/sp': <SettlementsPage provider="stripe" />,
  '/pp': <SettlementsPage provider="paypal" />,
  // Any signed-in user's, listed here as the main book is: the first load of `/` carries no entry of its own for it.
  '/survey/:survey_id': <SurveyPage />,
  '/admin/surveys': <SurveysAdminPage />,
  '/statistics': <StatisticsPage />,
};

/** A staff page by its route: the route table guards it, this chunk names the page's own chunk. */
export default function StaffPage({ path }: { path: StaffPath }) {
  return pages[path];
}
