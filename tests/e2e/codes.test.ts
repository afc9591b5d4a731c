import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { DEMO_PASSWORD, demo } from './support/constants';
import { registerAccount, verificationCode } from './support/learners';

describe.skipIf(!e2eAvailable)('registration codes: /codes and /redeem-code', () => {
  const browser = useBrowser();

  it('staff generate a code in /codes; a new learner redeems it in /redeem-code and finds the course in My courses', {
    timeout: 120_000,
  }, async () => {
    // A learner of her own, with no courses yet.
    const { email } = await registerAccount({ first: 'Redeemer', last: 'Test' });
    expect((await apiCall('register.php', 'verify_email', { code: await verificationCode(email) })).status).toBe('OK');

    const { staff, admin, course } = await staffOnCodes(browser());
    await expectAccessible(admin, '/codes');
    const note = `Class ${Date.now()}`;
    const row = await generateCodes(admin, course.Name, note, { count: 1, check: true });
    expect(await row.getByTestId('code-status').textContent()).toBe('Active');
    const code = ((await row.getByTestId('code-text').textContent()) ?? '').trim();
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);

    const learnerContext = await newContext(browser());
    await signInViaApi(learnerContext, email);
    const learner = await learnerContext.newPage();
    // A signed-in user who follows a link to /register with a code lands on /redeem-code, the code filled in.
    await learner.goto(`/register?code=${code}`);
    await learner.waitForURL(/\/redeem-code\?code=/);
    await settle(learner);
    expect(await learner.getByTestId('redeem-code-input').inputValue()).toBe(code);
    await expectAccessible(learner, '/redeem-code');
    // Typed in small letters without dashes, it is the same code.
    await learner.getByTestId('redeem-code-input').fill(code.replaceAll('-', ' ').toLowerCase());
    await learner.getByTestId('redeem-submit').click();
    const success = learner.getByTestId('redeem-success');
    await success.waitFor();
    expect(await success.textContent()).toContain(course.Name);
    await expectAccessible(learner, '/redeem-code after a redemption');
    await learner.getByRole('link', { name: 'Go to My courses' }).click();
    await learner.waitForURL(/\/MyCourses$/);
    await settle(learner);
    await expect.poll(() => learner.getByTestId('my-courses').getByText(course.Name, { exact: true }).count()).toBe(1);

    // A second try of the same code says so in the spec's words.
    await gotoPage(learner, '/redeem-code');
    await learner.getByTestId('redeem-code-input').fill(code);
    await learner.getByTestId('redeem-submit').click();
    await expect
      .poll(() => learner.getByTestId('redeem-error').textContent())
      .toBe('This code has already been redeemed.');
    await expectAccessible(learner, '/redeem-code with a refusal');

    // Staff see who redeemed it.
    await admin.reload();
    await settle(admin);
    await row.getByTestId('code-actions').click();
    await admin.getByTestId('code-redemptions').click();
    await expect.poll(() => admin.getByTestId('redemptions').getByText(email).count()).toBe(1);

    await staff.close();
    await learnerContext.close();
  });
  it('a batch of codes for a class: a new visitor registers through /register?code= with one, and finds its course; a second visitor with the same code is told it is used', {
    timeout: 120_000,
  }, async () => {
    // Staff generate three codes of one use each for a class.
    const { staff, admin, course, adminToken } = await staffOnCodes(browser());
    const rows = await generateCodes(admin, course.Name, `Class 9B ${Date.now()}`, { count: 3 });
    const code = ((await rows.first().getByTestId('code-text').textContent()) ?? '').trim();

    // A new visitor follows the class's link: the code is filled in, and redeemed with her registration.
    const email = `class-${Date.now()}@example.com`;
    const visitorContext = await newContext(browser());
    const visitor = await visitorContext.newPage();
    await registerWithCode(visitor, code, email);
    await visitor.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect((await apiCall('register.php', 'verify_email', { code: await verificationCode(email) })).status).toBe('OK');
    await gotoPage(visitor, '/login');
    await visitor.getByLabel('Email', { exact: false }).first().fill(email);
    await visitor.getByLabel('Password', { exact: false }).first().fill(DEMO_PASSWORD);
    await visitor.locator('main form button[type="submit"]').click();
    await visitor.waitForURL((url) => url.pathname !== '/login');
    await gotoPage(visitor, '/MyCourses');
    await settle(visitor);
    await expect.poll(() => visitor.getByTestId('my-courses').getByText(course.Name, { exact: true }).count()).toBe(1);

    // A second visitor with the same code of one use: the spec's text at the code, and no account made.
    const secondContext = await newContext(browser(), { colorScheme: 'dark' });
    const second = await secondContext.newPage();
    const secondEmail = `class-second-${Date.now()}@example.com`;
    await registerWithCode(second, code, secondEmail);
    await expect.poll(() => second.getByText('This code has already been redeemed.').count()).toBe(1);
    await expectAccessible(second, '/register?code= with a used code (dark)');
    const known = await apiCall('users.php', 'get_users', { Search: secondEmail }, adminToken);
    expect(known.data).toEqual([]);

    // Staff see her as the code's redeemer.
    await admin.reload();
    await settle(admin);
    const used = admin.getByTestId('code-row').filter({ hasText: code });
    await used.getByTestId('code-actions').click();
    await admin.getByTestId('code-redemptions').click();
    await expect.poll(() => admin.getByTestId('redemptions').getByText(email).count()).toBe(1);

    await staff.close();
    await visitorContext.close();
    await secondContext.close();
  });
});

/** Opens /register?code= as a visitor, checks the code is filled in, and registers a private account with it. */
async function registerWithCode(page: Page, code: string, email: string): Promise<void> {
  await gotoPage(page, `/register?code=${code}`);
  expect(await page.getByTestId('register-code').inputValue()).toBe(code);
  await expectAccessible(page, '/register?code=');
  await page.getByLabel('First name', { exact: false }).fill('Clara');
  await page.getByLabel('Last name', { exact: false }).fill('Classmate');
  await page.getByLabel('Email', { exact: false }).first().fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(DEMO_PASSWORD);
  await page.getByRole('checkbox').check();
  await page.locator('main form button[type="submit"]').click();
}

/** The administrator on /codes, and a published course of the demo to share. */
async function staffOnCodes(browser: Browser) {
  const staff = await newContext(browser);
  const { token: adminToken } = await signInViaApi(staff, demo.admin);
  const courses = await apiCall('course_manager.php', 'get_courses', {}, adminToken);
  const course = courses.data.find((c) => c.Status === 'published' && !c.Archived);
  if (!course) throw new Error('the demo has no published course');
  const admin = await staff.newPage();
  await gotoPage(admin, '/codes');
  await settle(admin);
  return { staff, admin, course, adminToken };
}

/** Generates `count` codes of the course with a note in the dialog (its axe check with `check`); their rows. */
async function generateCodes(admin: Page, course: string, note: string, opts: { count: number; check?: boolean }) {
  await admin.getByTestId('codes-generate').click();
  await admin.getByTestId('generate-courses').click();
  await admin.getByRole('option', { name: course, exact: true }).click();
  await admin.keyboard.press('Escape');
  if (opts.count !== 1) await admin.getByTestId('generate-count').fill(String(opts.count));
  await admin.getByTestId('generate-note').fill(note);
  if (opts.check) await expectAccessible(admin, 'the generate dialog');
  await admin.getByTestId('generate-submit').click();
  const rows = admin.getByTestId('code-row').filter({ hasText: note });
  await expect.poll(() => rows.count()).toBe(opts.count);
  return rows;
}
