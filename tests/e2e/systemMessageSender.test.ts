import { describe, expect, it } from 'vitest';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { DEMO_PASSWORD, demo } from './support/constants';
import { useCourseWorld } from './support/world';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

describe.skipIf(!e2eAvailable)('who sent a system message', () => {
  const browser = useBrowser();
  const world = useCourseWorld();

  it('staff see which staff member sent a system message; the learner sees the system', {
    timeout: 60_000,
  }, async () => {
    const text = `The studio is closed on Monday (${Date.now()})`;
    const admin = await apiCall('login.php', 'sign_in', { email: demo.admin, password: DEMO_PASSWORD });
    const coachContext = await newContext(browser());
    const studentContext = await newContext(browser());
    const coach = await signInViaApi(coachContext, world().coach.email);
    const student = await signInViaApi(studentContext, world().learner.email);
    for (const to of [coach.userId, student.userId]) {
      const sent = await apiCall(
        'messages.php',
        'submit_message',
        { FromUserId: admin.data.Id, UserId: to, Message: `<p>${text}</p>`, SendAsNotification: true },
        admin.token,
      );
      expect(sent.status).toBe('OK');
    }

    const coachPage = await coachContext.newPage();
    await gotoPage(coachPage, '/MyCourses');
    // The toast a new system message shows names the sender to staff too.
    const toast = coachPage.locator('.mantine-Notification-root').filter({ hasText: text });
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.textContent()).toContain('System (sent by Ada Admin)');
    await coachPage.getByTestId('message-bell').click();
    const item = coachPage.getByTestId('bell-message').filter({ hasText: text });
    await item.waitFor({ timeout: 15_000 });
    expect(await item.getByTestId('bell-sender').textContent()).toBe('System (sent by Ada Admin)');
    if (SCREENSHOTS) await coachPage.screenshot({ path: `${SCREENSHOTS}/system-sender-bell.png` });
    await item.click();
    const dialog = coachPage.getByRole('dialog', { name: 'System messages' });
    const message = dialog.getByTestId('chat-message').filter({ hasText: text });
    await message.waitFor();
    expect(await message.getByTestId('chat-sender').textContent()).toBe('System (sent by Ada Admin)');
    await expectAccessible(coachPage, 'system messages with their sender, for staff');
    if (SCREENSHOTS) await coachPage.screenshot({ path: `${SCREENSHOTS}/system-sender-chat.png` });

    const studentPage = await studentContext.newPage();
    await gotoPage(studentPage, '/MyCourses');
    await studentPage.getByTestId('message-bell').click();
    const own = studentPage.getByTestId('bell-message').filter({ hasText: text });
    await own.waitFor({ timeout: 15_000 });
    expect(await own.getByTestId('bell-sender').textContent()).toBe('System');
    await own.click();
    const learnerMessage = studentPage
      .getByRole('dialog', { name: 'System messages' })
      .getByTestId('chat-message')
      .filter({ hasText: text });
    await learnerMessage.waitFor();
    expect(await learnerMessage.getByTestId('chat-sender').textContent()).toBe('System');
    await coachContext.close();
    await studentContext.close();
  });
});
