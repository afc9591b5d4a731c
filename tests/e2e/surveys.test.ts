import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blockValues } from '../../src/server/seed/factories';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  expectAccessibleEverywhere,
  gotoPage,
  newContext,
  serverDatabase,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { DEMO_PASSWORD, demo } from './support/constants';
import { useCourseWorld } from './support/world';

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

  it('a learner who has completed the demo course is offered its survey on the course page, and follows it', async () => {
    const context = await newContext(browser());
    // A learner of the demo seed who finished the course and has not answered its survey.
    await signInViaApi(context, 'isak.persson.31@learners.example');
    const page = await context.newPage();
    await gotoPage(page, '/course/1');
    const prompt = page.getByTestId('course-survey');
    await prompt.waitFor();
    await expectAccessible(page, 'the course survey prompt');
    // She reads Swedish or English, as the seed made her.
    await prompt.getByRole('link', { name: /Answer the survey|Svara på enkäten/ }).click();
    await page.waitForURL(/\/survey\/\d+$/);
    await page
      .locator('main h1')
      .filter({ hasText: /How is the course going\?|Hur går kursen\?/ })
      .waitFor();
    await context.close();
  });

  describe('in a course', () => {
    const world = useCourseWorld();

    it('a Survey block whose survey is not open yet says so on the learner’s page', async () => {
      const admin = await apiCall('login.php', 'sign_in', { email: demo.admin, password: DEMO_PASSWORD });
      const draft = await apiCall(
        'surveys.php',
        'save_survey',
        {
          Survey: {
            Id: 0,
            Texts: { en: { Title: `Later ${tag}`, Intro: '' } },
            Anonymous: false,
            Audience: 'all',
            Questions: [{ Kind: 'yes_no', Texts: { en: { Text: 'Ready?' } } }],
          },
        },
        admin.token,
      );
      const partId = world().course.partIdOf.welcome as number;
      const db = serverDatabase();
      const site = await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirstOrThrow();
      const last = await db
        .selectFrom('course_blocks')
        .select((eb) => eb.fn.max('sort_id').as('sort_id'))
        .where('course_part_id', '=', partId)
        .executeTakeFirst();
      await db
        .insertInto('course_blocks')
        .values(
          blockValues({
            site,
            partId,
            sortId: Number(last?.sort_id ?? 0) + 1,
            type: 'Survey',
            title: 'Tell us later',
            content: { surveyId: draft.data.Id },
          }),
        )
        .execute();
      await db.destroy();

      const context = await newContext(browser());
      await signInViaApi(context, world().learner.email);
      const page = await context.newPage();
      await gotoPage(page, `/course/${world().course.id}/post/${partId}`);
      const block = page.getByTestId('survey-block');
      await expect.poll(() => block.textContent(), { timeout: 15_000 }).toContain('This survey is not open yet.');
      await expectAccessible(page, 'a course page with a survey not open yet');
      await context.close();
    });
  });
});
