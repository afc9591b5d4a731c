import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEMO_PASSWORD } from './constants';

export const baseUrl = () => inject('baseUrl');
export const e2eAvailable = inject('e2eAvailable');

/** One Chromium per test file, closed after it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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
  /** Phone width (375) or desktop (1280). */
  phone?: boolean;
  colorScheme?: 'light' | 'dark';
  locale?: 'en-US' | 'sv-SE';
  /** Storage entries set before any page script runs (e.g. cookie_consent, to keep the banner away). */
  storage?: Record<string, string>;
}

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: options.phone ? { width: 375, height: 740 } : { width: 1280, height: 860 },
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
    // The theme respects reduced motion, so overlays are checked fully drawn rather than mid-transition.
    reducedMotion: 'reduce',
  });
  const entries = {
    cookie_consent: 'accepted',
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

/** Calls the API as the client does (form fields req and data). */
// biome-ignore lint/suspicious/noExplicitAny: answers of every shape
export async function apiCall(file: string, req: string | undefined, data: unknown, token?: string): Promise<any> {
  const form = new URLSearchParams();
  if (req) form.set('req', req);
  form.set('data', JSON.stringify(data));
  const response = await fetch(`${baseUrl()}/api/backend/${file}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      site: 'main',
      ...(token ? { authorization: token } : {}),
    },
    body: form,
  });
  return response.json();
}

/** Signs in through the API and stores the session as the client would, to save time (CONVENTIONS.md 14). */
export async function signInViaApi(context: BrowserContext, email: string): Promise<{ token: string; userId: number }> {
  const answer = await apiCall('login.php', 'sign_in', { email, password: DEMO_PASSWORD });
  if (answer.status !== 'OK') throw new Error(`sign in failed: ${JSON.stringify(answer)}`);
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

/** Fails on any serious or critical axe-core violation, naming the rule and the elements. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
  expect(serious, `axe on ${label}`).toEqual([]);
}

/** Waits until the lazy page has rendered its first heading. */
export async function gotoPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 });
}
