import { describe, expect, it } from 'vitest';
import { e2eAvailable, expectAccessible, gotoPage, newContext, signInViaApi, useBrowser } from './support/browser';
import { useCourseWorld } from './support/world';

describe.skipIf(!e2eAvailable)('the course page tour', () => {
  const browser = useBrowser();
  const world = useCourseWorld();
  const courseUrl = () => `/course/${world().course.id}`;
  /** A browser that has not taken the tour yet. */
  const firstVisit = { courseTutorialComplete: '' };

  it('shows once: four steps by keyboard, each beside what it explains, then never again', async () => {
    const context = await newContext(browser(), { storage: firstVisit });
    await signInViaApi(context, world().learner.email);
    const page = await context.newPage();
    await gotoPage(page, courseUrl());
    const tour = page.getByTestId('course-tour');
    await tour.waitFor();
    await expectAccessible(page, 'course tour');

    const seen: string[] = [];
    for (;;) {
      const step = (await tour.getAttribute('data-step')) ?? '';
      seen.push(step);
      // The step has the focus on its main button; Enter goes on.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('course-tour-next');
      const next = tour.getByTestId('course-tour-next');
      const last = (await next.textContent()) === 'Got it';
      await page.keyboard.press('Enter');
      if (last) break;
      await expect.poll(() => tour.getAttribute('data-step')).not.toBe(step);
    }
    expect(seen).toEqual(['nav', 'content', 'bar', 'xp']);
    await tour.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('courseTutorialComplete'))).toBe('true');

    // Not again: after a reload, on another page of the course, nor after signing out and in.
    await page.reload();
    await page.locator('main h1').first().waitFor();
    await page.waitForTimeout(2_000);
    expect(await tour.count()).toBe(0);
    await page.goto('/?logout=1');
    await page.waitForURL((url) => !url.search.includes('logout'));
    expect(await page.evaluate(() => localStorage.getItem('courseTutorialComplete'))).toBe('true');
    await context.close();
  });

  it('is skipped with Escape, in Swedish at phone width, and stays skipped', async () => {
    const context = await newContext(browser(), {
      phone: true,
      locale: 'sv-SE',
      storage: { ...firstVisit, showCourseNav: 'false' },
    });
    await signInViaApi(context, world().learner.email);
    const page = await context.newPage();
    await gotoPage(page, courseUrl());
    const tour = page.getByTestId('course-tour');
    await tour.waitFor();
    // On a phone the navigation is behind Menu: the first step points there.
    expect(await tour.getAttribute('data-step')).toBe('navMenu');
    expect(await tour.textContent()).toContain('Meny öppnar kursens alla sidor');
    await tour.getByRole('button', { name: 'Hoppa över guiden' }).waitFor();
    await expectAccessible(page, 'course tour (sv, phone)');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('course-tour-next');
    await page.keyboard.press('Escape');
    await tour.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('courseTutorialComplete'))).toBe('true');
    await page.reload();
    await page.locator('main h1').first().waitFor();
    await page.waitForTimeout(2_000);
    expect(await tour.count()).toBe(0);
    await context.close();
  });
});
