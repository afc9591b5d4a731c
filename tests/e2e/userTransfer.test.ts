import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/seed/factories';
import { cheapPasswordHash } from '../factories';
import {
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  serverDatabase,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { DEMO_PASSWORD, demo } from './support/constants';

/** Chooses a file in the import dialog, as if picked from the disk. */
const chooseFile = (page: Page, name: string, text: string) =>
  page
    .getByRole('dialog')
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

describe.skipIf(!e2eAvailable)('/users export and import', () => {
  const browser = useBrowser();
  /** A surname of this file's own, so that other files' users do not match its searches. */
  const tag = `Qwix${randomBytes(3).toString('hex')}`;
  const address = (first: string) => `${first}-${tag}@e2e.test`.toLowerCase();

  beforeAll(async () => {
    const db = serverDatabase();
    try {
      const site = await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirstOrThrow();
      const passwordHash = cheapPasswordHash(DEMO_PASSWORD);
      for (const first of ['Ebba', 'Erik']) {
        await createUser(db, {
          site,
          role: 'student',
          firstName: first,
          lastName: tag,
          email: address(first),
          passwordHash,
        });
      }
    } finally {
      await db.destroy();
    }
  });

  it('an administrator exports the searched users, then imports a class once its file is right', {
    timeout: 90_000,
  }, async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, `/users?q=${tag}`);
    await settle(page);
    await expect.poll(() => page.getByTestId('user-count').textContent()).toBe('2 users');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('users-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^users-main-\d{4}-\d\d-\d\d\.csv$/);
    const file = await readFile(await download.path());
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Id,FirstName,LastName,Email,UserType,Privilegies,Company,Verified,Locked,CreatedAt,LastSeenAt',
    );
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual([address('Ebba'), address('Erik')]);

    await page.getByTestId('users-import').click();
    const dialog = page.getByRole('dialog', { name: 'Import users from a CSV file' });
    await dialog.waitFor();
    const rows = (people: string[]) =>
      `Email;FirstName;LastName\n${people.map((p) => `${address(p)};${p};${tag}`).join('\n')}\n`;
    // Erik has an account already: the file is refused row by row, and nothing can be imported yet.
    await chooseFile(page, 'class.csv', rows(['Alva', 'Erik', 'Axel']));
    const errors = dialog.getByTestId('users-import-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain('A user of the site already has this email address.');
    expect(await dialog.getByRole('status').textContent()).toBe(
      '1 row has errors (2 correct). Correct the file and choose it again.',
    );
    expect(await dialog.getByTestId('users-import-commit').isDisabled()).toBe(true);
    await expectAccessible(page, 'the import dialog with errors');

    await chooseFile(page, 'class-fixed.csv', rows(['Alva', 'Axel']));
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('2 users can be imported.');
    await dialog.getByRole('button', { name: 'Import 2 users' }).click();
    await page.getByText('2 users imported and invited.').waitFor();
    await expect.poll(() => page.getByTestId('user-count').textContent()).toBe('4 users');
    const names = await page.getByTestId('user-name').allTextContents();
    expect(names).toEqual(['Alva', 'Axel', 'Ebba', 'Erik'].map((first) => `${first} ${tag}`));
    await context.close();
  });

  it('the import dialog reads well on a phone, in Swedish and the dark theme', { timeout: 60_000 }, async () => {
    const context = await newContext(browser(), { phone: true, colorScheme: 'dark', locale: 'sv-SE' });
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, `/users?q=${tag}`);
    await settle(page);
    await page.getByTestId('users-import').click();
    const dialog = page.getByRole('dialog', { name: 'Importera användare från en CSV-fil' });
    await dialog.waitFor();
    await chooseFile(page, 'fel.csv', 'Namn;Adress\nAda;ada@skolan.test\n');
    await expect
      .poll(() => dialog.getByTestId('users-import-problem').textContent())
      .toBe('Filen behöver en rubrikrad med kolumnerna Email, FirstName och LastName.');
    await expectAccessible(page, 'the import dialog on a phone, in Swedish and dark');
    await context.close();
  });
});
