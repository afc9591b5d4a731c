import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createUser, grantAccess } from '../../src/server/seed/factories';
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

describe.skipIf(!e2eAvailable)('view as this user', () => {
  const browser = useBrowser();
  const tag = `Vera${randomBytes(3).toString('hex')}`;
  const courseName = `Oboe ${tag}`;
  let studentId = 0;

  beforeAll(async () => {
    const db = serverDatabase();
    try {
      const site = await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirstOrThrow();
      const student = await createUser(db, {
        site,
        role: 'student',
        firstName: 'Vera',
        lastName: tag,
        email: `vera-${tag}@e2e.test`.toLowerCase(),
        passwordHash: cheapPasswordHash(DEMO_PASSWORD),
      });
      studentId = student.id;
      const course = await createCourse(db, { site, name: courseName });
      await grantAccess(db, { site, course, user: student });
    } finally {
      await db.destroy();
    }
  });

  /** From her user page as the administrator: the dialog, its reason, and the student's home page with the banner. */
  async function startViewing(page: Page, look: ContextOptions, reason: string) {
    await gotoPage(page, `/user/${studentId}`);
    await settle(page);
    await page.getByTestId('view-as-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // No reason: the dialog says so, and nothing starts.
    await page.getByTestId('view-as-start').click();
    await expect
      .poll(() => dialog.textContent())
      .toContain(look.locale === 'sv-SE' ? 'Ange en anledning' : 'Give a reason');
    await expectAccessible(page, `the view-as dialog ${JSON.stringify(look)}`);
    await page.getByTestId('view-as-reason').fill(reason);
    await page.getByTestId('view-as-start').click();
    // The app starts anew on her home page, as her.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('view-as-banner').waitFor();
  }

  it('an administrator views a student’s pages read-only for a reason, is refused a change, and ends it in one click', {
    timeout: 120_000,
  }, async () => {
    const look = { colorScheme: 'light', locale: 'en-US' } as const;
    const context = await newContext(browser(), look);
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await startViewing(page, look, 'She cannot find her oboe course');

    // Her pages, with her data, and the banner naming her on each.
    const banner = page.getByTestId('view-as-banner');
    expect(await banner.textContent()).toContain(`You are viewing as Vera ${tag}`);
    expect(await page.getByTestId('view-as-left').textContent()).toMatch(/^(29:\d\d|30:00) left$/);
    await gotoPage(page, '/MyCourses');
    await settle(page);
    await expect.poll(() => page.getByText(courseName).count()).toBeGreaterThan(0);
    expect(await banner.textContent()).toContain(`Vera ${tag}`);
    await expectAccessible(page, '/MyCourses with the view-as banner');

    // A change is refused, and she is told why.
    await gotoPage(page, '/MyProfile');
    await settle(page);
    const first = page.getByRole('textbox', { name: 'First name' });
    await expect.poll(() => first.inputValue()).toBe('Vera');
    await first.fill('Changed');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('You are viewing as this user, which is read-only: nothing was changed.').first().waitFor();

    // One click, and she is herself again on the student's page, where the log has it.
    await page.getByTestId('view-as-end').click();
    await page.waitForURL(new RegExp(`/user/${studentId}$`));
    await page.getByTestId('user-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Vera ${tag}`);
    expect(await banner.count()).toBe(0);
    await page.getByRole('tab', { name: 'Sign-in' }).click();
    const entry = page.getByTestId('view-as-log-entry').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain('She cannot find her oboe course');
    expect(await entry.textContent()).toContain('ended by the administrator');

    // The site's log, from /users, names whom she viewed as.
    await gotoPage(page, '/users');
    await settle(page);
    await page.getByTestId('site-view-as-log').click();
    const dialog = page.getByRole('dialog', { name: 'View-as log' });
    const siteEntry = dialog.getByTestId('view-as-log-entry').filter({ hasText: 'She cannot find her oboe course' });
    await siteEntry.waitFor();
    expect(await siteEntry.getByRole('link').textContent()).toBe(`Vera ${tag}`);
    await expectAccessible(page, "the site's view-as log");
    await context.close();
  });

  for (const look of [
    { phone: true, colorScheme: 'dark', locale: 'sv-SE' },
    { phone: false, colorScheme: 'dark', locale: 'en-US' },
    { phone: false, colorScheme: 'light', locale: 'sv-SE' },
  ] as const) {
    it(`the dialog and the banner read well ${look.phone ? 'on a phone' : 'on a desktop'}, ${look.colorScheme}, in ${look.locale}`, {
      timeout: 60_000,
    }, async () => {
      const context = await newContext(browser(), look);
      await signInViaApi(context, demo.admin);
      const page = await context.newPage();
      await startViewing(page, look, `A look at her pages (${look.locale})`);
      await settle(page, { heading: false });
      await expectAccessible(page, `the view-as banner ${JSON.stringify(look)}`);
      if (look.colorScheme === 'light') {
        // At its end the app returns to the administrator by itself (its end moved to two seconds from now).
        await page.evaluate(() => {
          const viewAs = JSON.parse(localStorage.getItem('view_as') ?? '{}');
          localStorage.setItem(
            'view_as',
            JSON.stringify({ ...viewAs, expiresAt: new Date(Date.now() + 2000).toISOString() }),
          );
        });
        await page.reload();
        await page.getByTestId('view-as-banner').waitFor();
      } else {
        await page.getByTestId('view-as-end').click();
      }
      await page.waitForURL(new RegExp(`/user/${studentId}$`));
      await page.getByTestId('user-page').waitFor();
      expect(await page.getByTestId('view-as-banner').count()).toBe(0);
      if (look.phone) {
        // The site's log on a phone: each use a card of its fields, nothing to scroll sideways.
        await gotoPage(page, '/users');
        await settle(page);
        await page.getByTestId('site-view-as-log').click();
        const dialog = page.getByRole('dialog');
        await dialog.getByTestId('view-as-log-entry').first().waitFor();
        expect(await dialog.locator('table').count()).toBe(0);
        const body = dialog.locator('.mantine-Modal-body');
        expect(await body.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        await expectAccessible(page, "the site's view-as log on a phone");
      }
      await context.close();
    });
  }
});
