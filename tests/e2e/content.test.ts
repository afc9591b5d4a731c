import { describe, expect, it } from 'vitest';
import { e2eAvailable, gotoPage, newContext, signInViaApi, useBrowser } from './support/browser';
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
});
