import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, e2eAvailable, gotoPage, newContext, platform, signInViaApi, useBrowser } from './support/browser';
import { DEMO_PASSWORD, demo } from './support/constants';
import { registerAccount, verificationCode } from './support/learners';

const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email', { exact: false }).first().fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(password);
  await page.locator('main').getByRole('button', { name: 'Sign in' }).click();
}

/** A verified account of the test's own, with the demo password. */
async function ownAccount(first: string): Promise<{ email: string }> {
  const account = await registerAccount({ first, last: 'Tester' });
  expect((await apiCall('register.php', 'verify_email', { code: await verificationCode(account.email) })).status).toBe(
    'OK',
  );
  return account;
}

describe.skipIf(!e2eAvailable)('the account: where sign-in lands, the profile, password and links', () => {
  const browser = useBrowser();

  for (const [role, landing] of [
    ['student', '/MyCourses'],
    ['coach', '/Tasks'],
    ['admin', '/Tasks'],
  ] as const) {
    it(`signing in lands the ${role} on ${landing}, or on the page she tried`, async () => {
      const context = await newContext(browser());
      const page = await context.newPage();
      await gotoPage(page, '/login');
      await signInThroughForm(page, demo[role]);
      await page.waitForURL(`**${landing}`);
      await page.locator('h1').first().waitFor();

      const tried = await newContext(browser());
      const triedPage = await tried.newPage();
      await gotoPage(triedPage, '/Resources');
      await triedPage.waitForURL(/\/login\?triedUrl=/);
      await signInThroughForm(triedPage, demo[role]);
      await triedPage.waitForURL('**/Resources');
    });
  }

  it('the avatar opens the profile, and shows the stored photo before the user has loaded', async () => {
    const context = await newContext(browser(), { storage: { avatar: '424242' } });
    await signInViaApi(context, demo.student);
    const page = await context.newPage();
    // A photo for the stored id, so the avatar shows it rather than the initials' placeholder.
    await page.route('**/media/avatar/424242', (route) =>
      route.fulfill({ contentType: 'image/png', body: Buffer.from(ONE_PIXEL_PNG, 'base64') }),
    );
    // Before auth_user answers, the bar shows the photo under `avatar` (spec §3).
    await page.route('**/api/backend/auth.php', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await gotoPage(page, '/News');
    const avatar = page.getByRole('link', { name: 'Your profile' });
    await avatar.waitFor();
    await expect.poll(() => avatar.locator('img').getAttribute('src')).toBe('/media/avatar/424242');
    await page.unroute('**/api/backend/auth.php');
    await page.getByTestId('xp-total').waitFor();
    await avatar.click();
    await page.waitForURL('**/MyProfile');
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
  });

  it('changes the password with the current one; a wrong current one is named', async () => {
    const account = await ownAccount('Pia');
    const context = await newContext(browser());
    await signInViaApi(context, account.email);
    const page = await context.newPage();
    await gotoPage(page, '/MyProfile');
    const form = page.locator('form[aria-labelledby="password-change-title"]');
    await form.waitFor();
    await form.getByLabel(/^Current password/).fill('not my password');
    await form.getByLabel(/^New password/).fill('a brand new secret');
    await form.getByLabel(/^Repeat the new password/).fill('a brand new secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('The current password is wrong.').first().waitFor();

    await form.getByLabel(/^Current password/).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed. You are signed out on your other devices.').waitFor();
    const withNew = await platform.call('login.php', 'sign_in', {
      email: account.email,
      password: 'a brand new secret',
    });
    expect(withNew.body.status).toBe('OK');
  });

  for (const [locale, text] of [
    ['en-US', 'First name is too long: it can have at most 100 characters.'],
    ['sv-SE', 'Förnamn: texten är för lång, högst 100 tecken.'],
  ] as const) {
    it(`a field over its length limit is named with the limit (${locale})`, async () => {
      const context = await newContext(browser(), { locale });
      const page = await context.newPage();
      await gotoPage(page, '/register');
      const sv = locale === 'sv-SE';
      await page.getByLabel(sv ? 'Förnamn' : 'First name', { exact: false }).fill('G'.repeat(101));
      await page.getByLabel(sv ? 'Efternamn' : 'Last name', { exact: false }).fill('Garbo');
      await page
        .getByLabel(sv ? 'E-post' : 'Email', { exact: false })
        .first()
        .fill(`long-${Date.now()}@example.test`);
      await page
        .getByLabel(sv ? 'Lösenord' : 'Password', { exact: false })
        .first()
        .fill('a long and unusual phrase');
      await page.getByRole('checkbox').check();
      await page.locator('main form button[type="submit"]').click();
      await page.getByText(text).waitFor();
    });
  }

  it('a verification link opened twice says the address is verified and offers to sign in', async () => {
    const account = await registerAccount({ first: 'Vera', last: 'Tester' });
    const code = await verificationCode(account.email);
    const context = await newContext(browser());
    const page = await context.newPage();
    await gotoPage(page, `/verify-email?code=${code}`);
    await page.getByText('Your email address is verified. You can sign in now.').waitFor();
    await gotoPage(page, `/verify-email?code=${code}`);
    await page.getByText('This email address is already verified. You can sign in.').waitFor();
    expect(await page.getByText('Code not found.').count()).toBe(0);
    await page.locator('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
  });
});
