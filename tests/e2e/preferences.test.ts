import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nth } from '../support/answers';
import { apiCall, e2eAvailable, gotoPage, newContext, useBrowser } from './support/browser';

const storageValue = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

describe.skipIf(!e2eAvailable)('browser preferences that persist', () => {
  const browser = useBrowser();

  it('keeps the chosen language across a reload', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await gotoPage(page, '/faq');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('button', { name: /^Language/ }).click();
    await page.getByRole('menuitem', { name: 'Svenska' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Vanliga frågor' }).first().isVisible()).toBe(true);
    await page.reload();
    await page.locator('h1').first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    expect(await storageValue(page, 'userLocale')).toBe('sv');
    expect(await page.getByRole('navigation', { name: 'Huvudmeny' }).isVisible()).toBe(true);
    await context.close();
  });

  it('takes the browser language when nothing is stored', async () => {
    const context = await newContext(browser(), { locale: 'sv-SE' });
    const page = await context.newPage();
    await gotoPage(page, '/faq');
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    await context.close();
  });

  it('keeps dark mode across a reload', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await gotoPage(page, '/faq');
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('switch', { name: 'Dark mode' }).check();
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await page.reload();
    await page.locator('h1').first().waitFor();
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(await storageValue(page, 'darkMode')).toBe('true');
    await context.close();
  });

  it('follows the system colour scheme until a choice is stored, without a frame of the other one', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
    // Before the app's code runs (held back here), the page is dark already: no light flash on load.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/faq');
    expect(await scheme()).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 255, 255)');
    await page.unroute('**/assets/*.js');
    await gotoPage(page, '/faq');
    expect(await scheme()).toBe('dark');
    expect(await storageValue(page, 'darkMode')).toBeNull();
    // Nothing chosen: the page follows the system as it changes.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(scheme).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(scheme).toBe('dark');

    // She chooses light while the system is dark: her choice is stored and wins, on this load and the next.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const toggle = page.getByRole('switch', { name: 'Dark mode' });
    expect(await toggle.isChecked(), 'the switch shows the scheme on screen').toBe(true);
    await toggle.uncheck();
    expect(await scheme()).toBe('light');
    expect(await storageValue(page, 'darkMode')).toBe('false');
    await page.reload();
    await page.locator('h1').first().waitFor();
    expect(await scheme()).toBe('light');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await scheme()).toBe('light');
    await context.close();
  });

  for (const choice of ['Accept', 'Decline'] as const) {
    it(`remembers "${choice}" on the cookie banner`, async () => {
      const context = await newContext(browser(), { storage: { cookie_consent: '' } });
      await context.addInitScript(() => {
        if (localStorage.getItem('cookie_consent') === '') localStorage.removeItem('cookie_consent');
      });
      const page = await context.newPage();
      await gotoPage(page, '/faq');
      const banner = page.getByTestId('cookie-banner');
      await banner.waitFor();
      await banner.getByRole('button', { name: choice }).click();
      expect(await banner.count()).toBe(0);
      await page.reload();
      await page.locator('h1').first().waitFor();
      expect(await page.getByTestId('cookie-banner').count()).toBe(0);
      expect(await storageValue(page, 'cookie_consent')).toBe(choice === 'Accept' ? 'accepted' : 'declined');
      await context.close();
    });
  }

  it('remembers a closed news banner, and Learn More shows the details', async () => {
    const latest = await apiCall('news.php', 'get_latest_news', { user_id: null });
    const item = nth(latest.data.data);
    const context = await newContext(browser());
    const page = await context.newPage();
    await gotoPage(page, '/faq');
    const banner = page.getByTestId('news-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(item.title);
    await banner.getByRole('button', { name: 'Learn More' }).click();
    const dialog = page.getByRole('dialog', { name: item.title });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await banner.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByTestId('news-banner').count()).toBe(0);
    await page.reload();
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('news-banner').count()).toBe(0);
    expect(JSON.parse((await storageValue(page, 'newsSpotlightViewed')) ?? '[]')).toContain(item.id);
    await context.close();
  });

  it('offers an Update when version.json changes, and reloads on it', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.clock.install();
    await gotoPage(page, '/faq');
    expect(await page.getByTestId('update-prompt').count()).toBe(0);
    // The first check (the lazy checker's chunk and its version.json) must be over: one still under way when the
    // route is set answers the old build, and the fake clock would hold the next check back for good.
    await page.waitForLoadState('networkidle');
    await page.route('**/version.json*', (route) =>
      route.fulfill({ json: { hash: 'a-newer-build', version: '9.9.9' } }),
    );
    await page.clock.runFor(31_000);
    const prompt = page.getByTestId('update-prompt');
    await prompt.waitFor();
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Update' }).click()]);
    expect(await storageValue(page, 'userAppVersion')).toBe('a-newer-build');
    await context.close();
  });
});
