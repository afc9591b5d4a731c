import type { BrowserContext, Locator, Page } from 'playwright-core';
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

/** One poll (3000 ms) and the time to draw what it brought. */
const ONE_POLL_MS = 3_000 + 1_500;
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** A screenshot for a human to look at, when E2E_SCREENSHOTS names a directory. */
async function snap(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
}

/** Collects what the page reports as errors: a sound that may not play, or a failed call, must stay quiet. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Waits until the course page has its data, and closes the course navigation that opens on entering. */
async function openCourse(page: Page, courseId: number) {
  await gotoPage(page, `/course/${courseId}`);
  await page.locator('main .mantine-Loader-root').first().waitFor({ state: 'detached', timeout: 15_000 });
  // A drawer on a phone; beside the content on a wide screen, where it covers nothing and stays.
  const nav = page.getByTestId('course-nav').getByRole('dialog');
  if (await nav.isVisible()) {
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
  }
}

/** Types a message into a dialog's rich-text editor. */
async function typeMessage(dialog: Locator, name: string, text: string) {
  const editor = dialog.getByRole('textbox', { name });
  await editor.waitFor({ timeout: 15_000 });
  await editor.click();
  await editor.pressSequentially(text);
}

/** The bell's count of unopened messages: all of them, or (for staff) the own messages' or the support inbox's share. */
const bellCount = async (page: Page, of: 'all' | 'messages' | 'support' = 'all') =>
  Number(await page.getByTestId('message-bell').getAttribute(of === 'all' ? 'data-unopened' : `data-unopened-${of}`));

async function userContext(
  browser: ReturnType<ReturnType<typeof useBrowser>>,
  email: string,
  options: Parameters<typeof newContext>[1] = {},
): Promise<{ context: BrowserContext; token: string; userId: number }> {
  const context = await newContext(browser, options);
  const { token, userId } = await signInViaApi(context, email);
  return { context, token, userId };
}

