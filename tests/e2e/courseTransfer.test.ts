import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { demo } from './support/constants';

const rowOf = (page: Page, name: string) => page.getByTestId('course-row').filter({ hasText: name });

describe.skipIf(!e2eAvailable)('/Courses: export and import', () => {
  const browser = useBrowser();

  it('an admin exports a course as a file and imports it back as a new draft course', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser());
    const { token } = await signInViaApi(context, demo.admin);
    // A demo course, with its media.
    const courses = (await apiCall('course_manager.php', 'get_courses', {}, token)).data;
    const course = courses.find((c) => !c.Archived && c.Parts > 0) ?? courses[0];
    if (!course) throw new Error('the demo site has no course');

    const page = await context.newPage();
    await gotoPage(page, '/Courses');
    await settle(page);
    await page.getByRole('button', { name: `Actions for ${course.Name}`, exact: true }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export', exact: true }).click();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'course-export-')), 'course.zip');
    await (await download).saveAs(file);
    const bytes = fs.readFileSync(file);
    // A zip: its first entry's local header, course.json first.
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(bytes.subarray(30, 41).toString()).toBe('course.json');

    await page.getByTestId('course-import').click();
    await page.getByTestId('course-import-file').waitFor();
    await expectAccessible(page, 'the import dialog');
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByTestId('course-import-start').click();
    const imported = `${course.Name} (imported)`;
    await expect.poll(() => rowOf(page, imported).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await rowOf(page, imported).first().getByTestId('course-status').textContent()).toBe('Draft');
    expect(await rowOf(page, imported).first().textContent()).toContain(String(course.Parts));

    // A file that is no course file is refused in the dialog, and nothing is added.
    const count = await page.getByTestId('course-row').count();
    const junk = path.join(path.dirname(file), 'junk.zip');
    fs.writeFileSync(junk, 'not a zip at all');
    await page.getByTestId('course-import').click();
    await page.locator('input[type="file"]').setInputFiles(junk);
    await page.getByTestId('course-import-start').click();
    await expect.poll(() => page.getByText('This is not a course file, or it is damaged.').count()).toBe(1);
    await expectAccessible(page, 'the import dialog with its error');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('course-row').count()).toBe(count);
    await context.close();
  });

  it.each([
    ['dark', 'en-US', 'Import a course'],
    ['light', 'sv-SE', 'Importera en kurs'],
  ] as const)('the import dialog passes axe in %s, %s', { timeout: 60_000 }, async (colorScheme, locale, title) => {
    const context = await newContext(browser(), { colorScheme, locale });
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, '/Courses');
    await settle(page);
    await page.getByRole('button', { name: title, exact: true }).click();
    await page.getByRole('dialog', { name: title }).waitFor();
    await expectAccessible(page, `the import dialog ${colorScheme} ${locale}`);
    await context.close();
  });
});
