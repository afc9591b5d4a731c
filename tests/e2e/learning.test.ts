import fs from 'node:fs';
import sharp from 'sharp';
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
import { createLearner } from './support/learners';
import { passReviewedParts } from './support/reviews';
import { type CourseWorld, useCourseWorld } from './support/world';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const TOO_LARGE_TEXT = 'File size too large, filesize limit 2MB!';

const statusText = { completed: 'Completed', in_progress: 'In progress', not_started: 'Not started' } as const;

describe.skipIf(!e2eAvailable)('learning pages', () => {
  const browser = useBrowser();
  const world = useCourseWorld();
  const achievementPath = () => `/achievement/${world().course.achievementIds[0]}/${world().course.id}`;

  it('My courses lists the course with its status, progress and the way in', async () => {
    const context = await newContext(browser());
    const { token, userId } = await signInViaApi(context, world().learner.email);
    const mine = (await apiCall('course.php', 'get_my_courses', { UserId: userId }, token)).data;
    expect(mine.find((c) => c.Id === world().course.id)).toBeDefined();
    const expected = findIn(mine, (c) => c.Id === world().course.id);
    const page = await context.newPage();
    await gotoPage(page, '/MyCourses');
    await settle(page, { heading: false });
    const card = page.getByTestId('course-card').filter({ hasText: expected.Name });
    await card.waitFor();
    expect(await card.getByTestId('course-status').textContent()).toBe(
      statusText[expected.Status as keyof typeof statusText],
    );
    expect(await card.getByText(`${expected.progress_percent}% complete`).count()).toBe(1);
    const progress = card.getByRole('progressbar', { name: `Progress in ${expected.Name}` });
    expect(await progress.getAttribute('aria-valuenow')).toBe(String(expected.progress_percent));
    const way = card.getByRole('link', { name: new RegExp(`^(Start|Continue|Open course): ${expected.Name}$`) });
    expect(await way.getAttribute('href')).toBe(`/course/${world().course.id}`);
    await context.close();
  });

  it('an achievement shows its required xp and what is still needed, with the way back to its course', async () => {
    const context = await newContext(browser());
    const { token } = await signInViaApi(context, world().learner.email);
    const { course } = world();
    const achievement = (
      await apiCall(
        'achievements.php',
        'get_achievement',
        { Id: nth(course.achievementIds), CourseId: course.id },
        token,
      )
    ).data;
    const page = await context.newPage();
    await gotoPage(page, achievementPath());
    await page.getByRole('heading', { level: 1, name: achievement.title }).waitFor();
    expect(await page.getByTestId('required-xp').textContent()).toBe(
      `Requires ${achievement.required_xp} xp in this course`,
    );
    const state = await page.getByTestId('achievement-state').textContent();
    if (achievement.earned) expect(state).toMatch(/^Earned/);
    else expect(state).toBe(`${Math.max(0, achievement.required_xp - achievement.CourseXp)} xp still needed`);
    expect(await page.getByRole('link', { name: `Back to ${achievement.CourseName}` }).getAttribute('href')).toBe(
      `/course/${course.id}`,
    );
    await gotoPage(page, `/achievement/999999/${course.id}`);
    await page.getByRole('heading', { level: 1, name: 'Achievement not found' }).waitFor();
    await context.close();
  });

  it('saves a name change that the top bar shows, refuses an empty name and guards unsaved changes', async () => {
    const context = await newContext(browser());
    const { token, userId } = await signInViaApi(context, world().learner.email);
    const before = (await apiCall('profile.php', 'get_profile', { UserId: userId }, token)).data;
    try {
      const page = await context.newPage();
      await gotoPage(page, '/MyProfile');
      const firstName = page.getByRole('textbox', { name: 'First name' });
      await firstName.waitFor();
      expect(await firstName.inputValue()).toBe(before.FirstName);

      await firstName.fill('');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Please enter your first name.').waitFor();

      await firstName.fill('Maja');
      // A link away asks first; staying keeps the typed name.
      await page.locator('footer').getByRole('link', { name: 'My courses' }).click();
      const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
      await dialog.waitFor();
      await expectAccessible(page, 'unsaved changes dialog');
      await dialog.getByRole('button', { name: 'Stay on this page' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(page.url()).toMatch(/\/MyProfile$/);
      expect(await firstName.inputValue()).toBe('Maja');

      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Your profile was saved.').waitFor();
      await expect
        .poll(() => page.getByRole('link', { name: 'Your profile' }).textContent())
        .toBe(`M${before.LastName[0]}`);
      expect(await page.getByTestId('profile-name').textContent()).toBe(`Maja ${before.LastName}`);

      // Saved, so leaving asks nothing.
      await page.locator('footer').getByRole('link', { name: 'My courses' }).click();
      await page.waitForURL('**/MyCourses');
      // Leaving without saving drops the change.
      await gotoPage(page, '/MyProfile');
      await page.getByRole('textbox', { name: 'First name' }).fill('Discarded');
      await page.locator('footer').getByRole('link', { name: 'My courses' }).click();
      await page
        .getByRole('dialog', { name: 'Unsaved changes' })
        .getByRole('button', { name: 'Leave without saving' })
        .click();
      await page.waitForURL('**/MyCourses');
      await gotoPage(page, '/MyProfile');
      const saved = page.getByRole('textbox', { name: 'First name' });
      await saved.waitFor();
      expect(await saved.inputValue()).toBe('Maja');
    } finally {
      await apiCall(
        'profile.php',
        'update_profile',
        { UserId: userId, FirstName: before.FirstName, LastName: before.LastName, CollectXp: before.CollectXp },
        token,
      );
      await context.close();
    }
  });

  it('says "Profile update failed" with the server error when saving fails', async () => {
    const context = await newContext(browser());
    await signInViaApi(context, world().learner.email);
    const page = await context.newPage();
    await failCall(page, 'profile.php', 'update_profile');
    await gotoPage(page, '/MyProfile');
    const firstName = page.getByRole('textbox', { name: 'First name' });
    await firstName.fill(`${await firstName.inputValue()}x`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Profile update failed' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Server error, please try again later.');
    // Still unsaved: the change stays in the form.
    await page.getByTestId('unsaved-badge').waitFor();
    await context.close();
  });

  it('refuses a photo over 2 MB with the spec text, and shows a small PNG once uploaded', async () => {
    const context = await newContext(browser());
    const { token, userId } = await signInViaApi(context, world().learner.email);
    const page = await context.newPage();
    await gotoPage(page, '/MyProfile');
    await settle(page, { heading: false });
    const input = page.locator('main input[type="file"]');

    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ajaxUpload.php')) uploads.push(request.url());
    });
    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1),
    });
    await expect.poll(() => page.getByTestId('photo-error').textContent()).toBe(TOO_LARGE_TEXT);
    expect(uploads, 'a photo over 2 MB is refused before it is sent').toEqual([]);

    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#2a6fdb' } })
      .png()
      .toBuffer();
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Your profile photo was updated.').waitFor();
    expect(await page.getByTestId('photo-error').isVisible()).toBe(false);
    const profile = (await apiCall('profile.php', 'get_profile', { UserId: userId }, token)).data;
    expect(profile.UserFileId).toEqual(expect.any(Number));
    const photo = page.getByRole('img', { name: 'Your profile photo' });
    await expect.poll(() => photo.getAttribute('src')).toBe(`/media/avatar/${profile.UserFileId}`);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await context.close();
  });

  it('downloads a certificate as a PDF once the course is completed', async () => {
    // The administrator completes the course, so the learner's progress stays as the other tests expect it.
    const context = await newContext(browser());
    const { token, userId } = await signInViaApi(context, demo.admin);
    await completeCourse(world(), token, userId);
    const certificates = (await apiCall('certificates.php', 'get_certificates', { UserId: userId }, token)).data;
    expect(certificates.find((c) => c.CourseId === world().course.id)).toBeDefined();
    const certificate = findIn(certificates, (c) => c.CourseId === world().course.id);

    const page = await context.newPage();
    await gotoPage(page, '/MyProfile');
    const item = page.getByTestId('certificate').filter({ hasText: certificate.CourseName });
    await item.waitFor();
    expect(await item.getByTestId('certificate-state').textContent()).toBe(certificate.Expired ? 'Expired' : 'Valid');
    await settle(page, { heading: false });
    await expectAccessible(page, '/MyProfile with a certificate');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('button', { name: `Download the certificate of ${certificate.CourseName}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // My courses marks the course completed, with its certificate.
    await gotoPage(page, '/MyCourses');
    const card = page.getByTestId('course-card').filter({ hasText: certificate.CourseName });
    await card.getByTestId('certificate-marker').waitFor();
    expect(await card.getByTestId('course-status').textContent()).toBe('Completed');
    await settle(page, { heading: false });
    await expectAccessible(page, '/MyCourses with a completed course');

    // A failed download says so.
    await failCall(page, 'certificates.php', 'download_certificate');
    await gotoPage(page, '/MyProfile');
    await page.getByRole('button', { name: `Download the certificate of ${certificate.CourseName}` }).click();
    await page.getByText('Certificate download failed').waitFor();
    await context.close();
  });

  it('lists the resources: files download, outside links open in a new tab', async () => {
    const context = await newContext(browser());
    const { token } = await signInViaApi(context, world().learner.email);
    const resources = (await apiCall('resources.php', 'get_resources', {}, token)).data;
    expect(resources.length).toBeGreaterThan(0);
    const page = await context.newPage();
    await gotoPage(page, '/Resources');
    await settle(page, { heading: false });
    expect(await page.getByTestId('resource').count()).toBe(resources.length);
    for (const resource of resources) {
      const item = page.getByTestId('resource').filter({ hasText: resource.Title });
      expect(await item.count()).toBe(1);
      const link = item.getByRole('link');
      if (resource.FileName) {
        expect(await link.getAttribute('download')).toBe(resource.FileName);
      } else if (resource.Url) {
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('href')).toBe(resource.Url);
      }
    }
    const courseSpecific = resources.find((r: { CourseName: string | null }) => r.CourseName);
    if (courseSpecific) {
      await page.getByRole('heading', { level: 2, name: `Course: ${courseSpecific.CourseName}` }).waitFor();
    }
    await context.close();
  });

  it('a limited test shows the attempts left, and which answers were right only after the last attempt', {
    timeout: 120_000,
  }, async () => {
    const courseId = world().course.id;
    const learner = await createLearner(courseId, { first: 'Tove', last: 'Tries' });
    const course = nth(
      (await apiCall('course.php', 'get_course', { UserId: learner.userId, CourseId: courseId }, learner.token)).data,
    );
    expect(course.TestAttempts).toBe(3);
    const part = findIn(course.CourseParts, (p) => p.ProgressCriteria === 'test');
    const context = await newContext(browser(), { storage: { showCourseNav: 'false' } });
    await signInViaApi(context, learner.email);
    const page = await context.newPage();
    await gotoPage(page, `/course/${courseId}/post/${part.Id}`);
    const test = page.getByTestId('test-block');
    await test.waitFor({ timeout: 15_000 });
    expect(await test.getByTestId('test-attempts-allowed').textContent()).toBe('You have 3 attempts at this test.');

    // One right answer of three is below the pass mark (60 %).
    await test.getByRole('radio', { name: 'Air' }).check();
    await test.getByRole('radio', { name: 'Pitch' }).first().check();
    await test.getByRole('radio', { name: 'Loudness' }).nth(1).check();
    const verdicts = test.locator('[data-testid="question"][data-right]');
    const left = test.getByTestId('test-attempts-left');
    for (const expected of ['2 attempts left', '1 attempt left']) {
      await test.getByTestId('submit-answers').click();
      await expect.poll(() => left.textContent()).toBe(expected);
      expect(await test.getByTestId('test-verdict').textContent()).toBe('Not passed');
      expect(await test.getByTestId('questions-score').textContent()).toBe('You got 1 of 3 right.');
      // Not which ones: that would let her try the options one at a time.
      expect(await verdicts.count()).toBe(0);
      expect(await test.getByTestId('verdict').count()).toBe(0);
      expect(await test.getByTestId('questions-advice').textContent()).toBe(
        'Which answers were right is shown once you pass or have used your last attempt.',
      );
    }
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/test-attempts-left.png`, fullPage: true });

    // The last attempt tells which were right, and the test takes no more answers.
    await test.getByTestId('submit-answers').click();
    await expect.poll(() => left.textContent()).toBe('No attempts left');
    const rightness = async () =>
      Promise.all((await test.getByTestId('question').all()).map((q) => q.getAttribute('data-right')));
    await expect.poll(rightness).toEqual(['true', 'false', 'false']);
    expect(await test.getByTestId('submit-answers').count()).toBe(0);
    expect(await test.getByRole('radio', { name: 'Air' }).isDisabled()).toBe(true);
    expect(await test.getByTestId('questions-advice').textContent()).toBe(
      'You have used every attempt. Each question now shows whether your answer was right.',
    );
    await expectAccessible(page, 'test with no attempts left');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/test-no-attempts-left.png`, fullPage: true });

    // So it stays on a new visit; the server refuses a fourth attempt as well.
    await page.reload();
    await test.waitFor({ timeout: 15_000 });
    await expect.poll(rightness).toEqual(['true', 'false', 'false']);
    expect(await left.textContent()).toBe('No attempts left');
    expect(await test.getByTestId('submit-answers').count()).toBe(0);
    const block = findIn(part.Blocks, (b) => b.BlockType === 'Test');
    const refused = await apiCall(
      'course_progress.php',
      'submit_answers',
      { UserId: learner.userId, CourseId: courseId, CoursePartId: part.Id, BlockId: block.Id, Answers: {} },
      learner.token,
    );
    expect(refused.error_code).toBe('NO_ATTEMPTS_LEFT');
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`passes axe on every learning page in the ${colorScheme} theme, desktop and phone`, async () => {
      await Promise.all(
        [false, true].map(async (phone) => {
          const context = await newContext(browser(), { colorScheme, phone });
          await signInViaApi(context, world().learner.email);
          const page = await context.newPage();
          for (const path of ['/MyCourses', '/MyProfile', '/Resources', achievementPath()]) {
            await gotoPage(page, path);
            await settle(page, { heading: false });
            await expectAccessible(page, `${path} (${colorScheme}${phone ? ', 375 px' : ''})`);
          }
          await context.close();
        }),
      );
    });
  }
});

/** Completes every part of the world's course: visits, videos and tests herself, reviewed exams approved by its coach. */
async function completeCourse(world: CourseWorld, token: string, userId: number) {
  const courseId = world.course.id;
  await passReviewedParts({ token, userId }, courseId, world.coach);
  const course = nth((await apiCall('course.php', 'get_course', { UserId: userId, CourseId: courseId }, token)).data);
  for (const part of course.CourseParts) {
    if (part.ProgressCriteria === 'visit' || part.ProgressCriteria === 'video') {
      const answer = await apiCall(
        'course_progress.php',
        'updateCourseProgressVideoPlay',
        { UserId: userId, CourseId: courseId, CoursePartId: part.Id },
        token,
      );
      expect(answer.status, `part ${part.Id}`).toBe('OK');
    } else if (part.ProgressCriteria === 'test') {
      for (const block of part.Blocks.filter((b) => b.BlockType === 'Test')) {
        // Staff receive the right options, as the editor shows them.
        const answers = Object.fromEntries(block.Content.questions.map((q) => [q.id, q.correct ?? []]));
        const answer = await apiCall(
          'course_progress.php',
          'submit_answers',
          { UserId: userId, CourseId: courseId, CoursePartId: part.Id, BlockId: block.Id, Answers: answers },
          token,
        );
        expect(answer.status, `test on part ${part.Id}`).toBe('OK');
      }
    }
  }
}
