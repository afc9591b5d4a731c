import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAdmin, checkLogin } from '../../src/shared/domain/guards';
import { UserType } from '../../src/shared/domain/roles';
import { routeTable } from '../../src/shared/domain/routes';
import { axeViolations, e2eAvailable, expectAccessible, newContext, signInViaApi, useBrowser } from './support/browser';
import { demo } from './support/constants';

const roles = ['anonymous', 'student', 'coach', 'admin'] as const;
type Role = (typeof roles)[number];

const roleTypes: Record<Role, number | null> = {
  anonymous: null,
  student: UserType.student,
  coach: UserType.coach,
  admin: UserType.admin,
};

/**
 * The routes a role's pass visits: every route the role may open, and of those it may not, the first of each way it
 * is refused (to the sign-in page, or to /denied with each reason). The others would draw the very page that first
 * one drew, already checked.
 */
function samplesFor(role: Role): string[] {
  const token = role === 'anonymous' ? null : 'token';
  const seen = new Set<string>();
  return Object.values(routeTable).flatMap((route) => {
    const { access } = route;
    const result =
      access.kind === 'public'
        ? ({ allowed: true } as const)
        : access.kind === 'login'
          ? checkLogin({ token })
          : checkAdmin({ token, userType: roleTypes[role], user: null }, access.types);
    if (result.allowed) return [route.sample];
    const refusal = result.redirect === 'login' ? 'login' : `denied ${result.reason}`;
    if (seen.has(refusal)) return [];
    seen.add(refusal);
    return [route.sample];
  });
}

/** Where each pass loads the client: a public page that sends no role elsewhere, and is not the first sample. */
const START = '/faq';

async function contextAs(
  browser: Parameters<typeof newContext>[0],
  role: Role,
  options: Parameters<typeof newContext>[1],
) {
  const context = await newContext(browser, options);
  if (role !== 'anonymous') await signInViaApi(context, demo[role]);
  return context;
}

/** Waits until the page has its heading and its data (loaders give way to content). */
async function settle(page: Page) {
  try {
    await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 15_000 });
    await page.locator('.mantine-Loader-root').first().waitFor({ state: 'detached', timeout: 15_000 });
  } catch (error) {
    throw new Error(`${page.url()} did not settle: ${error instanceof Error ? error.message : error}`);
  }
}

/** The count of locations the client has drawn (ScrollManager marks it on `<html>` as `data-drawn`). */
const drawnCount = (page: Page) =>
  page.evaluate(() => Number.parseInt(document.documentElement.dataset.drawn ?? '0', 10));

/**
 * Waits until the client has drawn a location after the `before`th and it is the address now shown (a redirect
 * draws once more), and the page on it has settled. Router updates are transitions, so until then the previous
 * page is still on screen. A page that moves on by itself once its data is there is followed too.
 */
async function settleDrawn(page: Page, before: number) {
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.waitForFunction(
      (before) => {
        const [count = '0', drawn] = (document.documentElement.dataset.drawn ?? '').split(' ');
        return Number(count) > before && drawn === `${location.pathname}${location.search}`;
      },
      before,
      { timeout: 15_000 },
    );
    await settle(page);
    const stillThere = await page.evaluate(
      () => document.documentElement.dataset.drawn?.split(' ')[1] === `${location.pathname}${location.search}`,
    );
    if (stillThere) return;
  }
  throw new Error(`the client never settled at ${page.url()}`);
}

/**
 * Moves to a URL inside the running client, as its own links do, instead of loading the whole app again for
 * every page: the sweep's time goes to checking pages rather than booting them.
 */
async function navigateInApp(page: Page, url: string) {
  const before = await drawnCount(page);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await settleDrawn(page, before);
}

/**
 * Loads the client once on a page no role is sent away from, waits for the session check (so no later page is
 * drawn while the stored token is still being checked), then visits every route in the client and runs axe-core.
 */
async function sweep(context: BrowserContext, role: Role, label: string) {
  const page = await context.newPage();
  await page.goto(START);
  await settleDrawn(page, 0);
  if (role !== 'anonymous') await page.getByTestId('xp-total').waitFor({ timeout: 15_000 });
  for (const url of samplesFor(role)) {
    await navigateInApp(page, url);
    await expectAccessible(page, `${url} ${label}`);
  }
  await page.close();
}

/**
 * Every route as every role, in both themes and both languages, through axe-core (serious and critical fail);
 * guarded routes are checked as the page each role actually gets.
 */
