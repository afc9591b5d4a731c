import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createUser } from '../../src/server/seed/factories';
import { cheapPasswordHash } from '../factories';
import {
  type ContextOptions,
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  serverDatabase,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { DEMO_PASSWORD, demo } from './support/constants';

describe.skipIf(!e2eAvailable)('/user/:id', () => {
  const browser = useBrowser();
  const tag = `Quill${randomBytes(3).toString('hex')}`;
  const email = `lena-${tag}@e2e.test`.toLowerCase();
  const courseName = `Cello ${tag}`;
  let studentId = 0;

  beforeAll(async () => {
    const db = serverDatabase();
    try {
      const site = await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirstOrThrow();
      const passwordHash = cheapPasswordHash(DEMO_PASSWORD);
      studentId = (
        await createUser(db, { site, role: 'student', firstName: 'Lena', lastName: tag, email, passwordHash })
      ).id;
      await createCourse(db, { site, name: courseName });
    } finally {
      await db.destroy();
    }
  });

  it('an administrator finds a student, gives her a course with an end date, and she sees it in My courses', {
    timeout: 120_000,
  }, async () => {
    const staff = await newContext(browser());
    await signInViaApi(staff, demo.admin);
    const admin = await staff.newPage();
    await gotoPage(admin, '/users');
    await settle(admin);
    await admin.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await expect.poll(() => admin.getByTestId('user-name').allTextContents()).toEqual([`Lena ${tag}`]);
    await admin.getByTestId('user-name').click();
    await admin.waitForURL(new RegExp(`/user/${studentId}$`));
    await admin.getByTestId('user-page').waitFor();
    expect(await admin.getByRole('heading', { level: 1 }).textContent()).toBe(`Lena ${tag}`);
    expect(await admin.getByTestId('user-badges').textContent()).toContain('Student');
    await expectAccessible(admin, '/user/:id, profile');

    await admin.getByRole('tab', { name: 'Courses' }).click();
    const end = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const option = admin.getByTestId('user-grant-course').locator('option', { hasText: courseName });
    await expect.poll(() => option.count()).toBe(1);
    await admin.getByTestId('user-grant-course').selectOption({ label: courseName });
    await admin.getByTestId('user-grant-end').fill(end);
    await admin.getByTestId('user-grant').click();
    const card = admin.getByTestId('user-course').filter({ hasText: courseName });
    await card.waitFor();
    const shown = new Date(`${end}T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    expect(await card.getByTestId('user-course-dates').textContent()).toContain(`Ends: ${shown}`);
    await expectAccessible(admin, '/user/:id, courses');

    // The change is in her history, with who made it.
    await admin.getByRole('tab', { name: 'History' }).click();
    const entry = admin.getByTestId('user-history-entry').first();
    await entry.waitFor();
    expect(await entry.getAttribute('data-action')).toBe('course_granted');
    expect(await entry.textContent()).toContain('Admin');
    await expectAccessible(admin, '/user/:id, history');

    const learnerContext = await newContext(browser());
    await signInViaApi(learnerContext, email);
    const learner = await learnerContext.newPage();
    await gotoPage(learner, '/MyCourses');
    await settle(learner);
    await expect.poll(() => learner.getByTestId('my-courses').getByText(courseName, { exact: true }).count()).toBe(1);
    await learnerContext.close();

    // Removing the access asks first.
    await admin.getByRole('tab', { name: 'Courses' }).click();
    await card.getByTestId('user-course-revoke').click();
    const dialog = admin.getByTestId('user-revoke-dialog');
    await dialog.getByText(`Remove Lena ${tag}’s access to ${courseName}?`).waitFor();
    // Checked once the dialog has settled: the focus on its way out, the earlier toast gone.
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.textContent ?? ''), { timeout: 10_000 })
      .toBe('Cancel');
    await admin.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 10_000 });
    await expectAccessible(admin, '/user/:id, the confirmation of a removal');
    await dialog.getByRole('button', { name: 'Cancel' }).last().click();
    expect(await card.count()).toBe(1);
    await staff.close();
  });

  const variants: (ContextOptions & { label: string; tabs: string[] })[] = [
    { label: 'light, en', colorScheme: 'light', locale: 'en-US', tabs: ['Profile', 'Progress', 'Sign-in'] },
    { label: 'dark, en', colorScheme: 'dark', locale: 'en-US', tabs: ['Profile', 'Courses', 'Progress', 'Sign-in'] },
    { label: 'light, sv', colorScheme: 'light', locale: 'sv-SE', tabs: ['Profil', 'Kurser', 'Inloggning'] },
    {
      label: 'dark, sv, phone',
      colorScheme: 'dark',
      locale: 'sv-SE',
      phone: true,
      tabs: ['Profil', 'Kurser', 'Framsteg', 'Inloggning', 'Historik'],
    },
  ];
  for (const variant of variants) {
    it(`/user/:id and /user/0 pass axe (${variant.label})`, { timeout: 90_000 }, async () => {
      const lang = variant.locale === 'sv-SE' ? 'sv' : 'en';
      const context = await newContext(browser(), { ...variant, storage: { userLocale: lang } });
      await signInViaApi(context, demo.admin);
      const page = await context.newPage();
      await gotoPage(page, `/user/${studentId}`);
      await settle(page);
      for (const tab of variant.tabs) {
        await page.getByRole('tab', { name: tab }).click();
        await settle(page);
        await expectAccessible(page, `/user/:id, ${tab} (${variant.label})`);
      }
      // The lock asks before it is taken.
      if (variant.tabs.includes('Sign-in')) {
        // A red light button, hovered, keeps its contrast (its text darkens with its background).
        await page.getByTestId('user-lock').hover();
        await expectAccessible(page, `/user/:id, the lock button hovered (${variant.label})`, ['color-contrast']);
        await page.getByTestId('user-lock').click();
        await page
          .getByTestId('user-lock-dialog')
          .getByRole('button', { name: 'Cancel', exact: true })
          .last()
          .waitFor();
        await expectAccessible(page, `/user/:id, the lock's confirmation (${variant.label})`);
        await page.getByTestId('user-lock-dialog').getByRole('button', { name: 'Cancel', exact: true }).last().click();
      }

      // An id that is no integer reads as 0: the new-user form.
      for (const address of ['/user/0', '/user/abc']) {
        await gotoPage(page, address);
        await settle(page);
        await page.getByTestId('new-user-page').waitFor();
        await expectAccessible(page, `${address} (${variant.label})`);
      }
      await context.close();
    });
  }

  it('makes a new user from /user/0, who gets her invitation, and opens her page', { timeout: 60_000 }, async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, '/users');
    await page.getByTestId('new-user').click();
    await page.waitForURL(/\/user\/0$/);
    await page.getByTestId('new-user-page').waitFor();
    await page.getByTestId('user-save').click();
    // The form refuses empty fields in words, before anything is sent.
    await page.getByText('Enter a first name.').waitFor();
    await expectAccessible(page, '/user/0 with errors');
    const newEmail = `nils-${tag}@e2e.test`.toLowerCase();
    await page.getByTestId('user-first-name').fill('Nils');
    await page.getByTestId('user-last-name').fill(tag);
    await page.getByTestId('user-email-input').fill(newEmail);
    await page.getByTestId('user-save').click();
    await page.waitForURL(/\/user\/[1-9]\d*$/);
    await page.getByTestId('user-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Nils ${tag}`);
    expect(await page.getByTestId('user-badges').textContent()).toContain('Not verified');
    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => page.getByTestId('user-history-entry').first().getAttribute('data-action')).toBe('created');

    // The same address again is refused with its own words.
    await gotoPage(page, '/user/0');
    await settle(page);
    await page.getByTestId('user-first-name').fill('Nils');
    await page.getByTestId('user-last-name').fill('Again');
    await page.getByTestId('user-email-input').fill(newEmail);
    await page.getByTestId('user-save').click();
    await page.getByText('Another user of the site has this email address.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/0');
    await context.close();
  });
});
