import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { useCourseWorld } from './support/world';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not drawn');
  return box;
}

/** Whether a click in the middle of the element reaches it (nothing is drawn over it there). */
const reachable = (locator: Locator) =>
  locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && element.contains(hit);
  });

/** The strip of a <video> where the browser draws its controls. */
const controlsOf = (video: Box): Box => ({ ...video, y: video.y + video.height - 48, height: 48 });

const PHONE = { width: 390, height: 844 };

describe.skipIf(!e2eAvailable)('nothing covers a control the learner needs on a course page', () => {
  const browser = useBrowser();
  const world = useCourseWorld();
  const partUrl = (key: string) => `/course/${world().course.id}/post/${world().course.partIdOf[key]}`;

  for (const phone of [false, true]) {
    it(`the reward box covers neither the video's controls nor Forward (${phone ? '390' : '1440'} px)`, async () => {
      const context = await newContext(browser(), { storage: { showCourseNav: 'false' } });
      await signInViaApi(context, world().learner.email);
      const page = await context.newPage();
      if (phone) await page.setViewportSize(PHONE);
      // Each width a video page of its own: the reward, once taken, is not offered again.
      await gotoPage(page, partUrl(phone ? 'episode2' : 'episode1'));
      await settle(page);
      // Drawn 0.8 s after entering (spec §4).
      const reward = page.getByTestId('reward-box');
      await reward.waitFor();
      const video = page.getByTestId('course-video');
      const forward = page.getByTestId('course-forward');

      // As the page opens, with the video's controls scrolled into view, and at the end of the page.
      const positions: [string, () => Promise<void>][] = [
        ['at the top', async () => {}],
        [
          'with the controls just above the course bar',
          () =>
            video.evaluate((el) => {
              const bar = document.querySelector('[data-testid="course-bottom-bar"]') as HTMLElement;
              window.scrollBy(0, el.getBoundingClientRect().bottom - bar.getBoundingClientRect().top);
            }),
        ],
        ['at the end of the page', () => page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))],
      ];
      for (const [where, scroll] of positions) {
        await scroll();
        await page.waitForTimeout(100);
        const box = await boxOf(reward);
        expect(intersects(box, controlsOf(await boxOf(video))), `reward box over the video's controls ${where}`).toBe(
          false,
        );
        expect(intersects(box, await boxOf(forward)), `reward box over Forward ${where}`).toBe(false);
        expect(await reachable(forward), `Forward reachable ${where}`).toBe(true);
      }
      // Taking the reward still works where the box now stands.
      await reward.getByTestId('reward-accept').click();
      await page.getByRole('dialog', { name: 'You earned xp!' }).waitFor();
      await context.close();
    });
  }

  it('at 390 px the cookie banner covers neither the course bar nor the reward box', async () => {
    const context = await newContext(browser(), { storage: { cookie_consent: '', showCourseNav: 'false' } });
    await signInViaApi(context, world().learner.email);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await gotoPage(page, partUrl('quiz'));
    await settle(page);
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    await page.getByTestId('reward-box').waitFor();
    for (const testId of ['course-menu', 'course-back', 'course-forward', 'help-button']) {
      const control = page.getByTestId(testId);
      expect(intersects(await boxOf(banner), await boxOf(control)), `banner over ${testId}`).toBe(false);
      expect(await reachable(control), `${testId} reachable`).toBe(true);
    }
    // Together the fixed layers (the top bar and the course bar) take well under a third of the screen.
    const fixed =
      (await boxOf(page.locator('[data-app-header]'))).height +
      (await boxOf(page.getByTestId('course-bottom-bar'))).height;
    expect(fixed).toBeLessThan(PHONE.height / 4);
    // The Menu button opens the navigation with the banner still there.
    await page.getByTestId('course-menu').click();
    await page.getByTestId('course-nav').getByRole('dialog').waitFor();
    await context.close();
  });

  it('at 1440 px the course navigation stands beside the content on a deep link, not as a modal', async () => {
    const context = await newContext(browser());
    await signInViaApi(context, world().learner.email);
    const page = await context.newPage();
    await gotoPage(page, partUrl('quiz'));
    await settle(page);
    const nav = page.getByTestId('course-nav');
    await nav.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const navBox = await boxOf(nav);
    const content = await boxOf(page.locator('[data-tour="course-content"]'));
    expect(navBox.width).toBe(400);
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(content.x);
    // The page stays usable beside it: its heading and the quiz are reachable, the current page is marked.
    expect(await reachable(page.locator('main h1').first())).toBe(true);
    expect(await nav.locator('[aria-current="page"]').getAttribute('data-part-id')).toBe(
      String(world().course.partIdOf.quiz),
    );
    // Choosing a page leaves it standing; Menu hides it and the content takes the room.
    await nav.getByTestId('course-nav-item').filter({ hasText: 'Downloads' }).click();
    await page.waitForURL(`**${partUrl('downloads')}`);
    await nav.waitFor();
    // Checked as it rests, not under the pointer's hover.
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'course page with the navigation beside it');
    await page.getByTestId('course-menu').click();
    await nav.waitFor({ state: 'hidden' });
    expect((await boxOf(page.locator('[data-tour="course-content"]'))).x).toBe(0);
    await page.reload();
    await settle(page);
    expect(await nav.count()).toBe(0);
    await context.close();
  });

  it('on a phone the course navigation opens on the first visit, then as the learner left it, across reloads', async () => {
    const context = await newContext(browser(), { phone: true });
    await signInViaApi(context, world().learner.email);
    const page = await context.newPage();
    const drawer = page.getByTestId('course-nav').getByRole('dialog');
    const closedAfterReload = async () => {
      await page.reload();
      await settle(page);
      await page.waitForTimeout(500);
      expect(await drawer.count()).toBe(0);
    };

    await gotoPage(page, partUrl('quiz'));
    await drawer.waitFor();
    // Closed with its close button: it stays closed.
    await drawer.getByRole('button', { name: 'Close course navigation' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await closedAfterReload();

    // Opened with Menu and left open: it is open after a reload.
    await page.getByTestId('course-menu').click();
    await drawer.waitFor();
    await page.reload();
    await drawer.waitFor();

    // A page chosen in it closes it, and it stays closed.
    await drawer.getByTestId('course-nav-item').filter({ hasText: 'Downloads' }).click();
    await page.waitForURL(`**${partUrl('downloads')}`);
    await drawer.waitFor({ state: 'hidden' });
    await closedAfterReload();
    await context.close();
  });
});