describe.skipIf(!e2eAvailable)('accessibility sweep of every route', () => {
  const browser = useBrowser();

  it('finds violations planted in a page (the checker itself works)', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(START);
    await settleDrawn(page, 0);
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => {
      document
        .querySelector('main')
        ?.insertAdjacentHTML('afterbegin', '<button></button><p style="color:#ddd;background:#fff">faint</p>');
    });
    const found = (await axeViolations(page)).map((violation) => violation.split(' ')[0]);
    expect(found).toEqual(['button-name', 'color-contrast']);
    await context.close();
  });

  // Each role's pages once in each theme and once in each language: the light theme in English and the dark one in
  // Swedish. Contrast is the theme's and names are the language's, so the two other pairings would check again what
  // these two check (and cost as much).
  for (const role of roles) {
    // Two passes over every route: the time they take grows with the routes, so they have a bound of their own.
    it(`every route as ${role}: light theme in English, dark theme in Swedish`, { timeout: 240_000 }, async () => {
      // Both passes at once, each in its own browser context (the machine has two cores).
      await Promise.all(
        (
          [
            ['light', 'en'],
            ['dark', 'sv'],
          ] as const
        ).map(async ([colorScheme, locale]) => {
          const context = await contextAs(browser(), role, { colorScheme, storage: { userLocale: locale } });
          await sweep(context, role, `as ${role} (${colorScheme}, ${locale})`);
          await context.close();
        }),
      );
    });
  }

  it('every route at phone width, light and dark', async () => {
    await Promise.all(
      (['light', 'dark'] as const).map(async (colorScheme) => {
        const context = await contextAs(browser(), 'student', { colorScheme, phone: true });
        await sweep(context, 'student', `at 375 px (${colorScheme})`);
        await context.close();
      }),
    );
  });

  it('the drawer, the cookie banner and the news details', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await contextAs(browser(), 'admin', { colorScheme, storage: { cookie_consent: '' } });
      await context.addInitScript(() => {
        if (localStorage.getItem('cookie_consent') === '') localStorage.removeItem('cookie_consent');
      });
      const page = await context.newPage();
      await page.goto('/faq');
      await settle(page);
      await page.getByTestId('cookie-banner').waitFor();
      await expectAccessible(page, `cookie banner (${colorScheme})`);
      await page.getByTestId('news-banner').getByRole('button', { name: 'Learn More' }).click();
      await page.getByRole('dialog').waitFor();
      await expectAccessible(page, `news details (${colorScheme})`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').waitFor();
      await expectAccessible(page, `drawer (${colorScheme})`);
      await context.close();
    }
  });

  it('a light button keeps its contrast while the pointer is on it', async () => {
    const context = await contextAs(browser(), 'student', { colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/course/1/post/1');
    await settle(page);
    await page.keyboard.press('Escape');
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await menu.getAttribute('data-variant')).toBe('light');
    const background = () => menu.evaluate((element) => getComputedStyle(element).backgroundColor);
    const resting = await background();
    await menu.hover();
    await expect.poll(background).not.toBe(resting);
    expect(await axeViolations(page, ['color-contrast'])).toEqual([]);
    await context.close();
  });
});

interface FocusStop {
  id: string;
  visible: boolean;
  description: string;
}

describe.skipIf(!e2eAvailable)('keyboard through the shell', () => {
  const browser = useBrowser();

  for (const role of ['anonymous', 'admin'] as const) {
    it(`reaches every control of the shell with Tab, focus always visible (${role})`, async () => {
      const context = await contextAs(browser(), role, {});
      const page = await context.newPage();
      await page.goto('/faq');
      await settle(page);
      // Name every control of the top bar and the footer that a pointer user could use.
      const controls = await page.evaluate(() => {
        const selector = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';
        const all = [...document.querySelectorAll<HTMLElement>(selector)];
        all.forEach((el, i) => {
          el.dataset.focusProbe = String(i);
        });
        return all
          .filter((el) => el.offsetParent !== null && el.closest('header, footer'))
          .map(
            (el) =>
              `${el.dataset.focusProbe}: ${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}"`,
          );
      });
      expect(controls.length).toBeGreaterThan(5);

      const stops: FocusStop[] = [];
      for (let press = 0; press < 120; press++) {
        await page.keyboard.press('Tab');
        const stop = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const style = getComputedStyle(el);
          const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
          const ring = style.boxShadow !== 'none';
          return {
            id: el.dataset.focusProbe ?? '',
            visible: outline || ring,
            description: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
          };
        });
        if (!stop) continue;
        stops.push(stop);
        if (stops.length > 1 && stop.id !== '' && stop.id === stops[0]?.id) break;
      }
      const invisible = stops.filter((s) => !s.visible).map((s) => s.description);
      expect(invisible, 'controls whose focus is not visible').toEqual([]);
      const reached = new Set(stops.map((s) => s.id));
      const missed = controls.filter((c) => !reached.has(c.split(':')[0] ?? ''));
      expect(missed, 'shell controls that Tab never reaches').toEqual([]);
      expect(stops[0]?.description).toContain('Skip to content');
      await context.close();
    });
  }
});
