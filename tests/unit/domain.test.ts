import { describe, expect, it } from 'vitest';
import { adminMenu } from '../../src/shared/domain/adminMenu';
import { AUTOSAVE_AFTER_MS, AUTOSAVE_IDLE_MS, autosaveDelay } from '../../src/shared/domain/autosave';
import { checkAdmin, checkLogin, denialOf, deniedCaseOf, deniedUserId } from '../../src/shared/domain/guards';
import {
  checkPasswordShape,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '../../src/shared/domain/identity/password';
import { chooseLanguage, defaultLanguage } from '../../src/shared/domain/language';
import {
  barItems,
  footerMenu,
  isMenuItemVisible,
  type MenuItem,
  type MenuViewer,
  mainMenu,
  visibleItems,
} from '../../src/shared/domain/menu';
import { staffTypes } from '../../src/shared/domain/roles';
import { type RouteAccess, type RoutePath, routeAccess } from '../../src/shared/domain/routes';
import { markNewsViewed, newsSlug, shouldShowNewsBanner } from '../../src/shared/domain/site/news';
import { isNewVersion, VERSION_CHECK_INTERVAL_MS, versionUrl } from '../../src/shared/domain/site/version';
import { keptOnSignOut, keysToClearOnSignOut, storageKeys } from '../../src/shared/domain/storage';

const anonymous: MenuViewer = { hasToken: false, userType: null, registrationEnabled: true };
const student: MenuViewer = { hasToken: true, userType: 1, registrationEnabled: true };
const admin: MenuViewer = { hasToken: true, userType: 2, registrationEnabled: true };
const coach: MenuViewer = { hasToken: true, userType: 8, registrationEnabled: true };

describe('menu visibility (spec §2)', () => {
  const loginOnly: MenuItem = { path: '/MyCourses', label: 'menu.myCourses', loginRequired: true };
  const staffOnly: MenuItem = { path: '/users', label: 'menu.users', loginRequired: true, userTypes: [2, 8] };
  const adminOnly: MenuItem = { path: '/invoices', label: 'menu.invoices', loginRequired: true, userTypes: [2] };
  const signIn: MenuItem = { path: '/login', label: 'menu.signIn', hiddenWhenSignedIn: true };
  const signUp: MenuItem = {
    path: '/register',
    label: 'menu.signUp',
    hiddenWhenSignedIn: true,
    needsRegistration: true,
  };
  const open: MenuItem = { path: '/faq', label: 'menu.faq' };

  it('login-required items need a stored token', () => {
    expect(isMenuItemVisible(loginOnly, anonymous)).toBe(false);
    expect(isMenuItemVisible(loginOnly, student)).toBe(true);
  });

  it('items with a user-type list need the stored type in the list', () => {
    expect(isMenuItemVisible(staffOnly, student)).toBe(false);
    expect(isMenuItemVisible(staffOnly, admin)).toBe(true);
    expect(isMenuItemVisible(staffOnly, coach)).toBe(true);
    expect(isMenuItemVisible(adminOnly, coach)).toBe(false);
    expect(isMenuItemVisible(adminOnly, admin)).toBe(true);
    // A stored type without a token is not enough.
    expect(isMenuItemVisible(adminOnly, { ...anonymous, userType: 2 })).toBe(false);
    // A token without a stored type is not enough either.
    expect(isMenuItemVisible(staffOnly, { ...admin, userType: null })).toBe(false);
  });

  it('sign in and sign up are hidden once a token exists; sign up needs registration enabled', () => {
    expect(isMenuItemVisible(signIn, anonymous)).toBe(true);
    expect(isMenuItemVisible(signIn, student)).toBe(false);
    expect(isMenuItemVisible(signUp, anonymous)).toBe(true);
    expect(isMenuItemVisible(signUp, student)).toBe(false);
    expect(isMenuItemVisible(signUp, { ...anonymous, registrationEnabled: false })).toBe(false);
    expect(isMenuItemVisible(signIn, { ...anonymous, registrationEnabled: false })).toBe(true);
  });

  it('open items show to everyone', () => {
    for (const viewer of [anonymous, student, admin, coach]) expect(isMenuItemVisible(open, viewer)).toBe(true);
  });

  it('the shipped menus follow the rules', () => {
    const paths = (items: readonly MenuItem[], viewer: MenuViewer) => visibleItems(items, viewer).map((i) => i.path);
    expect(paths(mainMenu, anonymous)).toEqual(expect.arrayContaining(['/', '/News', '/login', '/register']));
    expect(paths(mainMenu, student)).not.toContain('/login');
    expect(paths(mainMenu, student)).not.toContain('/register');
    expect(paths(mainMenu, { ...anonymous, registrationEnabled: false })).not.toContain('/register');
    for (const item of mainMenu) {
      if (item.loginRequired) expect(paths(mainMenu, anonymous)).not.toContain(item.path);
    }
    for (const item of adminMenu) {
      expect(item.userTypes?.every((t) => t === 2 || t === 8)).toBe(true);
      expect(paths(adminMenu, student)).not.toContain(item.path);
      expect(paths(adminMenu, anonymous)).not.toContain(item.path);
    }
    expect(paths(footerMenu, anonymous)).toEqual(expect.arrayContaining(['/', '/News', '/404', '/faq']));
  });
});

describe('the top bar and the drawer', () => {
  it('lists ear training and its two exercises in the menu; the exercises in the drawer only, under it', () => {
    const paths = visibleItems(mainMenu, anonymous).map((item) => item.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/EarTraining', '/EarTraining/NameTheInterval', '/EarTraining/KeyboardIntervals_1']),
    );
    const bar = (viewer: MenuViewer) => barItems(visibleItems(mainMenu, viewer), viewer.hasToken).map((i) => i.path);
    expect(bar(anonymous)).toEqual(expect.arrayContaining(['/EarTraining', '/products']));
    expect(bar(anonymous)).not.toContain('/EarTraining/NameTheInterval');
    // Signed in, her own pages (and staff's admin menu) keep the bar's room; the drawer lists the rest.
    for (const viewer of [student, admin]) {
      expect(bar(viewer)).not.toContain('/EarTraining');
      expect(bar(viewer)).not.toContain('/products');
      expect(bar(viewer)).toContain('/News');
    }
  });
});

describe('the admin submenu (spec §2)', () => {
  const coachView: MenuViewer = { hasToken: true, userType: 8, registrationEnabled: false };
  const adminView: MenuViewer = { hasToken: true, userType: 2, registrationEnabled: false };
  const paths = (viewer: MenuViewer) => visibleItems(adminMenu, viewer).map((i) => i.path);

  it('lists the pages that exist with their type rule: the staff ones for types 2 and 8, the rest for type 2', () => {
    const staff = ['/users', '/Courses', '/codes', '/productlist', '/Tasks', '/admin/companies', '/statistics'];
    expect(paths(coachView)).toEqual(staff);
    expect(paths(adminView)).toEqual([
      ...staff,
      '/accounting',
      '/invoices',
      '/customers',
      '/admin/surveys',
      '/adminschedule',
      '/versions',
      '/login/edit',
    ]);
  });

  it('shows each item to exactly the types its route lets in, so no item leads to the denied page', () => {
    for (const item of adminMenu) {
      const access = routeAccess[item.path as RoutePath] as RouteAccess | undefined;
      expect(access?.kind, item.path).toBe('admin');
      const types = access?.kind === 'admin' ? (access.types ?? staffTypes) : [];
      expect(item.userTypes, item.path).toEqual(types);
    }
  });
});

describe('route guards (spec §5, §8)', () => {
  it('login-required routes need a token', () => {
    expect(checkLogin({ token: null })).toEqual({ allowed: false, redirect: 'login' });
    expect(checkLogin({ token: 't' })).toEqual({ allowed: true });
  });

  it('admin routes: "No token", "No access to this page", "Premission denied id:"+id', () => {
    expect(checkAdmin({ token: null, userType: 2, user: null })).toEqual({
      allowed: false,
      redirect: 'denied',
      reason: 'No token',
    });
    expect(checkAdmin({ token: 't', userType: 1, user: null })).toEqual({
      allowed: false,
      redirect: 'denied',
      reason: 'No access to this page',
    });
    expect(checkAdmin({ token: 't', userType: null, user: null })).toMatchObject({ reason: 'No access to this page' });
    expect(checkAdmin({ token: 't', userType: 2, user: { Id: 42, privilegies: 50, UserType: 2 } })).toEqual({
      allowed: false,
      redirect: 'denied',
      reason: 'Premission denied id:42',
    });
  });

  it('admits types 2 and 8 with privilegies above 50, before and after the user is loaded', () => {
    expect(checkAdmin({ token: 't', userType: 2, user: null })).toEqual({ allowed: true });
    expect(checkAdmin({ token: 't', userType: 8, user: null })).toEqual({ allowed: true });
    expect(checkAdmin({ token: 't', userType: 8, user: { Id: 1, privilegies: 51, UserType: 8 } })).toEqual({
      allowed: true,
    });
  });

  it('the loaded user type wins over the stored one, and type-2-only pages refuse coaches', () => {
    expect(checkAdmin({ token: 't', userType: 2, user: { Id: 3, privilegies: 100, UserType: 1 } })).toMatchObject({
      reason: 'No access to this page',
    });
    expect(checkAdmin({ token: 't', userType: 8, user: null }, [2])).toMatchObject({
      reason: 'No access to this page',
    });
    expect(checkAdmin({ token: 't', userType: 2, user: null }, [2])).toEqual({ allowed: true });
  });

  it("the Denied page tells the guards' reasons apart, and no others", () => {
    const reasonOf = (input: Parameters<typeof checkAdmin>[0]) => {
      const result = checkAdmin(input);
      return result.allowed || result.redirect !== 'denied' ? undefined : result.reason;
    };
    expect(denialOf(reasonOf({ token: null, userType: 2, user: null }))).toBe('noToken');
    expect(denialOf(reasonOf({ token: 't', userType: 1, user: null }))).toBe('noAccess');
    expect(denialOf(reasonOf({ token: 't', userType: 2, user: { Id: 7, privilegies: 10, UserType: 2 } }))).toBe(
      'permission',
    );
    expect(denialOf(undefined)).toBe('unknown');
    expect(denialOf('Something else')).toBe('unknown');
  });

  it('a refused course is told apart from a refused page: no access, or no such course', () => {
    expect(deniedCaseOf('No access to this page', 'noAccess')).toBe('courseNoAccess');
    expect(deniedCaseOf('No access to this page', 'notFound')).toBe('courseNotFound');
    expect(deniedCaseOf('No access to this page', undefined)).toBe('noAccess');
    expect(deniedCaseOf('No token', undefined)).toBe('noToken');
    // The id a permission reason names is read for the explanation; anything else names none.
    expect(deniedUserId('Premission denied id:12')).toBe(12);
    expect(deniedUserId('Premission denied id:x')).toBeNull();
    expect(deniedUserId('No token')).toBeNull();
  });
});

describe('storage keys (spec §3, §4)', () => {
  it('uses the spec’s key names', () => {
    expect(storageKeys).toMatchObject({
      token: 'user-token',
      userType: 'user_type',
      locale: 'userLocale',
      cookieConsent: 'cookie_consent',
      darkMode: 'darkMode',
      newsSpotlightViewed: 'newsSpotlightViewed',
      appVersion: 'userAppVersion',
      courseTutorialComplete: 'courseTutorialComplete',
      courseId: 'course_id',
    });
  });

  it('signing out keeps the browser’s choices and clears the account’s data', () => {
    const present = Object.values(storageKeys) as string[];
    const cleared = keysToClearOnSignOut([...present, 'somethingElse']);
    // The administrator's token set aside while she views as a student (view_as) goes too.
    expect(cleared.sort()).toEqual(
      ['avatar', 'showCourseNav', 'somethingElse', 'user-token', 'user_type', 'view_as'].sort(),
    );
    expect([...keptOnSignOut].sort()).toEqual(
      [
        'cookie_consent',
        'darkMode',
        'newsSpotlightViewed',
        'userAppVersion',
        'userLocale',
        'courseTutorialComplete',
        'course_id',
        // A visitor's ear-training settings are the browser's.
        'earTrainingSettings',
      ].sort(),
    );
    expect(keysToClearOnSignOut([])).toEqual([]);
    // A course editor's unsaved draft outlives the sign-out.
    expect(keysToClearOnSignOut(['courseDraft:main:1:2:3', storageKeys.token])).toEqual([storageKeys.token]);
  });
});

describe('language choice (spec §1)', () => {
  it('takes the stored choice first', () => {
    expect(chooseLanguage('sv', ['en-US'])).toBe('sv');
    expect(chooseLanguage('en', ['sv-SE'])).toBe('en');
  });

  it('else the first supported browser language', () => {
    expect(chooseLanguage(null, ['de-DE', 'sv-SE', 'en'])).toBe('sv');
    expect(chooseLanguage(undefined, ['SV'])).toBe('sv');
    expect(chooseLanguage('fr', ['en-GB'])).toBe('en');
  });

  it('else English', () => {
    expect(defaultLanguage).toBe('en');
    expect(chooseLanguage(null, [])).toBe('en');
    expect(chooseLanguage('', ['de', 'fr-FR'])).toBe('en');
  });
});

describe('version check (spec §1, §7)', () => {
  it('offers an update only when the served build differs', () => {
    expect(isNewVersion('abc', { hash: 'abc', version: '1.0.0' })).toBe(false);
    expect(isNewVersion('abc', { hash: 'def', version: '1.0.1' })).toBe(true);
    expect(isNewVersion('abc', null)).toBe(false);
    expect(isNewVersion('abc', undefined)).toBe(false);
    expect(isNewVersion('abc', { hash: '', version: '' })).toBe(false);
  });

  it('checks every 30 s with a cache-busting parameter', () => {
    expect(VERSION_CHECK_INTERVAL_MS).toBe(30_000);
    expect(versionUrl(123)).toBe('/version.json?dt=123');
    expect(versionUrl(1)).not.toBe(versionUrl(2));
  });
});

describe('autosave (spec §4, §9)', () => {
  it('saves 5 s after the first input when typing paused for 3 s before that', () => {
    expect(AUTOSAVE_AFTER_MS).toBe(5_000);
    expect(AUTOSAVE_IDLE_MS).toBe(3_000);
    // One keystroke at 0: due at 5 s.
    expect(autosaveDelay({ now: 0, firstInputAt: 0, lastInputAt: 0 })).toBe(5_000);
    expect(autosaveDelay({ now: 1_000, firstInputAt: 0, lastInputAt: 1_000 })).toBe(4_000);
  });

  it('waits for 3 s without typing', () => {
    // Still typing at 4.5 s: not before 7.5 s.
    expect(autosaveDelay({ now: 4_500, firstInputAt: 0, lastInputAt: 4_500 })).toBe(3_000);
    expect(autosaveDelay({ now: 6_000, firstInputAt: 0, lastInputAt: 4_500 })).toBe(1_500);
  });

  it('is due at once when both times have passed', () => {
    expect(autosaveDelay({ now: 10_000, firstInputAt: 0, lastInputAt: 2_000 })).toBe(0);
  });
});

describe('news banner (spec §4)', () => {
  it('shows the latest news unless its id was viewed', () => {
    expect(shouldShowNewsBanner(7, [])).toBe(true);
    expect(shouldShowNewsBanner(7, [3, 7])).toBe(false);
    expect(shouldShowNewsBanner(undefined, [])).toBe(false);
  });

  it('closing adds the id to the viewed list once', () => {
    const viewed = [3];
    expect(markNewsViewed(viewed, 7)).toEqual([3, 7]);
    expect(markNewsViewed([3, 7], 7)).toEqual([3, 7]);
    expect(viewed).toEqual([3]);
  });

  it('makes URL-friendly titles', () => {
    expect(newsSlug('Årets sommarläger – 2025!')).toBe('arets-sommarlager-2025');
    expect(newsSlug('  Hello, World  ')).toBe('hello-world');
    expect(newsSlug('x'.repeat(200))).toHaveLength(80);
  });
});

describe('password shape (ASVS 5.0)', () => {
  it('needs 10 to 128 characters, counted as characters', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(10);
    expect(MAX_PASSWORD_LENGTH).toBe(128);
    expect(checkPasswordShape('123456789', 'a@b.c')).toBe('TOO_SHORT');
    expect(checkPasswordShape('abcdefghij', 'a@b.c')).toBeNull();
    expect(checkPasswordShape('😀'.repeat(10), 'a@b.c')).toBeNull();
    expect(checkPasswordShape('x'.repeat(129), 'a@b.c')).toBe('TOO_LONG');
  });

  it('refuses a password built on the email name, in any case', () => {
    expect(checkPasswordShape('I am Margareta 2024', 'margareta@example.test')).toBe('CONTAINS_EMAIL_NAME');
    // Names shorter than 3 characters are too common a substring to refuse on.
    expect(checkPasswordShape('a long enough secret', 'al@example.test')).toBeNull();
  });
});
