import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { createDatabase } from '../../../src/server/platform/db';
import type { CallName, CallOf, EndpointFile } from '../../../src/shared/contract';
import type { CallData } from '../../../src/shared/contract/define';
import { type AnswerOf, api } from '../../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEMO_PASSWORD } from './constants';

export const e2eAvailable = inject('e2eAvailable');

/** This worker's server (VITEST_POOL_ID counts the project's workers from 1). */
function ownServer() {
  const servers = inject('servers');
  const server = servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % Math.max(1, servers.length)];
  if (!server) throw new Error('no server for the browser tests');
  return server;
}
export const baseUrl = () => ownServer().url;
/** The server's data directory: a test reads mails from its outbox (a registration's link). */
export const dataDir = () => ownServer().dataDir;
/** The server's database, for a test's own rows (close it with `destroy()`). */
export const serverDatabase = () => createDatabase({ url: `sqlite:${path.join(dataDir(), 'app.db')}` });

/** One Chromium per test file, closed after it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  // A test that fails midway leaves its contexts open: their pages would go on polling as that user (and, say, take
  // the next test's toasts). Whatever a test opened is closed after it.
  afterEach(async () => {
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not started');
    return browser;
  };
}

export interface ContextOptions {
  /** Phone width (375) or a desktop (1440, wide enough for the staff's whole top bar). */
  phone?: boolean;
  colorScheme?: 'light' | 'dark';
  locale?: 'en-US' | 'sv-SE';
  /** Storage entries set before any page script runs (e.g. cookie_consent, to keep the banner away). */
  storage?: Record<string, string>;
  /** The browser's time zone (an IANA name); the machine's own unless given. */
  timezoneId?: string;
}

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: options.phone ? { width: 375, height: 740 } : { width: 1440, height: 900 },
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
    // The theme respects reduced motion, so overlays are checked fully drawn rather than mid-transition.
    reducedMotion: 'reduce',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const entries = {
    cookie_consent: 'accepted',
    // The course page's first-visit tour is a test of its own (tour.test.ts); elsewhere it has been taken.
    courseTutorialComplete: 'true',
    ...(options.colorScheme ? { darkMode: String(options.colorScheme === 'dark') } : {}),
    ...options.storage,
  };
  await context.addInitScript((values: Record<string, string>) => {
    // Only on the first load of a context, so a test can still change them and reload.
    if (sessionStorage.getItem('e2e-initialised')) return;
    sessionStorage.setItem('e2e-initialised', '1');
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
  return context;
}

/** The API of the platform under test. */
export const platform = api(baseUrl);

/** Calls the API as the client does (form fields req and data), as the holder of `token`; answers the body. */
export async function apiCall<F extends EndpointFile, R extends CallName<F>>(
  file: F,
  req: R | undefined,
  data: CallData<CallOf<F, R>>,
  token?: string,
): Promise<AnswerOf<F, R>> {
  return (await platform.call(file, req, data, { token })).body;
}

/** Signs in through the API and stores the session as the client would, to save time (CONVENTIONS.md 14). */
export async function signInViaApi(context: BrowserContext, email: string): Promise<{ token: string; userId: number }> {
  const answer = await platform.ok('login.php', 'sign_in', { email, password: DEMO_PASSWORD });
  await context.addInitScript(
    ({ token, userType }: { token: string; userType: number }) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('user-token', token);
      localStorage.setItem('user_type', String(userType));
    },
    { token: answer.token, userType: answer.data.UserType },
  );
  return { token: answer.token, userId: answer.data.Id };
}

/** The WCAG 2.1 A and AA rules of axe-core: what every check runs, unless it names a subset of them. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The axe-core that @axe-core/playwright injects (its own dependency, so the version stays the one it was made
 * for). The checks inject it once per document and run `axe.run` in the page: AxeBuilder injects it anew into the
 * page and into a blank page it opens for every check, which cost more than the check itself.
 */
