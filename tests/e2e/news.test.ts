import { describe, expect, it } from 'vitest';
import {
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  setSwitch,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { demo } from './support/constants';

describe.skipIf(!e2eAvailable)('news written by an administrator', () => {
  const browser = useBrowser();

  it('an administrator writes an item in English and Swedish and publishes it; a Swedish reader sees hers in the banner; unpublished, it is gone', async () => {
    const admin = await newContext(browser());
    await signInViaApi(admin, demo.admin);
    const page = await admin.newPage();
    await gotoPage(page, '/News');
    await page.getByRole('button', { name: 'Write news' }).click();
    const dialog = page.getByRole('dialog', { name: 'New news item' });
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Summer camp 2027');
    const englishText = dialog.getByRole('textbox', { name: 'Text', exact: true });
    await englishText.click();
    await page.keyboard.type('Join us in June.');
    await dialog.getByRole('tab', { name: 'Swedish' }).click();
    await dialog.getByRole('textbox', { name: 'Title in Swedish' }).fill('Sommarläger 2027');
    await dialog.getByRole('textbox', { name: 'Text in Swedish' }).click();
    await page.keyboard.type('Välkommen i juni.');
    await setSwitch(dialog.getByRole('switch', { name: 'Published' }), true);
    await expectAccessible(page, 'the news editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The news item was saved').waitFor();
    const card = page.getByRole('listitem').filter({ hasText: 'Summer camp 2027' });
    await card.getByText('Published', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Show in the banner: Summer camp 2027' }).click();
    await card.getByText('In the banner').waitFor();
    await expectAccessible(page, '/News as its administrators see it');

    const student = await newContext(browser(), { locale: 'sv-SE', storage: { userLocale: 'sv' } });
    await signInViaApi(student, demo.student);
    const reader = await student.newPage();
    await gotoPage(reader, '/News');
    await reader.getByTestId('news-banner').getByText('Sommarläger 2027').waitFor();
    await reader.getByRole('link', { name: 'Sommarläger 2027', exact: true }).click();
    await reader.getByText('Välkommen i juni.').waitFor();
    expect(await reader.getByText('Join us in June.').count()).toBe(0);

    // Unpublished: gone from the banner and the list, and the banner shows the latest again.
    await card.getByRole('button', { name: 'Edit: Summer camp 2027' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit news item' });
    await setSwitch(edit.getByRole('switch', { name: 'Published' }), false);
    await edit.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Draft', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Banner: show the latest' }).click();
    await page.getByText('The top banner shows the latest published item.').waitFor();

    await gotoPage(reader, '/News');
    await expect.poll(() => reader.getByText('Sommarläger 2027').count()).toBe(0);
    for (const context of [admin, student]) await context.close();
  });
});
