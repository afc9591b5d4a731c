import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  newContext,
  setSwitch,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { demo } from './support/constants';
import { useCourseWorld } from './support/world';

/**
 * The course editor on the course pages (spec §4, §7, §9): the edit lock between two editors, inactivity, drafts that
 * outlive a lost network and a reload, the sort-pages dialog by mouse and keyboard, and the editor's screens under
 * axe in both themes and languages.
 */
describe.skipIf(!e2eAvailable)('the course editor', () => {
  const browser = useBrowser();
  const world = useCourseWorld();
  const courseUrl = () => `/course/${world().course.id}`;
  const tokens: string[] = [];

  // A test that fails while editing must not leave the course locked for the next one.
  afterEach(async () => {
    for (const token of tokens.splice(0)) {
      await apiCall('course_lock.php', 'close_course_for_editing', { CourseId: world().course.id }, token);
    }
  });

  async function editor(email: string, options: Parameters<typeof newContext>[1] = {}) {
    const context = await newContext(browser(), options);
    const { token, userId } = await signInViaApi(context, email);
    tokens.push(token);
    const page = await context.newPage();
    return { context, page, token, userId };
  }

  async function open(page: Page, path = courseUrl()) {
    await page.goto(path);
    await settle(page);
    await page.getByTestId('course-edit').waitFor();
  }

  async function startEditing(page: Page, name: string) {
    await page.getByTestId('course-edit').click();
    await expect.poll(() => page.getByTestId('course-editing-holder').textContent()).toBe(`Editing: ${name}`);
  }

  /** The course as get_course answers it to a signed-in editor. */
  const courseAs = async (as: { token: string; userId: number }) => {
    const answer = await apiCall(
      'course.php',
      'get_course',
      { CourseId: world().course.id, UserId: as.userId },
      as.token,
    );
    const course = answer.data[0];
    if (!course) throw new Error('no course');
    return course;
  };
  const holderOf = async (as: { token: string; userId: number }) => (await courseAs(as)).LockedByUsername;
  const partOrder = async (as: { token: string; userId: number }) =>
    (await courseAs(as)).CourseParts.slice()
      .sort((a, b) => a.SortId - b.SortId)
      .map((part) => part.Id);

  it('one editor at a time: the second sees the first by name, stays in preview, and edits once she closes', async () => {
    const first = await editor(world().coach.email);
    const second = await editor(demo.admin);
    await open(first.page);
    await startEditing(first.page, world().coach.name);

    await open(second.page);
    // The course names its holder in preview, and asking for the lock names her again.
    await expect
      .poll(() => second.page.getByTestId('course-lock-holder').textContent())
      .toBe(`${world().coach.name} is editing this course`);
    await second.page.getByTestId('course-edit').click();
    await expect
      .poll(() => second.page.getByTestId('course-edit-notice').textContent())
      .toContain(`${world().coach.name} is editing this course`);
    expect(await second.page.getByTestId('course-editor-bar').count()).toBe(0);

    await first.page.getByTestId('course-edit-close').click();
    await first.page.getByTestId('course-edit').waitFor();
    expect(await holderOf(first)).toBeNull();

    await second.page.getByTestId('course-edit').click();
    await expect.poll(() => second.page.getByTestId('course-editing-holder').textContent()).toBe('Editing: Ada Admin');
    await second.page.getByTestId('course-edit-close').click();
    await second.page.getByTestId('course-edit').waitFor();
  });

  it('inactivity closes editing with the spec’s words and releases the lock', async () => {
    const session = await editor(world().coach.email);
    const { page } = session;
    await page.clock.install();
    await open(page);
    await startEditing(page, world().coach.name);
    expect(await holderOf(session)).toBe(world().coach.name);
    await page.clock.fastForward('30:01');
    await expect
      .poll(() => page.getByTestId('course-edit-notice').textContent())
      .toBe('You were inactive for too long, course edit closed!');
    await expect.poll(() => holderOf(session)).toBeNull();
  });

  it('text typed while the network is gone survives a reload and is saved once it is back', async () => {
    const { context, page, token } = await editor(world().coach.email);
    const partId = world().course.partIdOf.welcome as number;
    const name = `Welcome, typed offline ${Date.now()}`;
    await open(page, `${courseUrl()}/post/${partId}`);
    await startEditing(page, world().coach.name);
    const field = page.getByTestId('part-name');
    await field.waitFor();

    await context.setOffline(true);
    await field.fill(name);
    await page.locator('[data-testid="save-status"][data-status="offline"]').waitFor({ timeout: 20_000 });
    // The network comes back for the page, but not for its saves: the reload must find the draft in the browser.
    await blockSaves(page);
    await context.setOffline(false);
    await page.reload();
    await settle(page);
    await startEditing(page, world().coach.name);
    const dialog = page.getByTestId('restore-dialog');
    await dialog.getByText('Restore your unsaved changes?').waitFor();
    await page.unroute('**/api/backend/course_admin.php');
    await page.getByTestId('restore-accept').click();
    expect(await field.inputValue()).toBe(name);
    await expect.poll(() => page.getByTestId('save-status').textContent(), { timeout: 20_000 }).toBe('Save Success!');
    const saved = await apiCall(
      'course_admin.php',
      'get_course_part_content',
      { CourseId: world().course.id, CoursePartId: partId },
      token,
    );
    expect(saved.data.Name).toBe(name);
    await page.getByTestId('course-edit-close').click();
    await page.getByTestId('course-edit').waitFor();
  });

  it('a renamed page shows its new name in the course navigation once it is saved', async () => {
    const { page } = await editor(world().coach.email);
    const partId = world().course.partIdOf.welcome as number;
    const name = `Welcome, renamed ${Date.now()}`;
    await open(page, `${courseUrl()}/post/${partId}`);
    await startEditing(page, world().coach.name);
    const field = page.getByTestId('part-name');
    await field.waitFor();
    await field.fill(name);
    await expect.poll(() => page.getByTestId('save-status').textContent(), { timeout: 20_000 }).toBe('Save Success!');
    // No other change of the course follows: the save alone brings the navigation up to date.
    const navItem = page.locator(`[data-testid="course-nav-item"][data-part-id="${partId}"]`);
    await expect.poll(() => navItem.textContent(), { timeout: 5_000 }).toContain(name);
    await page.getByTestId('course-edit-close').click();
    await page.getByTestId('course-edit').waitFor();
  });

  it('the overview says when the course’s own name lacks a translation, until its settings give one', async () => {
    const session = await editor(world().coach.email);
    const { page } = session;
    const admin = await signInViaApi(await newContext(browser()), demo.admin);
    const settings = async (translations: Record<string, { Name: string; Description: string }>) => {
      const { data } = await apiCall(
        'course_manager.php',
        'get_course_settings',
        { CourseId: world().course.id },
        admin.token,
      );
      await apiCall(
        'course_manager.php',
        'save_course_settings',
        { CourseId: world().course.id, Settings: { ...data, Translations: translations } },
        admin.token,
      );
    };
    await settings({});
    await open(page);
    await startEditing(page, world().coach.name);
    await expect
      .poll(() => page.getByTestId('course-missing-translation').textContent())
      .toContain('no translation (Swedish)');
    await page.getByTestId('course-edit-close').click();
    await page.getByTestId('course-edit').waitFor();

    await settings({ sv: { Name: 'Kursen på svenska', Description: 'Om kursen' } });
    await startEditing(page, world().coach.name);
    await page.getByTestId('editor-part').first().waitFor();
    await expect.poll(() => page.getByTestId('course-missing-translation').count()).toBe(0);
    await page.getByTestId('course-edit-close').click();
    await page.getByTestId('course-edit').waitFor();
    await settings({});
  });

  it('sorts the pages by dragging and by keyboard, and saving keeps the order', async () => {
    const session = await editor(world().coach.email);
    const { page } = session;
    await open(page);
    await startEditing(page, world().coach.name);
    const before = await partOrder(session);

    await page.getByTestId('sort-parts').click();
    const items = page.getByTestId('sort-item');
    await items.first().waitFor();
    // By mouse: the first page is dragged below the third.
    await drag(page, items.nth(0).getByTestId('sort-handle'), items.nth(2));
    await expect.poll(() => itemIds(items)).toEqual([before[1], before[2], before[0], ...before.slice(3)]);
    await saveOrder(page);
    const dragged = [before[1], before[2], before[0], ...before.slice(3)];
    await expect.poll(() => partOrder(session)).toEqual(dragged);

    // By keyboard: the last page is picked up with Space, moved up twice and dropped.
    await page.getByTestId('sort-parts').click();
    await items.first().waitFor();
    const last = dragged.length - 1;
    // The dialog has placed its own focus once it is open; the handle is focused after that.
    await page.getByRole('dialog').getByText('Drag a page by its handle').first().waitFor();
    await page.waitForTimeout(300);
    await items.nth(last).getByTestId('sort-handle').focus();
    // dnd-kit measures the list after a pick-up and after each move: a person's pace, not a script's.
    for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    const keyed = [...dragged.slice(0, last - 2), dragged[last], ...dragged.slice(last - 2, last)];
    await expect.poll(() => itemIds(items)).toEqual(keyed);
    // Each move is announced for screen readers.
    expect(await page.locator('[id^="DndLiveRegion"]').first().textContent()).toMatch(/dropped at position/);
    await saveOrder(page);
    await expect.poll(() => partOrder(session)).toEqual(keyed);

    await page.getByTestId('course-edit-close').click();
    await page.getByTestId('course-edit').waitFor();
  });

  it('the editor’s screens pass axe in both themes and languages', { timeout: 180_000 }, async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const locale of ['en-US', 'sv-SE'] as const) {
        const { context, page } = await editor(world().coach.email, {
          colorScheme,
          locale,
          storage: { userLocale: locale.slice(0, 2) },
        });
        const label = `${colorScheme} ${locale}`;
        await open(page);
        await expectAccessible(page, `course preview with Edit, ${label}`);
        await page.getByTestId('course-edit').click();
        await page.getByTestId('course-editor-bar').waitFor();
        await page.getByTestId('editor-part').first().waitFor();
        await expectAccessible(page, `editing the overview, ${label}`);
        await page.getByTestId('sort-parts').click();
        await page.getByTestId('sort-item').first().waitFor();
        await expectAccessible(page, `sort-pages dialog, ${label}`);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        const firstPart = page.getByTestId('editor-part').first();
        const partId = await firstPart.getAttribute('data-part-id');
        await firstPart.getByRole('link').click();
        await page.waitForURL(`**/post/${partId}`);
        await page.getByTestId('part-name').waitFor();
        await expectAccessible(page, `editing a part, ${label}`);
        await page.getByRole('tab').nth(1).click();
        await page.getByTestId('part-settings').waitFor();
        await expectAccessible(page, `a part's settings, ${label}`);
        await page.getByTestId('history-tab').click();
        await page.getByTestId('revisions').waitFor();
        await expectAccessible(page, `a part's history, ${label}`);
        await setSwitch(page.getByTestId('student-preview-toggle'), true);
        await page.getByTestId('student-preview').waitFor();
        await expectAccessible(page, `student preview, ${label}`);
        await page.getByTestId('course-edit-close').click();
        await page.getByTestId('course-edit').waitFor();
        await context.close();
      }
    }
  });
});

