import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createCourse, createUser } from '../../src/server/seed/factories';
import { cheapPasswordHash } from '../factories';
import {
  e2eAvailable,
  expectAccessible,
  failCall,
  gotoPage,
  newContext,
  serverDatabase,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { DEMO_PASSWORD, demo } from './support/constants';

/** First names of the students of this file, in the order of the list; one more than a page holds, and one. */
const FIRST_NAMES = Array.from({ length: 26 }, (_, i) => `Pupil${String.fromCharCode(97 + i)}`);

const rows = (page: Page) => page.getByTestId('user-row');
const names = (page: Page) => page.getByTestId('user-name').allTextContents();

describe.skipIf(!e2eAvailable)('/users', () => {
  const browser = useBrowser();
  /** A surname of this file's own, so that the demo's users and other files' do not match its searches. */
  const tag = `Xylo${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    const db = serverDatabase();
    try {
      const site = await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirstOrThrow();
      const company = await createCompany(db, { site, name: `Studio ${tag}` });
      await createCourse(db, { site, name: `Bulk ${tag}` });
      const passwordHash = cheapPasswordHash(DEMO_PASSWORD);
      await createUser(db, {
        site,
        role: 'student',
        firstName: 'Ingrid',
        lastName: tag,
        email: `ingrid-${tag}@e2e.test`.toLowerCase(),
        passwordHash,
        companyId: company.id,
      });
      for (const first of FIRST_NAMES) {
        await createUser(db, {
          site,
          role: 'student',
          firstName: first,
          lastName: tag,
          email: `${first}-${tag}@e2e.test`.toLowerCase(),
          passwordHash,
          verified: first !== 'Pupila',
        });
      }
    } finally {
      await db.destroy();
    }
  });

  it('an administrator finds a student as she types, sorts and pages the list', { timeout: 90_000 }, async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, '/users');
    await settle(page);
    await expectAccessible(page, '/users');

    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.pressSequentially(`grid ${tag}`, { delay: 20 });
    await expect.poll(() => names(page)).toEqual([`Ingrid ${tag}`]);
    const row = rows(page).first();
    expect(await row.getByTestId('user-email').textContent()).toBe(`ingrid-${tag}@e2e.test`.toLowerCase());
    expect(await row.textContent()).toContain(`Studio ${tag}`);
    expect(await row.getByTestId('user-status').allTextContents()).toEqual(['Active']);
    expect(await row.getByRole('link').getAttribute('href')).toMatch(/^\/user\/\d+$/);
    expect(await page.getByTestId('user-count').textContent()).toBe('1 user');
    // The search is in the address, so the list can be linked.
    expect(new URL(page.url()).searchParams.get('q')).toBe(`grid ${tag}`);

    await search.fill(tag);
    await expect.poll(() => page.getByTestId('user-count').textContent()).toBe('27 users');
    expect(await names(page)).toEqual(['Ingrid', ...FIRST_NAMES.slice(0, 24)].map((first) => `${first} ${tag}`));
    expect(await page.getByTestId('user-page').textContent()).toBe('Page 1 of 2');
    await expectAccessible(page, '/users searched');

    // The name header sorts the other way round; its state is announced.
    const nameHeader = page.getByRole('columnheader', { name: /Name/ });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await page.getByTestId('user-sort-name').click();
    await expect.poll(async () => (await names(page))[0]).toBe(`Pupilz ${tag}`);
    expect(await nameHeader.getAttribute('aria-sort')).toBe('descending');

    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(() => names(page)).toEqual([`Pupila ${tag}`, `Ingrid ${tag}`]);
    expect(await rows(page).first().getByTestId('user-status').allTextContents()).toEqual(['Not verified']);
    expect(await page.getByTestId('user-page').textContent()).toBe('Page 2 of 2');
    await expectAccessible(page, '/users, page 2');

    // A filter starts from the first page again.
    await page.getByLabel('Status', { exact: true }).selectOption('not_verified');
    await expect.poll(() => names(page)).toEqual([`Pupila ${tag}`]);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await context.close();
  });

  it('an administrator chooses students and gives them a course with an end date, then locks one after asking', {
    timeout: 90_000,
  }, async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, `/users?q=${tag}&sort=email`);
    await settle(page);
    await expect.poll(() => page.getByTestId('user-count').textContent()).toBe('27 users');
    for (const first of ['Pupilc', 'Pupild'])
      await page.getByRole('checkbox', { name: `Choose ${first} ${tag}` }).check();
    expect(await page.getByTestId('bulk-count').textContent()).toBe('2 users chosen');
    await page.getByTestId('bulk-action').selectOption('grant_course');
    await page.getByTestId('bulk-course').selectOption({ label: `Bulk ${tag}` });
    await page.getByTestId('bulk-end').fill('2099-12-31');
    await expectAccessible(page, '/users with two users chosen');
    await page.getByTestId('bulk-apply').click();
    await expect.poll(() => page.getByTestId('bulk-outcome').textContent()).toContain('Done for 2 users.');
    expect(await page.getByTestId('bulk-bar').count()).toBe(0);

    // The course filter finds them now.
    const course = page.getByLabel('Course access', { exact: true });
    await course.selectOption({ label: `Bulk ${tag}` });
    await expect.poll(() => names(page)).toEqual([`Pupilc ${tag}`, `Pupild ${tag}`]);

    // Locking asks first; the status says it after.
    await page.getByRole('checkbox', { name: `Choose Pupilc ${tag}` }).check();
    await page.getByTestId('bulk-action').selectOption('lock');
    await page.getByTestId('bulk-apply').click();
    const dialog = page.getByRole('dialog', { name: 'Lock' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Lock 1 user?');
    await expectAccessible(page, 'the lock confirmation');
    await page.getByTestId('bulk-confirm').click();
    await expect.poll(() => page.getByTestId('bulk-outcome').textContent()).toContain('Done for 1 user.');
    await expect.poll(() => rows(page).first().getByTestId('user-status').allTextContents()).toEqual(['Locked']);
    await context.close();
  });

  it('reads well on a phone in Swedish and the dark theme', { timeout: 60_000 }, async () => {
    const context = await newContext(browser(), { phone: true, colorScheme: 'dark', locale: 'sv-SE' });
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, `/users?q=${tag}&sort=email&desc=1`);
    await settle(page);
    await expect.poll(() => page.getByTestId('user-count').textContent()).toBe('27 användare');
    expect((await names(page))[0]).toBe(`Pupilz ${tag}`);
    await expectAccessible(page, '/users on a phone, in Swedish and dark');
    await context.close();
  });
  it('says so when the list cannot be loaded, and loads it on a retry', { timeout: 60_000 }, async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await failCall(page, 'users.php', 'get_users');
    await page.goto(`/users?q=${tag}`);
    const alert = page.getByRole('alert').filter({ hasText: 'The users could not be loaded' });
    await alert.waitFor({ timeout: 15_000 });
    await expectAccessible(page, '/users failing to load');
    await page.unroute('**/api/backend/users.php');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByTestId('user-count').textContent()).toBe('27 users');
    await context.close();
  });

  it('says "more than" a count the server stopped at, and on the last page it offers how to reach the rest', {
    timeout: 60_000,
  }, async () => {
    const context = await newContext(browser(), { locale: 'sv-SE', storage: { userLocale: 'sv' } });
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    // As a site of more than 10,000 users answers (tests/api/users.test.ts has the server's side): its count stops.
    await page.route('**/api/backend/users.php', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (!route.request().postData()?.includes('get_users')) return route.fulfill({ response, json: body });
      const pagination = { ...body.pagination, total: 10_000, total_pages: 400, more: true };
      return route.fulfill({ response, json: { ...body, pagination } });
    });
    await gotoPage(page, '/users');
    await settle(page);
    const tenThousand = (10_000).toLocaleString('sv-SE'); // with the narrow space Swedish puts between thousands
    await expect.poll(() => page.getByTestId('user-count').textContent()).toBe(`Fler än ${tenThousand} användare`);
    expect(await page.getByTestId('user-count-more').count()).toBe(0);
    await gotoPage(page, '/users?page=400');
    await settle(page);
    await page.getByTestId('user-count-more').waitFor();
    expect(await page.getByTestId('user-count-more').textContent()).toContain(`de första ${tenThousand} användarna`);
    await expectAccessible(page, '/users with more than it counts (sv)');
    await context.close();
  });

  it("shows staff the plan's usage, and administrators the trial's end on every page", {
    timeout: 60_000,
  }, async () => {
    const db = serverDatabase();
    const users = await db
      .selectFrom('users')
      .innerJoin('sites', 'sites.id', 'users.site_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sites.name', '=', 'main')
      .executeTakeFirstOrThrow()
      .finally(() => db.destroy());
    /** The site's facts as the server tells them, with a trial that ends `days` from now. */
    const trialEndingIn = async (page: Page, days: number) =>
      page.route('**/api/backend/site.php', async (route) => {
        if (!route.request().postData()?.includes('get_site')) return route.continue();
        const answer = await (await route.fetch()).json();
        answer.data.TrialEndsAt = new Date(Date.now() + days * 86_400_000).toISOString();
        await route.fulfill({ json: answer });
      });

    const context = await newContext(browser());
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await trialEndingIn(page, 3);
    await gotoPage(page, '/users');
    await settle(page);
    const usage = page.getByTestId('plan-usage');
    // The browser tests' site is on Enterprise (globalSetup.ts): no limits.
    await expect.poll(() => usage.getByRole('heading').textContent()).toBe('Enterprise plan');
    expect(await usage.getByTestId('plan-users').textContent()).toContain(`${Number(users.n)} (no limit)`);
    const notice = page.getByTestId('trial-notice');
    expect(await notice.textContent()).toContain('Your free trial ends in 3 days');
    await expectAccessible(page, "/users with the plan's usage and the trial's notice");
    await context.close();

    // Ended: told on any page, in Swedish and the dark theme; a student is told nothing.
    const dark = await newContext(browser(), { colorScheme: 'dark', locale: 'sv-SE', storage: { userLocale: 'sv' } });
    await signInViaApi(dark, demo.admin);
    const after = await dark.newPage();
    await trialEndingIn(after, -2);
    await gotoPage(after, '/MyCourses');
    await after.getByTestId('trial-notice').waitFor();
    expect(await after.getByTestId('trial-notice').textContent()).toContain('Er gratis provperiod slutade');
    await expectAccessible(after, "the trial's end in Swedish and dark");
    await dark.close();
    const learner = await newContext(browser());
    await signInViaApi(learner, demo.student);
    const student = await learner.newPage();
    await trialEndingIn(student, -2);
    await gotoPage(student, '/MyCourses');
    await settle(student);
    expect(await student.getByTestId('trial-notice').count()).toBe(0);
    await learner.close();
  });
});
