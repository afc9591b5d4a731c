import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  e2eAvailable,
  expectAccessible,
  expectAccessibleEverywhere,
  gotoPage,
  newContext,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { demo } from './support/constants';

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.skipIf(!e2eAvailable)('surveys: /admin/surveys, /survey/:id and the results', () => {
  const browser = useBrowser();
  const tag = `Pulse${randomBytes(3).toString('hex')}`;

  it('an administrator builds a survey of every kind in both languages; a student answers it; the results show it', {
    timeout: 180_000,
  }, async () => {
    const admin = await newContext(browser());
    await signInViaApi(admin, demo.admin);
    const page = await admin.newPage();
    const heading = (text: string) => page.locator('main h1').filter({ hasText: text }).waitFor();

    await gotoPage(page, '/admin/surveys');
    await settle(page);
    await page.getByTestId('survey-new').click();
    await heading('New survey');
    await page.getByTestId('survey-title-en').fill(`Course check ${tag}`);
    await page.getByTestId('survey-title-sv').fill(`Kursenkät ${tag}`);

    // Five questions, one of each kind, each in English and Swedish.
    const kinds: [string, string, string, string][] = [
      ['One choice', 'Pace', 'Tempo', 'Slow\nRight\nFast'],
      ['Several choices', 'Liked', 'Gillade', 'Videos\nQuizzes'],
      ['Rating scale', 'Recommend?', 'Rekommendera?', ''],
      ['Yes or no', 'Again?', 'Igen?', ''],
      ['Free text', 'Anything else?', 'Något mer?', ''],
    ];
    for (const [index, [kind, en, sv, options]] of kinds.entries()) {
      if (index > 0) await page.getByTestId('question-add').click();
      const question = page.getByTestId('editor-question').nth(index);
      await choose(page, question.getByTestId('question-kind'), kind);
      await question.getByTestId('question-text-en').fill(en);
      await question.getByTestId('question-text-sv').fill(sv);
      if (kind === 'Rating scale') await question.getByText('0–10').click();
      if (options) {
        await question.getByTestId('question-options-en').fill(options);
        await question.getByTestId('question-options-sv').fill(options);
      }
    }
    await expectAccessible(page, 'the survey editor');
    await page.getByTestId('survey-save').click();
    await page.waitForURL(/\/admin\/surveys\/[1-9]\d*$/);
    const surveyId = Number(page.url().split('/').pop());
    await heading('Edit survey');

    // Opened from the list.
    await gotoPage(page, '/admin/surveys');
    await settle(page);
    const row = page.getByTestId('survey-row').filter({ hasText: `Course check ${tag}` });
    await row.getByTestId('survey-open').click();
    await expect.poll(() => row.getByTestId('survey-status').textContent()).toBe('Open');
    await expectAccessibleEverywhere(page, '/admin/surveys', () => heading('Enkäter'));

    // A student answers it, in Swedish.
    const student = await newContext(browser());
    await signInViaApi(student, demo.student);
    const answering = await student.newPage();
    await answering.addInitScript(() => localStorage.setItem('userLocale', 'sv'));
    await gotoPage(answering, `/survey/${surveyId}`);
    await settle(answering);
    await answering
      .locator('main h1')
      .filter({ hasText: `Kursenkät ${tag}` })
      .waitFor();
    const questions = answering.getByTestId('survey-question');
    await expect.poll(() => questions.count()).toBe(5);
    await expectAccessible(answering, 'a survey to answer (sv)');
    await questions.nth(0).getByLabel('Right').check();
    await questions.nth(1).getByLabel('Videos').check();
    await questions.nth(2).getByLabel('9', { exact: true }).check();
    await questions.nth(3).getByLabel('Ja').check();
    await questions.nth(4).getByRole('textbox').fill('Fler övningar, tack');
    await expect.poll(() => answering.getByText('5 av 5 besvarade').count()).toBe(1);
    await answering.getByTestId('survey-submit').click();
    await answering.getByTestId('survey-thanks').waitFor();
    await answering.reload();
    await answering.getByTestId('survey-state').waitFor();
    expect(await answering.getByTestId('survey-state').getAttribute('data-state')).toBe('answered');
    await student.close();

    // The results: a chart per question but the last, whose text is listed; the CSV.
    await gotoPage(page, `/admin/surveys/${surveyId}/results`);
    await settle(page);
    await heading('Survey results');
    await expect.poll(() => page.getByTestId('results-responses').textContent()).toContain('1 response');
    const results = page.getByTestId('question-result');
    await expect.poll(() => results.count()).toBe(5);
    expect(await results.nth(2).textContent()).toContain('net promoter score 100');
    await results.nth(0).locator('.recharts-bar-rectangle').first().waitFor({ state: 'attached' });
    expect(await results.nth(4).getByTestId('result-texts').textContent()).toContain('Fler övningar, tack');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('results-csv').click()]);
    expect(download.suggestedFilename()).toBe(`survey-${surveyId}.csv`);
    expect((await readFile(await download.path())).toString('utf8')).toContain('Fler övningar, tack');
    await expectAccessibleEverywhere(page, 'the survey results', () => heading('Enkätresultat'));
    await admin.close();
  });
});
