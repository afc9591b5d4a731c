import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  platform,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { DEMO_PASSWORD, demo } from './support/constants';

const rowOf = (page: Page, name: string) => page.getByTestId('course-row').filter({ hasText: name });

/** Opens a course's actions menu and picks one. */
async function pick(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

describe.skipIf(!e2eAvailable)('/Courses', () => {
  const browser = useBrowser();

  it('an admin creates, renames, duplicates, archives and restores a course and edits its settings', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser());
    const { token: adminToken } = await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, '/Courses');
    await settle(page);
    await expectAccessible(page, '/Courses');

    const name = `Harmony ${Date.now()}`;
    await page.getByTestId('course-create').click();
    await page.getByTestId('course-name-input').fill(name);
    await page.getByTestId('course-name-save').click();
    await expect.poll(() => rowOf(page, name).count()).toBe(1);
    expect(await rowOf(page, name).getByTestId('course-status').textContent()).toBe('Draft');

    const renamed = `${name} II`;
    await pick(page, name, 'Rename');
    await page.getByTestId('course-name-input').fill(renamed);
    await page.getByTestId('course-name-save').click();
    await expect.poll(() => rowOf(page, renamed).count()).toBe(1);

    // The coach opens the course for editing: the list names her as its editor until she closes it.
    const courseId = (await apiCall('course_manager.php', 'get_courses', {}, adminToken)).data.find(
      (course) => course.Name === renamed,
    )?.Id as number;
    const coach = await platform.ok('login.php', 'sign_in', { email: demo.coach, password: DEMO_PASSWORD });
    const lock = await platform.ok(
      'course_lock.php',
      'lock_course_for_editing',
      { CourseId: courseId },
      { token: coach.token },
    );
    await page.reload();
    await settle(page);
    await expect
      .poll(() => rowOf(page, renamed).getByTestId('course-editor').textContent())
      .toBe(lock.LockedByUsername);
    await expectAccessible(page, '/Courses with a course being edited');
    await platform.ok('course_lock.php', 'close_course_for_editing', { CourseId: courseId }, { token: coach.token });
    await page.reload();
    await settle(page);
    await expect.poll(() => rowOf(page, renamed).getByTestId('course-editor').count()).toBe(0);

    await pick(page, renamed, 'Duplicate');
    await expectAccessible(page, 'the duplicate confirmation');
    await page.getByTestId('course-confirm').click();
    await expect.poll(() => rowOf(page, `${renamed} (copy)`).count()).toBe(1);

    // Archived courses leave the list until it shows them; restoring brings the course back.
    await pick(page, `${renamed} (copy)`, 'Archive');
    await page.getByTestId('course-confirm').click();
    await expect.poll(() => rowOf(page, `${renamed} (copy)`).count()).toBe(0);
    await page.getByRole('switch', { name: 'Show archived courses' }).check();
    await expect.poll(() => rowOf(page, `${renamed} (copy)`).getByTestId('course-archived').count()).toBe(1);
    await pick(page, `${renamed} (copy)`, 'Restore');
    await page.getByTestId('course-confirm').click();
    await expect.poll(() => rowOf(page, `${renamed} (copy)`).getByTestId('course-archived').count()).toBe(0);

    // Settings: expiry on without a period is refused with the spec's text; with a period it saves.
    await pick(page, renamed, 'Settings');
    const form = page.getByTestId('course-settings-form');
    await form.waitFor();
    await form.getByRole('switch', { name: 'Certificates expire' }).check();
    await form.getByRole('textbox', { name: 'Xp per reward' }).fill('8');
    await page.getByTestId('course-settings-save').click();
    await expect.poll(() => form.getByText('Please select a validity period').count()).toBe(1);
    await expectAccessible(page, 'the settings form with its error');
    await form.getByTestId('validity-period').click();
    await page.getByRole('option', { name: '12 months' }).click();
    await page.getByTestId('course-settings-save').click();
    await expect.poll(() => form.count()).toBe(0);

    await pick(page, renamed, 'Settings');
    await form.waitFor();
    expect(await form.getByRole('textbox', { name: 'Xp per reward' }).inputValue()).toBe('8');
    expect(await form.getByTestId('validity-period').inputValue()).toBe('12 months');
    await context.close();
  });

  it('the settings write the name and description in Swedish too, and a Swedish reader sees them', {
    timeout: 60_000,
  }, async () => {
    const context = await newContext(browser());
    const { token } = await signInViaApi(context, demo.admin);
    const name = `Harmony ${Date.now()}`;
    const created = await apiCall('course_manager.php', 'create_course', { Name: name }, token);
    const page = await context.newPage();
    await gotoPage(page, '/Courses');
    await settle(page);
    await pick(page, name, 'Settings');
    const form = page.getByTestId('course-settings-form');
    await form.waitFor();
    await form.getByTestId('course-description').fill('All about harmony');
    const swedish = form.getByTestId('course-translation-sv');
    expect(await swedish.locator('legend').textContent()).toBe('The course in Swedish');
    await swedish.getByRole('textbox', { name: 'Name in Swedish' }).fill('Harmonilära');
    await swedish.getByRole('textbox', { name: 'Description in Swedish' }).fill('Allt om harmoni');
    await expectAccessible(page, 'the settings form with a translation');
    await page.getByTestId('course-settings-save').click();
    await expect.poll(() => form.count()).toBe(0);
    const settings = await apiCall('course_manager.php', 'get_course_settings', { CourseId: created.data.Id }, token);
    expect(settings.data).toMatchObject({
      Description: 'All about harmony',
      Translations: { sv: { Name: 'Harmonilära', Description: 'Allt om harmoni' } },
    });

    // The course's pages, read in Swedish, name it in Swedish.
    const reader = await newContext(browser(), { locale: 'sv-SE', storage: { userLocale: 'sv' } });
    await signInViaApi(reader, demo.admin);
    const readerPage = await reader.newPage();
    await gotoPage(readerPage, `/course/${created.data.Id}`);
    await settle(readerPage);
    await expect.poll(() => readerPage.locator('#course-nav-title').textContent()).toBe('Harmonilära');
    await reader.close();
    await context.close();
  });

  it.each([
    ['dark', 'en-US', 'Actions for', 'Settings'],
    ['light', 'sv-SE', 'Åtgärder för', 'Inställningar'],
    ['dark', 'sv-SE', 'Åtgärder för', 'Inställningar'],
  ] as const)(
    'the list and the settings form pass axe in %s, %s',
    {
      timeout: 60_000,
    },
    async (colorScheme, locale, actionsFor, settings) => {
      const context = await newContext(browser(), { colorScheme, locale });
      await signInViaApi(context, demo.admin);
      const page = await context.newPage();
      await gotoPage(page, '/Courses');
      await settle(page);
      await expectAccessible(page, `/Courses ${colorScheme} ${locale}`);
      const name = (await page.getByTestId('course-row').first().locator('td, p').first().textContent()) ?? '';
      await page.getByRole('button', { name: `${actionsFor} ${name}`, exact: true }).click();
      await page.getByRole('menuitem', { name: settings, exact: true }).click();
      await page.getByTestId('course-settings-form').waitFor();
      await expectAccessible(page, `the settings form ${colorScheme} ${locale}`);
      await context.close();
    },
  );

  it('a student is denied /Courses', async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.student);
    const page = await context.newPage();
    await gotoPage(page, '/Courses');
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/Courses');
    await context.close();
  });
});