const itemIds = async (items: Locator) =>
  (await items.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-item-id'))))) as number[];

/** Drags a handle onto a target with the mouse, in steps, as dnd-kit's pointer sensor needs. */
async function drag(page: Page, handle: Locator, target: Locator) {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.75, { steps: 15 });
  await page.mouse.up();
  // dnd-kit swallows clicks for a moment after a drop (the click that ends a drag must not press what lies under it).
  await page.waitForTimeout(300);
}

/** Saves the sort-pages dialog's order; a refusal fails with the toast that says why. */
async function saveOrder(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/backend/'))
      calls.push(`${request.url().split('/').pop()} ${request.postData()?.slice(0, 60)}`);
  });
  await page.getByTestId('sort-save').click();
  await page
    .getByRole('dialog')
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(async () => {
      const toasts = await page.locator('.mantine-Notification-root').allTextContents();
      throw new Error(`the order was not saved: ${toasts.join(' | ')} ${calls.join(' ; ')}`);
    });
}

/** The page's saves fail as a lost network fails them; its other calls go through. */
async function blockSaves(page: Page) {
  await page.route('**/api/backend/course_admin.php', (route) =>
    route.request().postData()?.includes('save_course_part_content')
      ? route.abort('internetdisconnected')
      : route.continue(),
  );
}
