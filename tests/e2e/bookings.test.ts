import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { grantCoachingCredits } from '../../src/server/modules/commerce';
import { createUser } from '../../src/server/seed/factories';
import { BOOKING_DEFAULTS, mondayOf } from '../../src/shared/domain/commerce/booking/rules';
import { dayInZone } from '../../src/shared/domain/commerce/booking/viewer';
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

const NEW_YORK = 'America/New_York';

/** A learner of this file's own with two coaching credits, signed in with the e2e password. */
async function learnerWithCredits(): Promise<{ email: string; name: string }> {
  const db = serverDatabase();
  try {
    const site = await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirstOrThrow();
    const tag = randomBytes(3).toString('hex');
    const email = `lena-${tag}@e2e.test`;
    const { id } = await createUser(db, {
      site,
      role: 'student',
      email,
      passwordHash: cheapPasswordHash(DEMO_PASSWORD),
      firstName: 'Lena',
      lastName: `Learner ${tag}`,
    });
    await grantCoachingCredits(db, { siteId: site.id, userId: id, credits: 2, reason: 'granted' });
    return { email, name: `Lena Learner ${tag}` };
  } finally {
    await db.destroy();
  }
}

/** The start of the first offered slot beyond the cancellation deadline, turning to the next week while the shown one has none. */
async function firstCancellableSlot(page: Page): Promise<string> {
  const deadline = Date.now() + (BOOKING_DEFAULTS.cancelHours + 1) * 3_600_000;
  for (;;) {
    const starts = await page
      .getByTestId('slot')
      .evaluateAll((slots) => slots.map((s) => s.getAttribute('data-start') ?? ''));
    const later = starts.find((start) => Date.parse(start) > deadline);
    if (later) return later;
    const next = page.getByRole('button', { name: 'Next week' });
    if (await next.isDisabled()) throw new Error('no slot is offered beyond the cancellation deadline');
    await next.click();
    await settle(page);
  }
}

describe.skipIf(!e2eAvailable)('coaching bookings: /book-a-coaching-session and /adminschedule', () => {
  const browser = useBrowser();

  it('a learner in New York books a session on her own clock and sees it; an administrator sees it on /adminschedule; she cancels it', {
    timeout: 120_000,
  }, async () => {
    const learner = await learnerWithCredits();
    const context = await newContext(browser(), { timezoneId: NEW_YORK });
    await signInViaApi(context, learner.email);
    const page = await context.newPage();
    await gotoPage(page, '/book-a-coaching-session');
    await settle(page);
    expect(await page.getByTestId('time-zone-select').inputValue()).toBe(NEW_YORK);
    await expect.poll(() => page.getByTestId('coaching-credits').textContent()).toContain('2 coaching sessions');
    await page.getByTestId('coach-select').selectOption({ label: 'Carl Coach' });
    await page.getByTestId('slot').first().waitFor();
    // She takes the first time she may still cancel (beyond the site's 24 hours), so the end of the test does not
    // depend on the hour it runs at: a slot inside the deadline is booked but no longer cancelled by her.
    const startsAt = await firstCancellableSlot(page);
    const slot = page.locator(`[data-testid="slot"][data-start="${startsAt}"]`);
    // The time shown is the moment on her clock in New York, not the coach's in Stockholm.
    const onHerClock = new Intl.DateTimeFormat('en', { timeZone: NEW_YORK, timeStyle: 'short' });
    expect(await slot.textContent()).toBe(onHerClock.format(new Date(startsAt)));
    await expectAccessible(page, '/book-a-coaching-session signed in');

    await slot.click();
    const dialog = page.getByRole('dialog', { name: 'Book this session?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('with Carl Coach');
    await expectAccessible(page, 'the booking dialog');
    await page.getByTestId('confirm-booking').click();
    const mine = page.getByTestId('my-bookings');
    await mine.waitFor();
    const booked = mine.getByTestId('booking');
    await expect.poll(() => booked.count()).toBe(1);
    expect(await booked.first().textContent()).toContain(onHerClock.format(new Date(startsAt)));
    expect(await booked.first().textContent()).toContain('with Carl Coach');
    await expect.poll(() => page.getByTestId('coaching-credits').textContent()).toContain('1 coaching session');
    // The slot she took is no longer offered.
    expect(await page.locator(`[data-testid="slot"][data-start="${startsAt}"]`).count()).toBe(0);

    // The administrator's week shows it, with her name, on his clock.
    const admin = await newContext(browser(), { timezoneId: 'Europe/Stockholm' });
    await signInViaApi(admin, demo.admin);
    const schedule = await admin.newPage();
    await gotoPage(schedule, '/adminschedule');
    await settle(schedule);
    const weeksAhead =
      (Date.parse(mondayOf(dayInZone(startsAt, 'Europe/Stockholm'))) -
        Date.parse(mondayOf(dayInZone(new Date().toISOString(), 'Europe/Stockholm')))) /
      (7 * 86_400_000);
    for (let i = 0; i < weeksAhead; i++) {
      await schedule.getByRole('button', { name: 'Next week' }).click();
      await settle(schedule);
    }
    const entry = schedule.getByTestId('schedule-booking').filter({ hasText: learner.name });
    await entry.waitFor();
    await expectAccessible(schedule, '/adminschedule with a booking');
    await admin.close();

    // She cancels it: the session is gone and her credit is back.
    await booked.first().getByTestId('cancel-booking').click();
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => mine.getByTestId('booking').count()).toBe(0);
    await expect.poll(() => page.getByTestId('coaching-credits').textContent()).toContain('2 coaching sessions');
    await page.getByText('You have no sessions booked.').waitFor();
    await context.close();
  });

  it('both pages in Swedish and in the dark theme, at phone width and on a desktop, pass axe', {
    timeout: 120_000,
  }, async () => {
    for (const phone of [true, false]) {
      const context = await newContext(browser(), { phone, colorScheme: 'dark', storage: { userLocale: 'sv' } });
      await signInViaApi(context, demo.admin);
      const page = await context.newPage();
      await gotoPage(page, '/book-a-coaching-session');
      await settle(page);
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('Boka ett coachsamtal');
      await page.getByTestId('availability-editor').waitFor();
      await expectAccessible(page, `/book-a-coaching-session in Swedish, dark${phone ? ', phone' : ''}`);
      await gotoPage(page, '/adminschedule');
      await settle(page);
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('Coachschema');
      await page.getByTestId('schedule-coach').first().waitFor();
      await expectAccessible(page, `/adminschedule in Swedish, dark${phone ? ', phone' : ''}`);
      await context.close();
    }
    // A visitor sees the free times and is asked to sign in to book.
    const visitor = await newContext(browser());
    const page = await visitor.newPage();
    await gotoPage(page, '/book-a-coaching-session');
    await settle(page);
    await page.getByTestId('slot').first().waitFor();
    expect(await page.getByTestId('slot').first().getAttribute('href')).toBe(
      '/login?triedUrl=%2Fbook-a-coaching-session',
    );
    await expectAccessible(page, '/book-a-coaching-session signed out');
    await visitor.close();
  });
});
