import { describe, expect, it } from 'vitest';
import { nth } from '../support/answers';
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
import { createLearner, signIn } from './support/learners';
import { isReviewed } from './support/reviews';
import { type CourseWorld, useCourseWorld } from './support/world';

interface Part {
  Id: number;
  Name: string;
  Blocks: { Id: number; BlockType: string }[];
}

/** The demo course's milestone: a part with reviewed answers and pages before and after it. */
async function milestone(learner: { token: string; userId: number }, courseId: number) {
  const course = nth(
    (await apiCall('course.php', 'get_course', { UserId: learner.userId, CourseId: courseId }, learner.token)).data,
  );
  const parts = course.CourseParts as Part[];
  const index = parts.findIndex((p) => p.Blocks.some(isReviewed));
  const part = parts[index];
  if (!part || index === 0) throw new Error('the demo course has no milestone after its first page');
  const blockId = part.Blocks.find(isReviewed)?.Id as number;
  return { part, blockId };
}

describe.skipIf(!e2eAvailable)('an exam answer is never lost', () => {
  const browser = useBrowser();
  const world = useCourseWorld();
  const course = (): CourseWorld['course'] => world().course;

  async function learnerOnMilestone(first: string) {
    const account = await createLearner(course().id, { first, last: 'Exam' });
    const context = await newContext(browser(), { storage: { showCourseNav: 'false' } });
    const learner = await signInViaApi(context, account.email);
    const { part, blockId } = await milestone(learner, course().id);
    const page = await context.newPage();
    await gotoPage(page, `/course/${course().id}/post/${part.Id}`);
    await settle(page);
    const exam = page.getByTestId('exam-block').first();
    const answer = exam.getByRole('textbox', { name: 'Your answer' });
    await answer.waitFor();
    return { page, exam, answer, part, blockId, learner };
  }

  it('Back, Forward and the browser ask before an unsaved answer is left; the draft is kept as she types and a reload brings it back', {
    timeout: 120_000,
  }, async () => {
    const { page, exam, answer, blockId, learner } = await learnerOnMilestone('Dora');
    const here = page.url();
    const unsaved = page.getByRole('dialog', { name: 'Unsaved answer' });
    const stay = async (typed: string) => {
      await unsaved.getByRole('button', { name: 'Stay on this page' }).click();
      await unsaved.waitFor({ state: 'detached' });
      expect(page.url()).toBe(here);
      expect(await answer.textContent()).toBe(typed);
    };

    // In-app steps first (Back to the page before, Forward again), so the browser's Back stays within the app.
    await page.getByTestId('course-back').click();
    await expect.poll(() => page.url()).not.toBe(here);
    // The page before is drawn (the exam gone) before Forward is clicked: the address changes first, and a Forward
    // clicked on the exam's page still shown would go on past it.
    await answer.waitFor({ state: 'detached' });
    await page.getByTestId('course-forward').click();
    await expect.poll(() => page.url()).toBe(here);
    await answer.waitFor();

    // Each way out is tried right after typing: the draft saves itself within about 5 s, and then nothing is
    // unsaved and nothing asks.
    const typeMore = async (text: string) => {
      await answer.click();
      await page.keyboard.press('End');
      await page.keyboard.type(text);
      await exam.getByTestId('exam-unsaved').waitFor();
    };
    await typeMore('A kick');

    // The course's own Back and Forward ask, as links do.
    await page.getByTestId('course-back').click();
    await unsaved.waitFor();
    await stay('A kick');
    await typeMore(' on one');
    await page.getByTestId('course-forward').click();
    await unsaved.waitFor();
    await stay('A kick on one');
    // So does the browser's Back: the page stays, and so does its address.
    await typeMore(' and three');
    await page.evaluate(() => window.history.back());
    await unsaved.waitFor();
    await expectAccessible(page, 'unsaved answer dialog');
    await stay('A kick on one and three');

    // The draft reaches the server by itself (autosave: within about 5 s), and then nothing is unsaved.
    await expect
      .poll(() => exam.getByTestId('exam-draft').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('saved');
    expect(await exam.getByTestId('exam-draft').textContent()).toBe('Draft saved');
    const stored = await apiCall(
      'user_exam.php',
      'get_user_exam',
      { UserId: learner.userId, CourseId: course().id, BlockId: blockId },
      learner.token,
    );
    expect(stored.data).toMatchObject({ Status: 'in_progress', Answer: '<p>A kick on one and three</p>' });

    // A reload finds the draft in the editor.
    await page.reload();
    await settle(page);
    await answer.waitFor();
    await expect.poll(() => answer.textContent()).toContain('A kick on one and three');
    expect(await exam.getByTestId('exam-state').getAttribute('data-state')).toBe('in_progress');

    // Changes typed after it and left on purpose are dropped; what was saved stays.
    await typeMore(', snare on two');
    await page.getByTestId('course-forward').click();
    await unsaved.getByRole('button', { name: 'Leave without saving' }).click();
    await expect.poll(() => page.url()).not.toBe(here);
    const after = await apiCall(
      'user_exam.php',
      'get_user_exam',
      { UserId: learner.userId, CourseId: course().id, BlockId: blockId },
      learner.token,
    );
    expect(after.data.Answer).toBe('<p>A kick on one and three</p>');
    await page.context().close();
  });

  it('"Submit for review" double-clicked hands in once and says so once', { timeout: 90_000 }, async () => {
    const { page, exam, answer, blockId, learner } = await learnerOnMilestone('Elis');
    await answer.click();
    await page.keyboard.type('Four on the floor.');
    await exam.getByTestId('submit-exam').dblclick();
    await expect.poll(() => exam.getByTestId('exam-state').getAttribute('data-state')).toBe('submitted');
    const toasts = page.locator('.mantine-Notification-root');
    await toasts.filter({ hasText: 'Your answer was sent to your coach for review.' }).waitFor();
    // Whatever a second click would have said has had time to arrive.
    await page.waitForTimeout(1_500);
    expect(await toasts.filter({ hasText: 'Your answer was sent to your coach for review.' }).count()).toBe(1);
    const refusals = /already waiting|cannot be done|can no longer be changed|Server error/;
    expect(await toasts.filter({ hasText: refusals }).count()).toBe(0);
    const stored = await apiCall(
      'user_exam.php',
      'get_user_exam',
      { UserId: learner.userId, CourseId: course().id, BlockId: blockId },
      learner.token,
    );
    expect(stored.data).toMatchObject({ Status: 'submitted', Submissions: 1 });
    await page.context().close();
  });

  it('a review reaches the learner as a toast that reads as sentences, score and comment included', {
    timeout: 90_000,
  }, async () => {
    const { page, blockId, learner } = await learnerOnMilestone('Fia');
    const target = { UserId: learner.userId, CourseId: course().id, BlockId: blockId };
    const saved = await apiCall(
      'user_exam.php',
      'save_user_exam',
      { ...target, Answer: '<p>Boom bap</p>' },
      learner.token,
    );
    await apiCall('user_exam.php', 'submit_user_exam', target, learner.token);
    const coach = await signIn(world().coach.email);
    const review = {
      UserExamId: saved.data.UserExamId as number,
      Approve: false,
      Comment: '<p>More swing.</p>',
      Score: 55,
    };
    expect((await apiCall('user_exam.php', 'review_user_exam', review, coach.token)).status).toBe('OK');
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Returned:' });
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.textContent()).toMatch(
      /Change it and submit it again\. Score: 55 \/ 100 Comment from your coach: More swing\. Open the page/,
    );
    await page.context().close();
  });
});
