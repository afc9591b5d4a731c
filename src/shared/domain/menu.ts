import { UserType } from './roles';

export interface MenuItem {
  path: string;
  /** i18n key in the `shell` namespace. */
  label: string;
  loginRequired?: boolean;
  /** Only these stored user types see the item. */
  userTypes?: readonly number[];
  /** Sign in and sign up: hidden once a token exists. */
  hiddenWhenSignedIn?: boolean;
  needsRegistration?: boolean;
  /** A page under another item: listed beneath it in the drawer, left out of the top bar for room. */
  parent?: string;
  /**
   * In the top bar for visitors only: signed in, a user's own pages (and staff's admin menu) need the bar's room, and
   * she finds the item in the drawer.
   */
  visitorsBar?: boolean;
  /** The external webshop (spec §2): shown only when the site has its address, and leaves for it. */
  webshop?: boolean;
}

/** The main menu's items of the top bar: those under another item, and signed in those marked so, are in the drawer. */
export const barItems = <T extends MenuItem>(items: readonly T[], signedIn: boolean): T[] =>
  items.filter((item) => !item.parent && !(signedIn && item.visitorsBar));

export interface MenuViewer {
  hasToken: boolean;
  userType: number | null;
  registrationEnabled: boolean;
  /** The site's external webshop address, where known (the drawer asks for it). */
  webshopUrl?: string | null;
}

/** Spec §2's visibility rules, one predicate for every menu of the shell. */
export function isMenuItemVisible(item: Omit<MenuItem, 'path'>, viewer: MenuViewer): boolean {
  if (item.loginRequired && !viewer.hasToken) return false;
  if (item.userTypes && !item.userTypes.includes(viewer.userType ?? 0)) return false;
  if (item.hiddenWhenSignedIn && viewer.hasToken) return false;
  if (item.needsRegistration && !viewer.registrationEnabled) return false;
  if (item.webshop && !viewer.webshopUrl) return false;
  return true;
}

export const visibleItems = <T extends Omit<MenuItem, 'path'>>(items: readonly T[], viewer: MenuViewer) =>
  items.filter((item) => isMenuItemVisible(item, viewer));

// Items of pages that exist; later capabilities add theirs here (spec §2's menu lists).
export const mainMenu: readonly MenuItem[] = [
  { path: '/', label: 'menu.home' },
  { path: '/News', label: 'menu.news' },
  { path: '/MyCourses', label: 'menu.myCourses', loginRequired: true },
  { path: '/MyProfile', label: 'menu.myProfile', loginRequired: true },
  // Learners only: staff open every course, so a code gives them nothing (the page still opens for them by its
  // address), and their top bar has no room for it beside the admin menu.
  { path: '/redeem-code', label: 'menu.redeemCode', loginRequired: true, userTypes: [UserType.student] },
  { path: '/Resources', label: 'menu.resources', loginRequired: true },
  { path: '/FreeLessons', label: 'menu.freeLessons' },
  { path: '/products', label: 'menu.products', visitorsBar: true },
  { path: '/book-a-coaching-session', label: 'menu.bookCoaching', parent: '/products' },
  { path: '/student-benefits', label: 'menu.studentBenefits', parent: '/products' },
  { path: '/webshop', label: 'menu.webshop', parent: '/products', webshop: true },
  { path: '/EarTraining', label: 'menu.earTraining', visitorsBar: true },
  { path: '/EarTraining/NameTheInterval', label: 'menu.nameTheInterval', parent: '/EarTraining' },
  { path: '/EarTraining/KeyboardIntervals_1', label: 'menu.keyboardIntervals', parent: '/EarTraining' },
  { path: '/faq', label: 'menu.faq' },
  { path: '/login', label: 'menu.signIn', hiddenWhenSignedIn: true },
  { path: '/register', label: 'menu.signUp', hiddenWhenSignedIn: true, needsRegistration: true },
];

/** An entry of the drawer's menu that opens a dialog rather than a page. */
export interface MenuAction extends Omit<MenuItem, 'path'> {
  action: 'techSupport';
}

/** Tech Support (spec §2) opens its dialog from the drawer; it sends as the signed-in user. */
export const drawerActions: readonly MenuAction[] = [
  { action: 'techSupport', label: 'menu.techSupport', loginRequired: true },
];

export const footerMenu: readonly MenuItem[] = [
  { path: '/', label: 'menu.home' },
  { path: '/News', label: 'menu.news' },
  { path: '/products', label: 'menu.products' },
  { path: '/404', label: 'menu.game' },
  { path: '/MyCourses', label: 'menu.myCourses', loginRequired: true },
  { path: '/MyProfile', label: 'menu.myProfile', loginRequired: true },
  { path: '/faq', label: 'menu.faq' },
  { path: '/terms-of-service', label: 'menu.terms' },
  { path: '/privacy', label: 'menu.privacy' },
];
