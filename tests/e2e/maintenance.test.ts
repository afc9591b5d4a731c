import { afterEach, describe, expect, it } from 'vitest';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  platform,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { DEMO_PASSWORD, demo } from './support/constants';

const adminToken = async () =>
  (await platform.ok('login.php', 'sign_in', { email: demo.admin, password: DEMO_PASSWORD })).token;

describe.skipIf(!e2eAvailable)('maintenance mode', () => {
  const browser = useBrowser();
  // Whatever a test leaves, the site is open again for the next file.
  afterEach(async () => {
    await apiCall('site.php', 'set_maintenance', { Maintenance: false }, await adminToken());
  });

  it('an administrator switches it on: a student sees the maintenance page, the API refuses her, switching off restores', {
    timeout: 120_000,
  }, async () => {
    const adminContext = await newContext(browser());
    await signInViaApi(adminContext, demo.admin);
    const admin = await adminContext.newPage();
    await gotoPage(admin, '/MyCourses');
    // The switch is in the drawer; switching on asks first.
    await admin.getByRole('button', { name: 'Open menu' }).click();
    await admin.getByTestId('maintenance-switch').click();
    await admin.getByTestId('maintenance-confirm').click();
    await admin.getByText('Maintenance mode is on.').waitFor();
    await admin.keyboard.press('Escape');
    await admin.getByTestId('maintenance-notice').waitFor();

    const studentContext = await newContext(browser());
    const { token } = await signInViaApi(studentContext, demo.student);
    const student = await studentContext.newPage();
    await student.goto('/MyCourses');
    const page = student.getByTestId('maintenance-page');
    await page.waitFor();
    await student.getByRole('heading', { level: 1, name: 'We are doing some maintenance' }).waitFor();
    expect(await student.getByTestId('message-bell').count()).toBe(0);
    await expectAccessible(student, 'maintenance page');
    // In Swedish too, from the page's own language buttons.
    await student.getByRole('button', { name: 'Svenska' }).click();
    await student.getByRole('heading', { level: 1, name: 'Vi utför underhåll' }).waitFor();
    await expectAccessible(student, 'maintenance page (sv)');

    // The API refuses her calls, but answers the administrator's.
    const refused = await platform.call('news.php', 'get_latest_news', { user_id: null }, { token });
    expect(refused.httpStatus).toBe(503);
    expect(refused.body).toMatchObject({ status: 'ERROR', error_code: 'MAINTENANCE' });
    const own = await platform.call('news.php', 'get_latest_news', { user_id: null }, { token: await adminToken() });
    expect(own.httpStatus).toBe(200);

    // A visitor sees it too, and can reach the sign-in page; the administrator does not see it.
    const visitorContext = await newContext(browser());
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await visitor.getByTestId('maintenance-page').waitFor();
    await visitor.getByRole('link', { name: 'Sign in as an administrator' }).click();
    await visitor.waitForURL('**/login');
    await visitor.getByRole('textbox', { name: /email/i }).waitFor();
    await admin.reload();
    await admin.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await admin.getByTestId('maintenance-page').count()).toBe(0);

    // Switched off from the notice: the student's next load is the platform again.
    await admin.getByTestId('maintenance-notice').getByRole('button', { name: 'Switch off' }).click();
    await admin.getByTestId('maintenance-notice').waitFor({ state: 'hidden' });
    await student.reload();
    await student.getByTestId('course-card').first().waitFor();
    expect(await student.getByTestId('maintenance-page').count()).toBe(0);
    expect((await platform.call('news.php', 'get_latest_news', { user_id: null }, { token })).httpStatus).toBe(200);
    await Promise.all([adminContext.close(), studentContext.close(), visitorContext.close()]);
  });

  it('a page already open follows when the site goes into maintenance', async () => {
    const context = await newContext(browser(), { phone: true, colorScheme: 'dark' });
    await signInViaApi(context, demo.student);
    const page = await context.newPage();
    await gotoPage(page, '/MyCourses');
    await apiCall('site.php', 'set_maintenance', { Maintenance: true }, await adminToken());
    // The next call the page makes (the message poll) is refused, and the page gives way to the maintenance page.
    await page.getByTestId('maintenance-page').waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'maintenance page (phone, dark)');
    await context.close();
  });
});
