import { describe, expect, it } from 'vitest';
import { e2eAvailable, gotoPage, newContext, signInViaApi, useBrowser } from './support/browser';
import { demo } from './support/constants';

describe.skipIf(!e2eAvailable)('one session across tabs', () => {
  const browser = useBrowser();

  it('signing out in one tab signs the other out at once, and it stops polling', async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.student);
    const [first, second] = [await context.newPage(), await context.newPage()];
    for (const page of [first, second]) {
      await gotoPage(page, '/MyCourses');
      await page.getByTestId('xp-total').waitFor();
    }
    const polls: string[] = [];
    second.on('request', (request) => {
      if (request.url().includes('/api/backend/messages')) polls.push(request.url());
    });

    await first.getByRole('button', { name: 'Open menu' }).click();
    await first.getByRole('button', { name: 'Sign out' }).click();
    await first.getByText('You signed out!').waitFor();

    // The other tab shows the signed-out top bar and leaves the page that needs a session, without a reload.
    const nav = second.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Sign in' }).waitFor({ timeout: 3000 });
    expect(await second.getByTestId('xp-total').count()).toBe(0);
    await second.waitForURL(/\/login/, { timeout: 3000 });
    // No poll with the dead session: the message poll asks every 3 s while signed in.
    polls.length = 0;
    await second.waitForTimeout(3500);
    expect(polls).toEqual([]);
    await context.close();
  });

  it('signing in in one tab signs the other in as that user', async () => {
    const context = await newContext(browser());
    const [first, second] = [await context.newPage(), await context.newPage()];
    await gotoPage(first, '/faq');
    await gotoPage(second, '/faq');
    const { token } = await signInViaApi(context, demo.coach);
    // As the sign-in form stores it: the other tab learns of it from the storage event.
    await first.evaluate((value) => {
      localStorage.setItem('user_type', '8');
      localStorage.setItem('user-token', value);
    }, token);
    await second.getByTestId('xp-total').waitFor({ timeout: 5000 });
    expect(await second.getByTestId('role-badge').textContent()).toBe('Coach');
    await context.close();
  });
});
