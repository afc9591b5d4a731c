import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eAvailable, gotoPage, newContext, signInViaApi, useBrowser } from './support/browser';
import { DEMO_PASSWORD, demo } from './support/constants';

async function signInThroughForm(page: Page, email: string) {
  await page.getByLabel('Email', { exact: false }).first().fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(DEMO_PASSWORD);
  await page.locator('main').getByRole('button', { name: 'Sign in' }).click();
}

const expectations = {
  admin: { badge: 'Admin', adminMenu: true, pencil: true, landing: '/Tasks' },
  // Coaches have the staff's admin menu (Tasks), without the administrators' items.
  coach: { badge: 'Coach', adminMenu: true, pencil: false, landing: '/Tasks' },
  student: { badge: null, adminMenu: false, pencil: false, landing: '/MyCourses' },
} as const;

describe.skipIf(!e2eAvailable)('signing in and out', () => {
  const browser = useBrowser();

  for (const role of ['admin', 'coach', 'student'] as const) {
    it(`signs the demo ${role} in and out with the menus of the role`, async () => {
      const context = await newContext(browser());
      const page = await context.newPage();
      await gotoPage(page, '/login');
      expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBeGreaterThan(0);
      await signInThroughForm(page, demo[role]);
      const expected = expectations[role];
      // Staff land on their tasks, learners on their courses.
      await page.waitForURL(`**${expected.landing}`);
      // The signed-in end of the top bar is a chunk of its own: once the xp total shows, the rest of it is there.
      await page.getByTestId('xp-total').waitFor();

      const badge = page.getByTestId('role-badge');
      if (expected.badge) expect(await badge.textContent()).toBe(expected.badge);
      else expect(await badge.count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Admin' }).count()).toBe(expected.adminMenu ? 1 : 0);
      expect(await page.getByTestId('page-edit-toggle').count()).toBe(expected.pencil ? 1 : 0);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      expect(await nav.getByRole('link', { name: 'Sign in' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText('You signed out!').waitFor();
      // The toast can be closed, by a button that says what it does.
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'You signed out!' });
      await toast.getByRole('button', { name: 'Close notification' }).click();
      await page.getByText('You signed out!').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('cookie_consent'))).toBe('accepted');
      await nav.getByRole('link', { name: 'Sign in' }).waitFor();
      await context.close();
    });
  }

  /**
   * What overlaps or is cut off in the top bar: the main menu, when it shows, lies whole between the title end and
   * the user's end, and no control's text is clipped. An empty list is a clean bar.
   */
  const barProblems = (page: Page) =>
    page.evaluate(() => {
      const problems: string[] = [];
      const header = document.querySelector('[data-app-header]');
      const nav = header?.querySelector('nav');
      const ends = [...(header?.querySelectorAll(':scope > div > div') ?? [])].filter((el) => el !== nav);
      const clipped = (el: Element) => el.scrollWidth > el.clientWidth + 1;
      // The texts of the bar's ends: the title, the role and xp badges, the language.
      for (const text of header?.querySelectorAll('a, .mantine-Button-label, .mantine-Badge-label') ?? []) {
        if (text.getClientRects().length > 0 && clipped(text) && !nav?.contains(text)) {
          problems.push(`clipped: ${text.textContent}`);
        }
      }
      const shown = nav && getComputedStyle(nav).display !== 'none' && getComputedStyle(nav).visibility !== 'hidden';
      if (nav && shown) {
        for (const link of nav.children) {
          const box = link.getBoundingClientRect();
          const label = link.querySelector('.mantine-Button-label') ?? link;
          if (clipped(label)) problems.push(`clipped: ${link.textContent}`);
          for (const end of ends) {
            const other = end.getBoundingClientRect();
            if (box.left < other.right && other.left < box.right) problems.push(`overlaps: ${link.textContent}`);
          }
        }
      }
      return { problems, navShown: Boolean(shown) };
    });

  for (const role of ['admin', 'student'] as const) {
    it(`the ${role}'s top bar never overlaps: at every width and in both languages the menu fits whole or hides`, {
      timeout: 60_000,
    }, async () => {
      const context = await newContext(browser());
      await signInViaApi(context, demo[role]);
      const page = await context.newPage();
      for (const language of ['en', 'sv']) {
        await page.evaluate((l) => localStorage.setItem('userLocale', l), language).catch(() => undefined);
        await gotoPage(page, '/MyCourses');
        await page.getByTestId('xp-total').waitFor();
        for (const width of [1200, 1220, 1240, 1280, 1408, 1440, 1480, 1600]) {
          await page.setViewportSize({ width, height: 800 });
          await expect.poll(() => barProblems(page), { timeout: 2_000 }).toMatchObject({ problems: [] });
        }
        // Wide enough, the menu is in the bar.
        await expect
          .poll(async () => (await barProblems(page)).navShown, { message: `${language} at 1600 px` })
          .toBe(true);
      }
      await context.close();
    });
  }

  /**
   * The site's name in the top bar: how much of it shows, whether it is cut without an ellipsis, and which of the
   * bar's other controls it lies over.
   */
  const siteName = (page: Page) =>
    page.evaluate(() => {
      const header = document.querySelector('[data-app-header]');
      const title = header?.querySelector<HTMLElement>('a[href="/"]');
      if (!header || !title || title.getClientRects().length === 0) return { shownPx: 0, problems: ['not shown'] };
      const problems: string[] = [];
      const box = title.getBoundingClientRect();
      if (box.left < 0 || box.right > window.innerWidth) problems.push('off the screen');
      if (title.scrollWidth > title.clientWidth + 1 && getComputedStyle(title).textOverflow !== 'ellipsis') {
        problems.push('cut without an ellipsis');
      }
      const controls = header.querySelectorAll('button, a, [data-testid="role-badge"], [data-testid="xp-total"]');
      for (const control of controls) {
        if (control === title || control.contains(title) || title.contains(control)) continue;
        const other = control.getBoundingClientRect();
        if (other.width === 0) continue;
        const overlaps =
          box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom;
        if (overlaps) {
          problems.push(`over: ${control.getAttribute('aria-label') ?? control.textContent}`);
        }
      }
      return { shownPx: Math.round(box.width), problems };
    });

  for (const role of ['visitor', 'admin', 'student'] as const) {
    it(`the phone's top bar shows the site's name (${role}), over no other control`, async () => {
      const context = await newContext(browser());
      if (role !== 'visitor') await signInViaApi(context, demo[role]);
      const page = await context.newPage();
      for (const language of ['en', 'sv']) {
        await page.evaluate((l) => localStorage.setItem('userLocale', l), language).catch(() => undefined);
        await page.setViewportSize({ width: 390, height: 800 });
        await gotoPage(page, '/faq');
        if (role !== 'visitor') await page.getByTestId('xp-total').waitFor();
        const name = language === 'en' ? 'Learning Platform' : 'Lärplattformen';
        expect(await page.locator('[data-app-header] a[href="/"]').first().textContent()).toBe(name);
        await expect
          .poll(() => siteName(page), { message: `${role}, ${language}, 390 px` })
          .toMatchObject({ problems: [] });
        // Enough of it to read, not a lone letter and an ellipsis.
        expect((await siteName(page)).shownPx).toBeGreaterThan(60);
        // Narrower still, it gives way rather than push anything off the bar.
        await page.setViewportSize({ width: 320, height: 800 });
        await expect
          .poll(() => siteName(page), { message: `${role}, ${language}, 320 px` })
          .toMatchObject({
            problems: [],
          });
      }
      await context.close();
    });
  }

  it('sends a student away from /versions to /denied with the reason', async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.student);
    const page = await context.newPage();
    await page.goto('/versions');
    await page.waitForURL('**/denied');
    const denied = page.getByTestId('denied-page');
    expect(await denied.getAttribute('data-reason')).toBe('No access to this page');
    expect(await page.getByTestId('denied-text').textContent()).toBe(
      'No access to this page: it is for administrators and staff.',
    );
    // Signed in already: signing in again would not help, so there is no "Sign in", but the way home.
    expect(await page.locator('main').getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(0);
    await page.locator('main').getByRole('link', { name: 'Go to the home page' }).waitFor();
    await context.close();
  });

  it('sends a visitor without a token away from /versions with "No token"', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/versions');
    await page.waitForURL('**/denied');
    // The spec's reason goes with the page; what it says is explained, in the user's language.
    expect(await page.getByTestId('denied-page').getAttribute('data-reason')).toBe('No token');
    expect(await page.getByTestId('denied-text').textContent()).toBe(
      'You are not signed in. Sign in to see this page.',
    );
    expect(await page.locator('main').textContent()).not.toContain('No token');
    await context.close();
    const swedish = await newContext(browser(), { locale: 'sv-SE' });
    const sida = await swedish.newPage();
    await sida.goto('/versions');
    await sida.waitForURL('**/denied');
    expect(await sida.getByTestId('denied-text').textContent()).toBe(
      'Du är inte inloggad. Logga in för att se den här sidan.',
    );
    expect(await sida.locator('main').textContent()).not.toMatch(/No token|Reason/);
    await swedish.close();
  });

  it('takes a signed-out administrator from /denied through "Sign in" to the admin route she opened', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    // A link from a mail, opened while signed out.
    await page.goto('/Tasks?from=mail#top');
    await page.waitForURL('**/denied');
    expect(await page.getByTestId('denied-page').getAttribute('data-reason')).toBe('No token');
    const signIn = page.locator('main').getByRole('link', { name: 'Sign in' });
    expect(await signIn.getAttribute('href')).toBe(`/login?triedUrl=${encodeURIComponent('/Tasks?from=mail#top')}`);
    await signIn.click();
    await page.waitForURL('**/login?triedUrl=*');
    await signInThroughForm(page, demo.admin);
    await page.waitForURL((url) => url.pathname === '/Tasks' && url.search === '?from=mail');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/Tasks');
    expect(await page.getByTestId('denied-page').count()).toBe(0);
    await context.close();
  });

  it('lets an administrator open the version history from the version label', async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, '/faq');
    await page.getByTestId('version-label').click();
    await page.waitForURL('**/versions');
    await page.locator('h1').first().waitFor();
    await context.close();
  });

  it('returns to triedUrl after signing in', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await gotoPage(page, `/login?triedUrl=${encodeURIComponent('/News?page=1')}`);
    await signInThroughForm(page, demo.student);
    await page.waitForURL('**/News?page=1');
    await context.close();
  });

  it('signs out with ?logout and keeps the browser choices', async () => {
    const context = await newContext(browser(), { storage: { userLocale: 'en', darkMode: 'true' } });
    await signInViaApi(context, demo.student);
    const page = await context.newPage();
    await gotoPage(page, '/faq');
    await page.getByTestId('xp-total').waitFor();
    await gotoPage(page, '/?logout');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user_type'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('userLocale'))).toBe('en');
    await context.close();
  });
});
