import type { MenuItem } from './menu';
import { staffTypes, UserType } from './roles';

/**
 * The staff's admin submenu (spec §2): every page of it that exists, with its route's type rule (a unit test holds
 * the two together). Apart from the main menu so that only staff's pages load it (the top bar's admin menu and the
 * drawer, both loaded when opened).
 */
export const adminMenu: readonly MenuItem[] = [
  { path: '/users', label: 'menu.users', loginRequired: true, userTypes: staffTypes },
  { path: '/Courses', label: 'menu.courses', loginRequired: true, userTypes: staffTypes },
  { path: '/codes', label: 'menu.codes', loginRequired: true, userTypes: staffTypes },
  { path: '/productlist', label: 'menu.productList', loginRequired: true, userTypes: staffTypes },
  { path: '/Tasks', label: 'menu.tasks', loginRequired: true, userTypes: staffTypes },
  { path: '/admin/companies', label: 'menu.companies', loginRequired: true, userTypes: staffTypes },
  { path: '/statistics', label: 'menu.statistics', loginRequired: true, userTypes: staffTypes },
  { path: '/accounting', label: 'menu.accounting', loginRequired: true, userTypes: [UserType.admin] },
  { path: '/invoices', label: 'menu.invoices', loginRequired: true, userTypes: [UserType.admin] },
  { path: '/customers', label: 'menu.customers', loginRequired: true, userTypes: [UserType.admin] },
  { path: '/admin/surveys', label: 'menu.surveys', loginRequired: true, userTypes: [UserType.admin] },
  { path: '/adminschedule', label: 'menu.adminSchedule', loginRequired: true, userTypes: [UserType.admin] },
  { path: '/versions', label: 'menu.versions', loginRequired: true, userTypes: [UserType.admin] },
  { path: '/login/edit', label: 'menu.loginEdit', loginRequired: true, userTypes: [UserType.admin] },
];
