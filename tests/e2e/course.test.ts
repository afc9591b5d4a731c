import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findIn, nth } from '../support/answers';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  failCall,
  gotoPage,
  newContext,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { demo } from './support/constants';
import { passReviewedParts } from './support/reviews';
import { useCourseWorld } from './support/world';

interface Achievement {
  Id: number;
  title: string;
  required_xp: number;
}

const topBarXp = async (page: Page) => Number((await page.getByTestId('xp-total').textContent())?.replace(/\D/g, ''));

/** Closes the moment on screen with its own Close button. */
async function closeDialog(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Plays the page's video from just before its end, as a learner who watched it would finish it. */
async function playToEnd(page: Page) {
  const video = page.getByTestId('course-video');
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    if (element.readyState < 1) await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve));
    element.currentTime = Math.max(0, element.duration - 0.3);
    await element.play();
  });
  await page.locator('[data-testid="video-status"][data-watched="true"]').waitFor({ timeout: 15_000 });
}

describe.skipIf(!e2eAvailable)('the course experience', () => {
  const browser = useBrowser();
  const world = useCourseWorld();
  const courseUrl = () => `/course/${world().course.id}`;
  /** A part of the course, by its key in the demo course. */
  const partUrl = (key: string) => `${courseUrl()}/post/${world().course.partIdOf[key]}`;

  it('the learner walks the course with Forward: rewards, xp, quiz, test, videos, achievements and the finish', {
    timeout: 180_000,
  }, async () => {
    // Dark here, light in the axe test below: each overlay is checked in both themes.
    const context = await newContext(browser(), { colorScheme: 'dark' });
    const { token, userId } = await signInViaApi(context, world().learner.email);
    // The milestone and the final exam are completed by a coach's approval: had through the API beforehand, so the
    // walk's last counted page is still Downloads.
    await passReviewedParts({ token, userId }, world().course.id, world().coach);
    const course = nth(
      (await apiCall('course.php', 'get_course', { UserId: userId, CourseId: world().course.id }, token)).data,
    );
    let courseXp: number = course.CourseXp;
    const achievements: Achievement[] = course.Achievements;
    const page = await context.newPage();

    // The journey starts at My courses.
    await gotoPage(page, '/MyCourses');
    const card = page.getByTestId('course-card').filter({ hasText: course.Name });
    await card.locator(`a[href="${courseUrl()}"]`).last().click();
    await page.waitForURL(`**${courseUrl()}`);
    await settle(page);
    // The course navigation stands beside the content on entering the course; hiding it is remembered.
    const nav = page.getByTestId('course-nav');
    await nav.waitFor();
    expect(await nav.getByTestId('course-nav-item').count()).toBeGreaterThanOrEqual(9);
    await page.getByTestId('course-menu').click();
    await nav.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('showCourseNav'))).toBe('false');

    // The overview comes first: Back has nowhere to go. It looks disabled (aria-disabled) but still answers.
    await page.getByTestId('course-back').click({ force: true });
    await page.getByText('No previous page!').waitFor();

    let pages = 0;
    let finished = false;
    let previousId: string | null = null;
    for (;;) {
      await page.getByTestId('course-forward').click();
      // The page moves on in a transition: until the next part is drawn, the one before is still on screen.
      await expect
        .poll(async () => {
          const shown = page.getByTestId('course-part');
          return (await shown.count()) > 0 ? await shown.getAttribute('data-part-id') : null;
        })
        .not.toBe(previousId);
      await expect.poll(() => page.getByTestId('course-part').count()).toBe(1);
      await settle(page);
      pages += 1;
      previousId = await page.getByTestId('course-part').getAttribute('data-part-id');
      const partId = Number(previousId);
      const part = findIn(course.CourseParts, (p) => p.Id === partId);

      // The last counted page completes the course: the celebration comes with the page.
      if (part.Name === 'Downloads') {
        const celebration = page.getByRole('dialog', { name: 'Congratulations!' });
        await celebration.waitFor();
        expect(await celebration.textContent()).toContain(`You finished ${course.Name}.`);
        expect(await celebration.getByRole('button', { name: 'Go to profile' }).isVisible()).toBe(true);
        await expectAccessible(page, 'course-finished celebration (dark)');
        await closeDialog(celebration);
        finished = true;
      }

      // The reward box comes 0.8 s after entering; taking it counts the xp up and updates the top bar.
      const box = page.getByTestId('reward-box');
      await box.waitFor();
      const before = await topBarXp(page);
      await box.getByTestId('reward-accept').click();
      const xpDialog = page.getByRole('dialog', { name: 'You earned xp!' });
      await xpDialog.waitFor();
      await expect.poll(() => topBarXp(page)).toBe(before + course.XpPerReward);
      await expect
        .poll(() => xpDialog.getByTestId('xp-dialog-total').textContent(), { timeout: 5_000 })
        .toBe(`Total: ${before + course.XpPerReward} xp`);
      if (pages === 1) await expectAccessible(page, 'xp dialog (dark)');
      await closeDialog(xpDialog);
      await box.waitFor({ state: 'hidden' });

      const reached = achievements
        .filter((a) => a.required_xp > courseXp && a.required_xp <= courseXp + course.XpPerReward)
        .sort((a, b) => b.required_xp - a.required_xp)[0];
      courseXp += course.XpPerReward;
      if (reached) {
        const celebration = page.getByRole('dialog', { name: 'Achievement unlocked!' });
        await celebration.waitFor();
        expect(await celebration.getByTestId('achievement-title').textContent()).toBe(reached.title);
        expect(await celebration.getByTestId('achievement-required').textContent()).toBe(
          `Reached with ${reached.required_xp} xp`,
        );
        if (pages === 1) await expectAccessible(page, 'achievement celebration (dark)');
        await closeDialog(celebration);
      }
      // A page with a reward block says the reward was taken.
      if ((await page.getByTestId('reward-block').count()) > 0) {
        await page.locator('[data-testid="reward-block"][data-claimed="true"]').waitFor();
      }

      if (part.ProgressCriteria === 'video') {
        await playToEnd(page);
        await page.getByTestId('completed-mark').first().waitFor();
      }
      if (part.Name.startsWith('Quiz')) {
        const quiz = page.getByTestId('quiz-block');
        await quiz.getByRole('radio', { name: 'Slower vibration' }).check();
        await quiz.getByRole('checkbox', { name: 'A guitar string' }).check();
        await quiz.getByRole('checkbox', { name: 'A loudspeaker' }).check();
        await quiz.getByTestId('submit-answers').click();
        await expect.poll(() => quiz.getByTestId('questions-score').textContent()).toBe('You got 1 of 2 right.');
        const verdicts = quiz.getByTestId('question');
        expect(await verdicts.nth(0).getAttribute('data-right')).toBe('false');
        expect(await verdicts.nth(1).getAttribute('data-right')).toBe('true');
        await quiz.getByRole('radio', { name: 'Faster vibration' }).check();
        await quiz.getByTestId('submit-answers').click();
        await expect.poll(() => quiz.getByTestId('questions-score').textContent()).toBe('You got 2 of 2 right.');
      }
      if (part.Name.startsWith('Test')) {
        const test = page.getByTestId('test-block');
        await test.getByTestId('submit-answers').click();
        await test.getByText('Please answer every question.').waitFor();
        await test.getByRole('radio', { name: 'Air' }).check();
        await test.getByRole('radio', { name: 'Loudness' }).first().check();
        await test.getByRole('radio', { name: 'Loudness' }).nth(1).check();
        await test.getByTestId('submit-answers').click();
        const verdict = test.getByTestId('test-verdict');
        await expect.poll(() => verdict.textContent()).toBe('Passed');
        expect(await test.getByTestId('questions-score').textContent()).toBe('You got 2 of 3 right.');
        expect(await test.getByTestId('test-attempts').textContent()).toMatch(/^\d+ attempts?$/);
        await page.getByTestId('completed-mark').first().waitFor();
      }
      if ((await page.getByTestId('course-forward').getAttribute('aria-disabled')) === 'true') break;
    }
    expect(finished).toBe(true);
    expect(pages).toBeGreaterThanOrEqual(9);

    // At the end, Forward says so; the overview shows the course done with its certificate.
    await page.getByTestId('course-forward').focus();
    await page.keyboard.press('Enter');
    await page.getByText('End of course...').waitFor();
    await page.getByTestId('course-menu').click();
    await page.getByTestId('course-nav').getByRole('link', { name: 'Course overview' }).click();
    await page.getByTestId('course-overview').waitFor();
    await expect.poll(() => page.getByTestId('course-progress').textContent()).toBe('100% complete');
    expect(await page.getByTestId('certificate-state').getAttribute('data-earned')).toBe('true');

    // A completed episode can be reset after a confirmation.
    await page.getByTestId('outline-part').filter({ hasText: 'Episode 1' }).getByTestId('reset-episode').click();
    await page.getByRole('dialog', { name: 'Reset this episode?' }).getByTestId('confirm-reset').click();
    await page.getByText('The episode was reset.').waitFor();
    await expect
      .poll(() =>
        page.getByTestId('outline-part').filter({ hasText: 'Episode 1' }).first().getAttribute('data-completed'),
      )
      .toBe('false');

    // The journey ends with the certificate, earned at completion, downloaded from the profile.
    await gotoPage(page, '/MyProfile');
    const certificate = page.getByTestId('certificate').filter({ hasText: course.Name });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      certificate.getByRole('button', { name: `Download the certificate of ${course.Name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    await context.close();
  });

  it('is reachable by keyboard: drawer, bottom bar and quiz options, with visible focus', async () => {
    // At phone width, where the course navigation is a drawer.
    const context = await newContext(browser(), { phone: true });
    await signInViaApi(context, world().coach.email);
    const page = await context.newPage();
    await gotoPage(page, courseUrl());
    await settle(page);
    const nav = page.getByTestId('course-nav');
    await nav.getByRole('dialog').waitFor();

    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const style = el ? getComputedStyle(el) : null;
        return {
          text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
          testId: el?.dataset.testid ?? '',
          visible:
            !!style &&
            ((style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
              style.boxShadow !== 'none'),
        };
      });
    const tabTo = async (match: (f: Awaited<ReturnType<typeof focused>>) => boolean, limit = 60) => {
      for (let i = 0; i < limit; i++) {
        await page.keyboard.press('Tab');
        const f = await focused();
        if (match(f)) return f;
      }
      throw new Error('never reached by Tab');
    };

    // In the drawer: Tab to the quiz and open it with Enter; the drawer closes.
    const quizLink = await tabTo((f) => f.text.startsWith('Quiz: sound basics'), 30);
    expect(quizLink.visible).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByTestId('quiz-block').waitFor();
    await nav.getByRole('dialog').waitFor({ state: 'hidden' });

    // The quiz's options take the keyboard: arrows move within a question, Space ticks a box.
    const option = page.getByRole('radio', { name: 'Faster vibration' });
    for (let i = 0; i < 40 && !(await option.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await option.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await focused()).visible).toBe(true);
    await page.keyboard.press('Space');
    expect(await option.isChecked()).toBe(true);

    // The bottom bar: Forward with Enter, then Menu opens the drawer and Escape gives the focus back.
    const forward = await tabTo((f) => f.testId === 'course-forward');
    expect(forward.visible).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByTestId('test-block').waitFor();
    // The help button sits between Menu and Forward.
    await page.getByTestId('course-forward').focus();
    await page.keyboard.press('Shift+Tab');
    expect((await focused()).testId).toBe('help-button');
    await page.keyboard.press('Shift+Tab');
    const menu = await focused();
    expect(menu.testId).toBe('course-menu');
    expect(menu.visible).toBe(true);
    await page.keyboard.press('Enter');
    await nav.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await nav.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused()).testId).toBe('course-menu');
    await context.close();
  });

  it('sends a signed-in student to /denied saying whether she may not open a course or there is no such course', async () => {
    for (const locale of ['en-US', 'sv-SE'] as const) {
      const context = await newContext(browser(), { locale });
      await signInViaApi(context, world().learner.email);
      const page = await context.newPage();
      const english = locale === 'en-US';

      await page.goto(`/course/${world().otherCourse.id}`);
      await page.waitForURL('**/denied');
      const denied = page.getByTestId('denied-page');
      await denied.waitFor();
      expect(await denied.getAttribute('data-case')).toBe('courseNoAccess');
      // The spec's reason goes with the page, not into its text.
      expect(await denied.getAttribute('data-reason')).toBe('No access to this page');
      await page
        .getByRole('heading', { level: 1, name: english ? 'No access to this course' : 'Ingen åtkomst till kursen' })
        .waitFor();
      const noAccessText = await page.getByTestId('denied-text').textContent();
      expect(noAccessText).toContain(
        english ? 'does not have access to this course' : 'inte tillgång till den här kursen',
      );
      expect(noAccessText).not.toMatch(/administrat/i);
      // What helps a signed-in learner: her courses and asking for access; no "Sign in".
      await page.getByRole('link', { name: english ? 'Go to My courses' : 'Till Mina kurser' }).waitFor();
      await page.getByRole('button', { name: english ? 'Ask for access' : 'Be om åtkomst' }).waitFor();
      expect(await page.getByRole('link', { name: english ? 'Sign in' : 'Logga in', exact: true }).count()).toBe(0);
      expect(await page.locator('main').textContent()).not.toContain('No access to this page');
      await expectAccessible(page, `denied: no access to the course (${locale})`);

      await page.goto('/course/999999');
      await page.waitForURL('**/denied');
      await page
        .getByRole('heading', { level: 1, name: english ? 'Course not found' : 'Kursen hittades inte' })
        .waitFor();
      expect(await denied.getAttribute('data-case')).toBe('courseNotFound');
      expect(await page.getByTestId('denied-text').textContent()).toContain(
        english ? 'There is no course at this address' : 'Det finns ingen kurs på den här adressen',
      );
      await page.getByRole('link', { name: english ? 'Go to My courses' : 'Till Mina kurser' }).click();
      await page.waitForURL('**/MyCourses');
      await context.close();
    }
  });

  it('a part that is not in the course says so, with the way back to the overview', async () => {
    const context = await newContext(browser(), { storage: { showCourseNav: 'false' } });
    await signInViaApi(context, world().learner.email);
    const page = await context.newPage();
    await gotoPage(page, `${courseUrl()}/post/999999`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'To the course overview' }).click();
    await page.getByTestId('course-overview').waitFor();
    await context.close();
  });

  it('a course that fails to load says "Error: " with the code and goes to sign-in', async () => {
    const context = await newContext(browser());
    await signInViaApi(context, world().learner.email);
    const page = await context.newPage();
    await failCall(page, 'course.php', 'get_course');
    await page.goto(courseUrl());
    await page.getByText('Error: SERVER_ERROR').waitFor();
    // After 0.5 s to /login, which sends a signed-in user on.
    await page.waitForURL((url) => !url.pathname.startsWith('/course'), { timeout: 5_000 });
    await context.close();
  });

  it('free lessons: anyone lists them by category and opens one inline', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await gotoPage(page, '/FreeLessons');
    await settle(page);
    const cards = page.getByTestId('free-lesson-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    // Each test file's copy of the demo course has the same free lesson: this file's own is opened.
    await cards
      .filter({ hasText: world().course.name })
      .getByRole('link', { name: 'Free lesson: Welcome to the course' })
      .click();
    const lesson = page.getByTestId('free-lesson');
    await lesson.getByRole('heading', { name: 'Welcome to the course' }).waitFor();
    expect(await lesson.getByRole('img', { name: 'A blue sine wave' }).count()).toBe(1);
    // YouTube loads only on request, from its no-cookie domain.
    expect(await lesson.getByTestId('youtube-frame').count()).toBe(0);
    await lesson.getByTestId('youtube-load').click();
    expect(await lesson.getByTestId('youtube-frame').getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+/,
    );
    await lesson.getByRole('button', { name: 'Close lesson' }).click();
    await lesson.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Mixing', exact: true }).click();
    await page.waitForURL('**/FreeLessons/Mixing');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain('EQ basics');
    await context.close();
  });

  it('staff see DRAFT, and administrators also mentor-only and free markers and part ids', async () => {
    const context = await newContext(browser(), { storage: { showCourseNav: 'false' } });
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, courseUrl());
    await settle(page);
    const outline = page.getByTestId('course-outline');
    expect(await outline.getByTestId('draft-marker').count()).toBe(1);
    expect(await outline.getByTestId('mentor-only-marker').count()).toBe(1);
    expect(await outline.getByTestId('free-marker').count()).toBeGreaterThanOrEqual(1);
    expect(await outline.getByTestId('part-id').count()).toBe(await outline.getByTestId('outline-part').count());
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`passes axe on the course pages and their overlays in the ${colorScheme} theme`, async () => {
      for (const phone of [false, true]) {
        const context = await newContext(browser(), { colorScheme, phone });
        await signInViaApi(context, world().coach.email);
        const page = await context.newPage();
        const label = `${colorScheme}${phone ? ', phone' : ''}`;
        await gotoPage(page, courseUrl());
        await settle(page);
        // A drawer on a phone, beside the content on a wide screen.
        await (phone ? page.getByTestId('course-nav').getByRole('dialog') : page.getByTestId('course-nav')).waitFor();
        await expectAccessible(page, `course navigation (${label})`);
        if (phone) await page.keyboard.press('Escape');
        else await page.getByTestId('course-menu').click();
        await expectAccessible(page, `course overview (${label})`);
        if (phone) {
          await context.close();
          continue;
        }
        await gotoPage(page, partUrl('quiz'));
        await settle(page);
        await page.getByTestId('reward-box').waitFor();
        await expectAccessible(page, `reward box (${label})`);
        const quiz = page.getByTestId('quiz-block');
        await quiz.getByRole('radio', { name: 'Slower vibration' }).check();
        await quiz.getByRole('checkbox', { name: 'A guitar string' }).check();
        await quiz.getByTestId('submit-answers').click();
        await quiz.getByTestId('questions-result').waitFor();
        await expectAccessible(page, `quiz with its result and the reward box (${label})`);
        await gotoPage(page, partUrl('test'));
        await settle(page);
        await expectAccessible(page, `test page (${label})`);
        // The xp dialog, and the coach's first achievement with it (the walk above checks them in dark).
        if (colorScheme === 'light') {
          await page.getByTestId('reward-accept').click();
          const xpDialog = page.getByRole('dialog', { name: 'You earned xp!' });
          await xpDialog.waitFor();
          await expectAccessible(page, `xp dialog (${label})`);
          await closeDialog(xpDialog);
          const celebration = page.getByRole('dialog', { name: 'Achievement unlocked!' });
          await celebration.waitFor();
          await expectAccessible(page, `achievement celebration (${label})`);
          await closeDialog(celebration);
        }
        await gotoPage(page, `/FreeLessons?course=${world().course.id}&part=${world().course.partIdOf.welcome}`);
        await page.getByTestId('free-lesson').getByRole('heading', { name: 'Welcome to the course' }).waitFor();
        await expectAccessible(page, `free lessons with a lesson open (${label})`);
        await context.close();
      }
    });
  }
});
