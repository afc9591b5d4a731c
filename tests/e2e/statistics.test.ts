import { describe, expect, it } from 'vitest';
import {
  e2eAvailable,
  expectAccessibleEverywhere,
  gotoPage,
  newContext,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { demo } from './support/constants';

describe.skipIf(!e2eAvailable)('statistics: /statistics', () => {
  const browser = useBrowser();

  it('an administrator sees the learners, the demo course’s funnel (fewer reach each part), and downloads it as CSV', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, '/statistics');
    await settle(page);
    await expect.poll(() => page.getByTestId('learner-totals').textContent()).toMatch(/[1-9]\d* active learners/);

    const openFunnel = async (name: string) => {
      await page.getByRole('tab', { name }).click();
      await page.getByTestId('statistics-funnel').waitFor();
    };
    await openFunnel('Funnel');
    const funnel = page.getByTestId('statistics-funnel');
    await expect.poll(() => funnel.getByRole('heading').textContent()).toBe('Funnel: Music production basics');
    const rows = funnel.locator('tbody tr');
    const reached = async (index: number) => Number(await rows.nth(index).locator('td').nth(2).textContent());
    expect(await rows.first().locator('td').nth(1).textContent()).toBe('Welcome to the course');
    const count = await rows.count();
    expect(count).toBeGreaterThan(5);
    // Where learners stop stands out: the first part keeps the most, the last the fewest.
    expect(await reached(0)).toBeGreaterThan(await reached(count - 1));
    expect(await funnel.getByText(/\d+ of \d+ passed/).count()).toBeGreaterThan(0);

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      funnel.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('statistics-funnel.csv');

    await expectAccessibleEverywhere(page, '/statistics funnel', () => openFunnel('Tratt'));
    await context.close();
  });

  it('a coach opens the demo course’s gradebook, sorts it by progress, finds a learner and opens her page', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.coach);
    const page = await context.newPage();
    await gotoPage(page, '/statistics');
    await settle(page);
    await page.getByRole('tab', { name: 'Gradebook' }).click();
    const book = page.getByTestId('statistics-gradebook');
    await book.waitFor();
    await expect.poll(() => book.getByRole('heading').textContent()).toBe('Gradebook: Music production basics');
    await expect.poll(() => book.getByTestId('gradebook-total').textContent()).toMatch(/^[1-9]\d* learners$/);
    const progress = () => book.locator('tbody tr td:nth-child(2)').allTextContents();
    await book.getByTestId('gradebook-sort-progress').click();
    await book.getByTestId('gradebook-sort-progress').click();
    await expect.poll(async () => (await progress())[0]).toBe('100 %');
    const first = await book.locator('tbody tr').first().getByRole('link').textContent();
    await book.getByLabel('Search learners').fill(first ?? '');
    await expect.poll(() => book.locator('tbody tr').count()).toBe(1);
    await book.getByRole('link', { name: first ?? '' }).click();
    await page.waitForURL(/\/user\/\d+$/);
    await context.close();
  });

  it('a coach sees his courses and no sales', async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.coach);
    const page = await context.newPage();
    await gotoPage(page, '/statistics');
    await settle(page);
    await page.getByRole('tab', { name: 'Courses' }).click();
    await page.getByTestId('statistics-courses').waitFor();
    expect(await page.getByRole('tab', { name: 'Sales' }).count()).toBe(0);
    expect(await page.getByTestId('statistics-courses').locator('tbody tr').count()).toBeGreaterThan(0);
    await context.close();
  });
});
