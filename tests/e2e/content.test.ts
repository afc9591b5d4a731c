import { describe, expect, it } from 'vitest';
import { e2eAvailable, expectAccessible, gotoPage, newContext, signInViaApi, useBrowser } from './support/browser';
import { demo } from './support/constants';

describe.skipIf(!e2eAvailable)('page texts edited in place', () => {
  const browser = useBrowser();

  it('an administrator edits the FAQ in Swedish; a student sees it, the English text stays', async () => {
    const english = await newContext(browser());
    const englishPage = await english.newPage();
    await gotoPage(englishPage, '/faq');
    const englishBefore = await englishPage.locator('main .rich-text').first().textContent();

    const admin = await newContext(browser(), { storage: { userLocale: 'sv' } });
    await signInViaApi(admin, demo.admin);
    const page = await admin.newPage();
    await gotoPage(page, '/faq');
    await page.getByTestId('page-edit-toggle').click();
    const editor = page.locator('main [contenteditable="true"]').first();
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Svensk rättelse från redaktören.');
    // Turning edit mode off saves at once.
    await page.getByTestId('page-edit-toggle').click();
    await page.getByText('Sparat!').waitFor();

    const student = await newContext(browser(), { storage: { userLocale: 'sv' } });
    await signInViaApi(student, demo.student);
    const studentPage = await student.newPage();
    await gotoPage(studentPage, '/faq');
    await expect
      .poll(() => studentPage.locator('main .rich-text').first().textContent())
      .toContain('Svensk rättelse från redaktören.');
    expect(await studentPage.getByTestId('page-edit-toggle').count()).toBe(0);

    await englishPage.reload();
    await englishPage.locator('main .rich-text').first().waitFor();
    expect(await englishPage.locator('main .rich-text').first().textContent()).toBe(englishBefore);
    for (const context of [english, admin, student]) await context.close();
  });
  it("the admin menu's sign-in page (edit) opens /login with its texts editable; visitors see the new text", {
    timeout: 60_000,
  }, async () => {
    const admin = await newContext(browser(), { colorScheme: 'dark' });
    await signInViaApi(admin, demo.admin);
    const page = await admin.newPage();
    await gotoPage(page, '/users');
    await page.getByRole('button', { name: 'Admin' }).click();
    await page.getByRole('menuitem', { name: 'Sign-in page (edit)' }).click();
    await page.waitForURL(/\/login\/edit$/);
    await page.getByTestId('login-preview').waitFor();
    // It opens in edit mode: the pencil is pressed, and the intro is in the editor.
    expect(await page.getByTestId('page-edit-toggle').getAttribute('aria-pressed')).toBe('true');
    const editor = page.locator('main [contenteditable="true"]').first();
    await editor.waitFor();
    await expectAccessible(page, '/login/edit in edit mode (dark)');
    // The form is there to see, and signs nobody in.
    expect(await page.locator('main form button[type="submit"]').isDisabled()).toBe(true);
    await editor.click();
    await page.keyboard.press('Control+End');
    const added = ` Trouble signing in? Ask the office ${Date.now()}.`;
    await page.keyboard.type(added);
    await page.getByTestId('page-edit-toggle').click();
    await page.getByText('Save Success!').waitFor();
    // Editing belongs to the page: back on, then left for another page, it ends.
    await page.getByTestId('page-edit-toggle').click();
    await page.locator('main [contenteditable="true"]').first().waitFor();
    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await page.waitForURL(/\/faq$/);
    await expect.poll(() => page.getByTestId('page-edit-toggle').getAttribute('aria-pressed')).toBe('false');

    const visitor = await newContext(browser());
    const visitorPage = await visitor.newPage();
    await gotoPage(visitorPage, '/login');
    await expect.poll(() => visitorPage.locator('main').textContent()).toContain(added.trim());
    expect(await visitorPage.locator('main [contenteditable]').count()).toBe(0);
    // Another language keeps its own text.
    const swedish = await newContext(browser(), { storage: { userLocale: 'sv' } });
    const swedishPage = await swedish.newPage();
    await gotoPage(swedishPage, '/login');
    await swedishPage.getByText('Logga in för att fortsätta med dina kurser.').waitFor();
    expect(await swedishPage.locator('main').textContent()).not.toContain(added.trim());
    for (const context of [admin, visitor, swedish]) await context.close();
  });
});
