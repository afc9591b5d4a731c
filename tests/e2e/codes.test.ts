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
import { demo } from './support/constants';
import { registerAccount, verificationCode } from './support/learners';

describe.skipIf(!e2eAvailable)('registration codes: /codes and /redeem-code', () => {
  const browser = useBrowser();

  it('staff generate a code in /codes; a new learner redeems it in /redeem-code and finds the course in My courses', {
    timeout: 120_000,
  }, async () => {
    // A learner of her own, with no courses yet.
    const { email } = await registerAccount({ first: 'Redeemer', last: 'Test' });
    expect((await apiCall('register.php', 'verify_email', { code: await verificationCode(email) })).status).toBe('OK');

    const staff = await newContext(browser());
    const { token: adminToken } = await signInViaApi(staff, demo.admin);
    const courses = await apiCall('course_manager.php', 'get_courses', {}, adminToken);
    const course = courses.data.find((c) => c.Status === 'published' && !c.Archived);
    if (!course) throw new Error('the demo has no published course');

    const admin = await staff.newPage();
    await gotoPage(admin, '/codes');
    await settle(admin);
    await expectAccessible(admin, '/codes');
    const note = `Class ${Date.now()}`;
    await admin.getByTestId('codes-generate').click();
    await admin.getByTestId('generate-courses').click();
    await admin.getByRole('option', { name: course.Name, exact: true }).click();
    await admin.keyboard.press('Escape');
    await admin.getByTestId('generate-note').fill(note);
    await expectAccessible(admin, 'the generate dialog');
    await admin.getByTestId('generate-submit').click();
    const row = admin.getByTestId('code-row').filter({ hasText: note });
    await expect.poll(() => row.count()).toBe(1);
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
});