const axeSource = fs.readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/**
 * Waits until no finite animation or transition is running (a dialog fading in, a menu sliding open), so that what
 * is measured is the page as it comes to rest, not a frame of its way there: contrast read through a half-drawn
 * overlay is neither the page's nor the dialog's. Endless ones (a loader's spin) are not waited for, nor more than
 * five seconds.
 */
async function transitionsDone(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined); // a page that never rests is checked as it is
}

/**
 * The serious and critical axe-core violations of the page as it is now (WCAG 2.1 A and AA), described by rule and
 * elements. `only` runs just those rules of that set (an unknown or left-out rule name is an error, not a check
 * that silently passes). The page's own frames are not entered: the only ones the app draws are YouTube's.
 */
export async function axeViolations(page: Page, only?: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  await transitionsDone(page);
  const violations = await page.evaluate(
    async ({ tags, only }) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, injected above
      const axe = (window as any).axe;
      const inTags: string[] = axe.getRules(tags).map((rule: { ruleId: string }) => rule.ruleId);
      const unknown = (only ?? []).filter((id) => !inTags.includes(id));
      if (unknown.length > 0) throw new Error(`not axe rules of ${tags.join(', ')}: ${unknown.join(', ')}`);
      const rules = only
        ? Object.fromEntries(inTags.filter((id) => !only.includes(id)).map((id) => [id, { enabled: false }]))
        : undefined;
      const results = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        iframes: false,
        resultTypes: ['violations'],
      });
      return results.violations as AxeViolation[];
    },
    { tags: AXE_TAGS, only: only ? [...only] : null },
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}

/** Fails on any serious or critical axe-core violation, naming the rule and the elements. */
export async function expectAccessible(page: Page, label: string, only?: readonly string[]): Promise<void> {
  expect(await axeViolations(page, only), `axe on ${label}`).toEqual([]);
}

/**
 * Turns a switch (Mantine's: a checkbox drawn over by its track) on or off. The click goes to the input itself, not
 * to the point where it is drawn, where a toast may lie at that moment; then the state is waited for.
 */
export async function setSwitch(toggle: Locator, on: boolean): Promise<void> {
  if ((await toggle.isChecked()) !== on) await toggle.dispatchEvent('click');
  await expect.poll(() => toggle.isChecked()).toBe(on);
}

/** Waits until the page's loaders have given way to its data (and, unless `heading` is false, its first heading). */
export async function settle(page: Page, { heading = true }: { heading?: boolean } = {}): Promise<void> {
  if (heading) await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.locator('main .mantine-Loader-root').first().waitFor({ state: 'detached', timeout: 15_000 });
}

/** Waits until the lazy page has rendered its first heading. */
export async function gotoPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 });
}

/** Makes one call of the page fail as a broken server would (500, SERVER_ERROR); its other calls go through. */
export async function failCall(page: Page, file: string, req: string): Promise<void> {
  await page.route(`**/api/backend/${file}`, (route) =>
    route.request().postData()?.includes(req)
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"status":"ERROR","error_code":"SERVER_ERROR"}',
        })
      : route.continue(),
  );
}

/**
 * axe-core on the page as it is, in both themes and both languages. The theme follows the system's (the context
 * stores no choice), so it flips without a reload; the language is the stored one, so Swedish costs one reload, and
 * English is stored again for the next page's load.
 */
export async function expectAccessibleEverywhere(page: Page, label: string, ready: () => Promise<unknown>) {
  const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
  const check = async (colorScheme: 'light' | 'dark', language: string) => {
    await page.emulateMedia({ colorScheme });
    await expect.poll(scheme).toBe(colorScheme);
    await expectAccessible(page, `${label} (${colorScheme}, ${language})`);
  };
  await check('light', 'en');
  await check('dark', 'en');
  await page.evaluate(() => localStorage.setItem('userLocale', 'sv'));
  await page.reload();
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('sv');
  await settle(page);
  await ready();
  await check('dark', 'sv');
  await check('light', 'sv');
  await page.evaluate(() => localStorage.setItem('userLocale', 'en'));
}
