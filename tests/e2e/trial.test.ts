import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, e2eAvailable, expectAccessible, gotoPage, newContext, useBrowser } from './support/browser';
import { mailedCode } from './support/learners';

/** The code of the newest trial link mailed to `email`, passing over those in `after`. */
const trialCode = (email: string, after: string[] = []) => mailedCode(email, 'start-trial', after);

async function askForLink(page: Page, email: string, label: string, send: string) {
  await page.getByLabel(label, { exact: false }).first().fill(email);
  await page.locator('main').getByRole('button', { name: send }).click();
}

describe.skipIf(!e2eAvailable)('a school starts its own free trial', () => {
  const browser = useBrowser();
  const tag = randomBytes(3).toString('hex');

  it('from the home page: a mailed link, the school, her account, and signing in at its own address', {
    timeout: 90_000,
  }, async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const email = `hedda-${tag}@e2e.test`;
    await gotoPage(page, '/Home');
    await page.getByRole('link', { name: 'Start your free trial: Starter' }).click();
    await page.waitForURL('**/start-trial');
    await page.getByRole('heading', { level: 1, name: 'Start your free trial' }).waitFor();
    await expectAccessible(page, '/start-trial');

    await askForLink(page, email, 'Email', 'Mail me the link');
    await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();
    await expectAccessible(page, '/start-trial, link sent');

    await gotoPage(page, `/start-trial?code=${await trialCode(email)}`);
    await page.getByRole('heading', { level: 1, name: 'Name your school' }).waitFor();
    await expect.poll(() => page.getByText(`signing in as ${email}`).count()).toBe(1);
    await expectAccessible(page, '/start-trial, the school');
    await page.getByLabel('School name', { exact: false }).fill(`Quill Music ${tag}`);
    // The address follows the school's name until she writes her own.
    const address = page.getByLabel('Address', { exact: false });
    expect(await address.inputValue()).toBe(`quill-music-${tag}`);
    const siteName = `quill${tag}`;
    await address.fill('www');
    await page.getByLabel('First name', { exact: false }).fill('Hedda');
    await page.getByLabel('Last name', { exact: false }).fill('Holm');
    const password = 'Violet-Harbour-Lantern-42';
    await page.getByLabel('Password', { exact: false }).first().fill(password);
    await page.locator('main').getByRole('button', { name: 'Start my school' }).click();
    await page.getByText('This address is reserved: choose another.').waitFor();
    await address.fill(siteName);
    await expect.poll(() => page.getByText(`${siteName}.localhost`).count()).toBe(1);
    await page.locator('main').getByRole('button', { name: 'Start my school' }).click();

    // Off to her school's own address, which names its site to the one build of the client.
    const port = new URL(baseUrl()).port;
    await page.waitForURL(`http://${siteName}.localhost:${port}/login`, { timeout: 15_000 });
    await page.locator('h1').first().waitFor();
    expect(await page.locator('meta[name="site"]').getAttribute('content')).toBe(siteName);
    await page.getByLabel('Email', { exact: false }).first().fill(email);
    await page.getByLabel('Password', { exact: false }).first().fill(password);
    await page.locator('main').getByRole('button', { name: 'Sign in' }).click();
    // An administrator lands on /Tasks; her school has no demo content.
    await page.waitForURL(`http://${siteName}.localhost:${port}/Tasks`, { timeout: 15_000 });
    const site = await page.evaluate(() =>
      fetch('/api/backend/site.php', { method: 'POST', body: new URLSearchParams({ req: 'get_site', data: '{}' }) })
        .then((r) => r.json())
        .then((body) => body.data),
    );
    expect(site).toMatchObject({
      Name: siteName,
      Title: `Quill Music ${tag}`,
      Plan: 'demo',
      RegistrationEnabled: false,
    });
    await context.close();
  });

  it('reads in Swedish and dark mode; a used or unknown link says to ask again; without self-service, whom to write to', {
    timeout: 60_000,
  }, async () => {
    const context = await newContext(browser(), { locale: 'sv-SE', colorScheme: 'dark' });
    const page = await context.newPage();
    const email = `greta-${tag}@e2e.test`;
    await gotoPage(page, '/start-trial');
    await page.getByRole('heading', { level: 1, name: 'Starta din kostnadsfria provperiod' }).waitFor();
    await expectAccessible(page, '/start-trial sv dark');
    await askForLink(page, email, 'E-post', 'Mejla mig länken');
    await page.getByRole('heading', { level: 1, name: 'Titta i din inkorg' }).waitFor();
    await expectAccessible(page, '/start-trial sv dark, link sent');
    await gotoPage(page, `/start-trial?code=${await trialCode(email)}`);
    await page.getByRole('heading', { level: 1, name: 'Namnge din skola' }).waitFor();
    await expectAccessible(page, '/start-trial sv dark, the school');
    await gotoPage(page, `/start-trial?code=${'A'.repeat(43)}`);
    await page.getByRole('heading', { level: 1, name: 'Länken fungerar inte' }).waitFor();
    await expectAccessible(page, '/start-trial sv dark, bad link');
    await page.locator('main').getByRole('button', { name: 'Be om en ny länk' }).click();
    await page.getByRole('heading', { level: 1, name: 'Starta din kostnadsfria provperiod' }).waitFor();

    // Where the operator allows no self-service, the page says whom to write to.
    await page.route('**/api/backend/trial.php', (route) =>
      route.request().postData()?.includes('get_trial_options')
        ? route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({
              status: 'OK',
              data: { SelfService: false, Domain: null, ContactEmail: 'sales@platform.example', TrialDays: 30 },
            }),
          })
        : route.continue(),
    );
    await gotoPage(page, '/start-trial');
    await page.getByRole('link', { name: 'sales@platform.example' }).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await expectAccessible(page, '/start-trial sv dark, no self-service');
    await context.close();
  });
});