describe.skipIf(!e2eAvailable)('messages: help button, bell, chat and tech support', () => {
  const browser = useBrowser();
  const world = useCourseWorld();

  it('a student asks the course coach from the help button; the coach answers from the bell; the answer arrives within one poll', {
    timeout: 120_000,
  }, async () => {
    const question = `How do I hear an octave? (${Date.now()})`;
    const answer = `Sing the first two notes of "Somewhere over the rainbow" (${Date.now()})`;

    // The student, light theme: the help button of a course page opens the chat with its first coach.
    const student = await userContext(browser(), world().learner.email, { colorScheme: 'light' });
    const studentPage = await student.context.newPage();
    const studentErrors = consoleErrors(studentPage);
    await openCourse(studentPage, world().course.id);
    await studentPage.getByTestId('help-button').click();
    const chat = studentPage.getByRole('dialog', { name: 'Chat with Carl Coach' });
    await chat.waitFor();
    const send = chat.getByTestId('chat-send');
    const editor = chat.getByRole('textbox', { name: 'Your message to Carl Coach' });
    await editor.waitFor({ timeout: 15_000 });
    // In the dialog the editor is 150 px high (spec §9).
    expect((await chat.locator('.mantine-RichTextEditor-content').boundingBox())?.height).toBeCloseTo(150, 0);
    expect(await send.isDisabled(), 'Send is disabled while the editor is empty').toBe(true);
    // The focus is in the editor: she types straight away, and sends with the keyboard.
    await expect.poll(() => editor.evaluate((element) => element === document.activeElement)).toBe(true);
    await studentPage.keyboard.type(question);
    expect(await send.isDisabled()).toBe(false);
    await expectAccessible(studentPage, 'chat dialog (light)');
    await snap(studentPage, 'chat-student-light');
    // Ctrl+Enter sends; the message is in the conversation at once and stored a moment later.
    await studentPage.keyboard.press('Control+Enter');
    const own = chat.getByTestId('chat-message').filter({ hasText: question });
    await own.waitFor();
    expect(await own.getAttribute('data-own')).toBe('true');
    await chat.locator('[data-testid="chat-message"][data-pending]').waitFor({ state: 'detached' });
    expect(await own.count(), 'the message is in the list once').toBe(1);
    expect(await send.isDisabled(), 'the editor is empty again').toBe(true);

    // A coach who is not online is offered an email too. (Whether he is depends on what ran just before.)
    const offer = studentPage.getByRole('dialog', { name: 'Send as email?' });
    if (
      await offer.waitFor({ timeout: 2_500 }).then(
        () => true,
        () => false,
      )
    ) {
      expect(await offer.textContent()).toContain('Carl Coach is not online right now.');
      await expectAccessible(studentPage, 'send-as-email dialog (light)');
      await snap(studentPage, 'email-offer-light');
      await offer.getByTestId('email-offer-confirm').click();
      await studentPage.getByText('Your message was sent as an email.').waitFor();
      await offer.waitFor({ state: 'hidden' });
    }
    // The focus is back in the (fresh) editor, for the next message.
    await expect
      .poll(() => editor.evaluate((element) => element === document.activeElement), { message: 'focus in the editor' })
      .toBe(true);

    // The coach, dark theme, in a second browser: the bell counts the question; opening it marks it opened.
    const coach = await userContext(browser(), world().coach.email, { colorScheme: 'dark' });
    const coachPage = await coach.context.newPage();
    const coachErrors = consoleErrors(coachPage);
    await gotoPage(coachPage, '/MyCourses');
    const bell = coachPage.getByTestId('message-bell');
    await bell.waitFor({ timeout: 15_000 });
    await expect.poll(() => bellCount(coachPage, 'messages'), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await bell.getAttribute('aria-label')).toMatch(/^Messages, \d+ unopened$/);
    await expectAccessible(coachPage, 'top bar with an unopened count (dark)');
    await bell.click();
    const dropdown = coachPage.getByTestId('bell-dropdown');
    await dropdown.waitFor();
    const item = dropdown.getByTestId('bell-message').filter({ hasText: question }).first();
    await item.waitFor();
    expect(await item.textContent()).toContain('Stina Student');
    expect(await item.getAttribute('data-unanswered'), 'not answered yet: the dot').toBe('true');
    expect(await item.locator('time').textContent()).toMatch(/^\d\d:\d\d$/);
    await expect.poll(() => bellCount(coachPage, 'messages')).toBe(0);
    await expectAccessible(coachPage, 'bell (dark)');
    await snap(coachPage, 'bell-coach-dark');

    // A message from a user opens the chat with her; the coach answers with the Send button.
    await item.click();
    const coachChat = coachPage.getByRole('dialog', { name: 'Chat with Stina Student' });
    await coachChat.waitFor();
    await coachChat.getByTestId('chat-message').filter({ hasText: question }).waitFor();
    await typeMessage(coachChat, 'Your message to Stina Student', answer);
    await expectAccessible(coachPage, 'chat dialog (dark)');
    await snap(coachPage, 'chat-coach-dark');
    const sentAt = Date.now();
    await coachChat.getByTestId('chat-send').click();
    await coachChat.getByTestId('chat-message').filter({ hasText: answer }).waitFor();
    // The student is online (her page polls): no offer to email.
    await coachPage.waitForTimeout(500);
    expect(await coachPage.getByRole('dialog', { name: 'Send as email?' }).count()).toBe(0);

    // The student's open chat shows the answer within one poll.
    await chat.getByTestId('chat-message').filter({ hasText: answer }).waitFor({ timeout: ONE_POLL_MS });
    expect(Date.now() - sentAt).toBeLessThan(ONE_POLL_MS);
    await snap(studentPage, 'chat-student-answered');

    // Her bell lists the answer, with a dot until she answers it; it shows in light theme too.
    await chat.getByRole('button', { name: 'Close chat' }).click();
    await chat.waitFor({ state: 'hidden' });
    await studentPage.getByTestId('message-bell').click();
    const studentBell = studentPage.getByTestId('bell-dropdown');
    const reply = studentBell.getByTestId('bell-message').filter({ hasText: answer });
    await reply.waitFor();
    expect(await reply.textContent()).toContain('Carl Coach');
    expect(await reply.getAttribute('data-unanswered')).toBe('true');
    await expectAccessible(studentPage, 'bell (light)');
    await snap(studentPage, 'bell-student-light');

    // She removes her own question after confirming.
    await reply.click();
    await chat.waitFor();
    const mine = chat.getByTestId('chat-message').filter({ hasText: question });
    await mine.getByTestId('chat-remove').click();
    const confirm = studentPage.getByRole('dialog', { name: 'Remove this message?' });
    await confirm.waitFor();
    await expectAccessible(studentPage, 'remove confirmation (light)');
    await confirm.getByTestId('confirm-remove').click();
    await studentPage.getByText('The message was removed.').waitFor();
    await mine.waitFor({ state: 'detached' });
    await chat.getByTestId('chat-message').filter({ hasText: answer }).waitFor();

    // A coach looking at his own course has no other coach to ask: the help button says where to go instead.
    await openCourse(coachPage, world().course.id);
    await coachPage.getByTestId('help-button').click();
    await coachPage.getByText('Please contact us via the tech support button in the main menu!').waitFor();

    expect(studentErrors).toEqual([]);
    expect(coachErrors).toEqual([]);
    await student.context.close();
    await coach.context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`tech support refuses an empty message, sends one and makes a task (phone width, ${colorScheme})`, {
      timeout: 90_000,
    }, async () => {
      const text = `The video of episode 2 stops after a second (${colorScheme} ${Date.now()})`;
      const student = await userContext(browser(), world().learner.email, { colorScheme, phone: true });
      const page = await student.context.newPage();
      await gotoPage(page, '/MyCourses');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByTestId('tech-support').click();
      const dialog = page.getByRole('dialog', { name: 'Tech Support' });
      await dialog.waitFor();
      await dialog.getByRole('textbox', { name: 'Your message to tech support' }).waitFor({ timeout: 15_000 });
      await dialog.getByTestId('support-send').click();
      expect(await dialog.getByTestId('support-error').textContent()).toBe('Please enter a message!');
      // An empty paragraph is no message either.
      await typeMessage(dialog, 'Your message to tech support', ' ');
      await page.keyboard.press('Enter');
      await dialog.getByTestId('support-send').click();
      expect(await dialog.getByTestId('support-error').textContent()).toBe('Please enter a message!');
      await expectAccessible(page, `support dialog (${colorScheme}, phone)`);
      await snap(page, `support-${colorScheme}-phone`);
      await typeMessage(dialog, 'Your message to tech support', text);
      expect(await dialog.getByTestId('support-error').count(), 'the error goes once there is text').toBe(0);
      await page.keyboard.press('Control+Enter');
      await page.getByText('Thank you! Your message was sent to tech support.').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // The staff find a support task (type 9, no owner) from the student with her text.
      const admin = await apiCall('login.php', 'sign_in', { email: demo.admin, password: DEMO_PASSWORD });
      const tasks = await apiCall('tasks.php', 'get_tasks', { UserId: admin.data.Id, Condition: 'open' }, admin.token);
      expect(tasks.status).toBe('OK');
      const task = tasks.data.find((t) => t.Description.includes(text));
      expect(task, 'a task for the support message').toBeDefined();
      expect(task?.TaskType).toBe(9);
      expect(task?.TaskOwner).toBe(-1);
      expect(task?.UserId).toBe(student.userId);

      // The bell and the chat at phone width: the chat fills the screen.
      await page.getByTestId('message-bell').click();
      await page.getByTestId('bell-dropdown').waitFor();
      await expectAccessible(page, `bell (${colorScheme}, phone)`);
      await snap(page, `bell-${colorScheme}-phone`);
      const first = page.getByTestId('bell-message').first();
      if ((await first.count()) > 0) {
        await first.click();
        const chat = page.getByRole('dialog').filter({ has: page.getByTestId('chat-messages') });
        await chat.waitFor();
        await chat.getByTestId('chat-messages').waitFor();
        const box = await chat.boundingBox();
        expect(box?.width).toBe(375);
        await expectAccessible(page, `chat dialog (${colorScheme}, phone)`);
        await snap(page, `chat-${colorScheme}-phone`);
      }
      await student.context.close();
    });
  }

  it('staff see support requests in the bell: counted, opened in the Support tab, answered in a chat', {
    timeout: 60_000,
  }, async () => {
    const text = `I cannot find the course materials (${Date.now()})`;
    const admin = await userContext(browser(), demo.admin);
    const page = await admin.context.newPage();
    await gotoPage(page, '/Tasks');
    await page.getByTestId('message-bell').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(ONE_POLL_MS);
    const before = await bellCount(page, 'support');

    const student = await apiCall('login.php', 'sign_in', { email: world().learner.email, password: DEMO_PASSWORD });
    const sent = await apiCall('messages.php', 'send_support_message', { Message: `<p>${text}</p>` }, student.token);
    expect(sent.status).toBe('OK');
    await expect.poll(() => bellCount(page, 'support'), { timeout: 2 * ONE_POLL_MS }).toBeGreaterThan(before);
    expect(await bellCount(page)).toBe((await bellCount(page, 'messages')) + (await bellCount(page, 'support')));

    // The bell opens on the personal messages; the Support tab shows its own count until it is opened.
    await page.getByTestId('message-bell').click();
    // The dropdown mounts on the next animation frame: wait for the tab before reading its count.
    const supportTab = page.getByRole('tab', { name: /Support/ });
    await supportTab.waitFor();
    expect(await supportTab.getByText(/^\d+\+?$/).count(), 'the tab counts the unopened requests').toBe(1);
    await supportTab.click();
    const request = page.getByTestId('bell-message').filter({ hasText: text });
    await request.waitFor();
    expect(await request.textContent()).toContain('Stina Student');
    expect(await request.getAttribute('data-unanswered'), 'a request to the inbox has no reply to wait for').toBe(
      'false',
    );
    await expectAccessible(page, 'bell, support tab');
    await snap(page, 'bell-support');
    await expect.poll(() => bellCount(page, 'support'), { timeout: 2 * ONE_POLL_MS }).toBe(0);
    const inbox = await apiCall('messages.php', 'get_messages', { UserId: -1, page: 1, limit: 25 }, admin.token);
    expect(inbox.data.find((m) => m.Message.includes(text))?.Showed).toBe(1);

    // A request opens the chat with the student who sent it.
    await request.click();
    await page.getByRole('dialog', { name: 'Chat with Stina Student' }).waitFor();
    await admin.context.close();
  });

  it("a task's page shows the conversation with its student, its editor growing from 80 to 120 px", {
    timeout: 60_000,
  }, async () => {
    const question = `Where do I upload my recording? (${Date.now()})`;
    const answer = `Under the exercise, with the upload button (${Date.now()})`;
    const learner = await apiCall('login.php', 'sign_in', { email: world().learner.email, password: DEMO_PASSWORD });
    expect(
      (await apiCall('messages.php', 'send_support_message', { Message: `<p>${question}</p>` }, learner.token)).status,
    ).toBe('OK');
    const admin = await userContext(browser(), demo.admin);
    const tasks = await apiCall('tasks.php', 'get_tasks', { UserId: admin.userId, Condition: 'open' }, admin.token);
    const task = tasks.data.find((t) => t.Description.includes(question));
    expect(task, 'a task for the support request').toBeDefined();

    const page = await admin.context.newPage();
    await gotoPage(page, `/Tasks/${task?.Id}`);
    const section = page.getByTestId('task-conversation');
    expect(await section.getByRole('heading').textContent()).toBe('Messages with Stina Student');
    const editor = section.getByRole('textbox', { name: 'Your message to Stina Student' });
    await editor.waitFor({ timeout: 15_000 });
    const content = section.locator('.mantine-RichTextEditor-content');
    const height = async () => (await content.boundingBox())?.height ?? 0;
    // Spec §9: 80 px empty, growing with the text up to 120 px; past that the text scrolls inside it.
    expect(await height()).toBeCloseTo(80, 0);
    await editor.click();
    await page.keyboard.type('One');
    for (const line of ['Two', 'Three', 'Four', 'Five', 'Six', 'Seven']) {
      await page.keyboard.press('Enter');
      await page.keyboard.type(line);
    }
    expect(await height()).toBeCloseTo(120, 0);
    expect(await content.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await expectAccessible(page, 'task page with its conversation');
    await snap(page, 'task-conversation');

    // Sent from the page, the answer is the newest message, at the bottom beside the editor, which is empty again.
    await page.keyboard.press('Control+a');
    await page.keyboard.type(answer);
    await page.keyboard.press('Control+Enter');
    const sent = section.getByTestId('chat-message').filter({ hasText: answer });
    await sent.waitFor();
    expect(await section.getByTestId('chat-message').last().textContent()).toContain(answer);
    await expect.poll(height).toBeCloseTo(80, 0);
    // The chat shows a message as it is sent; the server has it once the send is answered.
    const stored = () =>
      apiCall(
        'messages.php',
        'get_messages',
        { UserId: learner.data.Id, FromUserId: admin.userId, IsChat: true, page: 1, limit: 25 },
        learner.token,
      );
    await expect.poll(async () => (await stored()).data.some((m) => m.Message.includes(answer))).toBe(true);
    await admin.context.close();
  });

  it('a system message shows as a toast once, and cannot be answered', { timeout: 60_000 }, async () => {
    const text = `Maintenance tonight at 22:00 (${Date.now()})`;
    const student = await userContext(browser(), world().learner.email);
    const page = await student.context.newPage();
    await gotoPage(page, '/MyCourses');
    await page.getByTestId('message-bell').waitFor({ timeout: 15_000 });

    const admin = await apiCall('login.php', 'sign_in', { email: demo.admin, password: DEMO_PASSWORD });
    const sent = await apiCall(
      'messages.php',
      'submit_message',
      { FromUserId: admin.data.Id, UserId: student.userId, Message: `<p>${text}</p>`, SendAsNotification: true },
      admin.token,
    );
    expect(sent.status).toBe('OK');
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: text });
    await toast.waitFor({ timeout: 2 * ONE_POLL_MS });
    await expectAccessible(page, 'system message toast');
    await snap(page, 'system-toast');

    // Once each: a new page does not show it again.
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
    await page.reload();
    await page.getByTestId('message-bell').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(ONE_POLL_MS);
    expect(await page.locator('.mantine-Notification-root').filter({ hasText: text }).count()).toBe(0);

    // In the bell it reads as from the system, and opens the system's messages, which cannot be answered.
    await page.getByTestId('message-bell').click();
    const item = page.getByTestId('bell-message').filter({ hasText: text });
    await item.waitFor();
    expect(await item.textContent()).toContain('System');
    expect(await item.getAttribute('data-unanswered')).toBe('false');
    await item.click();
    const dialog = page.getByRole('dialog', { name: 'System messages' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('system-no-reply').textContent()).toBe('System message - unable to reply!');
    await dialog.getByTestId('chat-message').filter({ hasText: text }).waitFor();
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    await expectAccessible(page, 'system messages');
    await snap(page, 'system-messages');
    await student.context.close();
  });

  it('a long conversation reads oldest first, opens at the newest, keeps its place and loads older pages at its top', {
    timeout: 90_000,
  }, async () => {
    const coach = await apiCall('login.php', 'sign_in', { email: world().coach.email, password: DEMO_PASSWORD });
    const student = await userContext(browser(), world().learner.email);
    const stamp = Date.now();
    const note = (n: number) => `Practice note ${n} (${stamp})`;
    const send = async (n: number) => {
      const sent = await apiCall(
        'messages.php',
        'submit_message',
        { FromUserId: coach.data.Id, UserId: student.userId, Message: `<p>${note(n)}</p>` },
        coach.token,
      );
      expect(sent.status).toBe('OK');
    };
    for (let n = 1; n <= 30; n++) await send(n);
    const page = await student.context.newPage();
    await gotoPage(page, '/MyCourses');
    await page.getByTestId('message-bell').click();
    await page
      .getByTestId('bell-message')
      .filter({ hasText: note(30) })
      .click();
    const chat = page.getByRole('dialog', { name: 'Chat with Carl Coach' });
    const list = chat.getByTestId('chat-messages');
    const messages = chat.getByTestId('chat-message');
    await messages.filter({ hasText: note(30) }).waitFor();
    /** How far the list is from its bottom, in px. */
    const fromBottom = () =>
      list.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);

    // The newest page (25): oldest at the top, the newest at the bottom beside the editor, which is under the list.
    expect(await messages.count()).toBe(25);
    expect(await messages.first().textContent()).toContain(note(6));
    expect(await messages.last().textContent()).toContain(note(30));
    expect(await messages.filter({ hasText: note(1) }).count()).toBe(0);
    const listBox = await list.boundingBox();
    const editorBox = await chat.getByTestId('message-editor').boundingBox();
    expect(editorBox?.y).toBeGreaterThan((listBox?.y ?? 0) + (listBox?.height ?? 0) - 1);
    // It opens scrolled to the newest.
    await expect.poll(fromBottom).toBeLessThan(2);
    await snap(page, 'chat-long-newest');

    // A message arriving while she is at the bottom keeps her there.
    await send(31);
    await messages.filter({ hasText: note(31) }).waitFor({ timeout: ONE_POLL_MS });
    expect(await messages.last().textContent()).toContain(note(31));
    await expect.poll(fromBottom).toBeLessThan(2);

    // Scrolled up to read, a new one does not move what she reads.
    const readingAt = await list.evaluate((element) => {
      element.scrollTop = element.scrollHeight - element.clientHeight - 300;
      return element.scrollTop;
    });
    await send(32);
    await messages.filter({ hasText: note(32) }).waitFor({ timeout: ONE_POLL_MS });
    expect(await list.evaluate((element) => element.scrollTop)).toBe(readingAt);

    // Scrolled to within 50 px of the top, the next page comes in above, and the messages in view stay where they were.
    /** Where a message sits in the list's box, in px from its top edge; first scrolled to `scrollTop` if given. */
    const topInList = (text: string, scrollTop?: number) =>
      list.evaluate(
        (box, { wanted, scrollTop }) => {
          if (scrollTop !== undefined) box.scrollTop = scrollTop;
          const item = [...box.querySelectorAll('[data-testid="chat-message"]')].find((m) =>
            m.textContent?.includes(wanted),
          );
          return (item?.getBoundingClientRect().top ?? Number.NaN) - box.getBoundingClientRect().top;
        },
        { wanted: text, scrollTop },
      );
    // Scrolled and measured in one go, before the older page can arrive.
    const before = await topInList(note(10), 40);
    await messages.filter({ hasText: note(1) }).waitFor();
    expect(await messages.count()).toBeGreaterThan(30);
    expect(await messages.first().textContent()).not.toContain(note(6));
    const after = await topInList(note(10));
    expect(Math.abs(after - before), 'the view stays on the same messages').toBeLessThan(2);
    await student.context.close();
  });

  it('a session ended elsewhere signs the client out at its next poll', { timeout: 60_000 }, async () => {
    const student = await userContext(browser(), world().learner.email);
    const page = await student.context.newPage();
    await gotoPage(page, '/MyCourses');
    await page.getByTestId('message-bell').waitFor({ timeout: 15_000 });
    await apiCall('login.php', 'sign_out', { token: student.token }, student.token);
    await page.getByTestId('message-bell').waitFor({ state: 'detached', timeout: 2 * ONE_POLL_MS });
    expect(await page.getByTestId('xp-total').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
    await student.context.close();
  });
});
