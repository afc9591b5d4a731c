import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { blockTypes } from '../../src/shared/domain/learning/course';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  newContext,
  setSwitch,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { useCourseWorld } from './support/world';

/** The demo seed's own playable media: a short video and a chord, as an author would upload them. */
const seedMedia = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../src/server/seed/media', name));

const YOUTUBE_ID = 'px3oVGXr4mo';

/**
 * Spec §1's block kinds from end to end: a coach adds one block of every kind to a new page through the course
 * editor (uploading the media, filling each kind's fields), publishes the page and closes editing; the course's
 * learner then opens the page and meets every block as a learner should.
 */
describe.skipIf(!e2eAvailable)('every block kind, from the editor to the learner', () => {
  const browser = useBrowser();
  const world = useCourseWorld();
  const tokens: string[] = [];

  // A test that fails while editing must not leave the course locked.
  afterEach(async () => {
    for (const token of tokens.splice(0)) {
      await apiCall('course_lock.php', 'close_course_for_editing', { CourseId: world().course.id }, token);
    }
  });

  it('a coach adds one block of each kind, and the learner sees each of them', { timeout: 240_000 }, async () => {
    const courseId = world().course.id;
    const welcomeId = world().course.partIdOf.welcome as number;
    const coach = await newContext(browser());
    tokens.push((await signInViaApi(coach, world().coach.email)).token);
    const page = await coach.newPage();
    await page.goto(`/course/${courseId}/post/${welcomeId}`);
    await settle(page);
    await page.getByTestId('course-edit').click();
    await expect
      .poll(() => page.getByTestId('course-editing-holder').textContent())
      .toBe(`Editing: ${world().coach.name}`);

    // A new page after the welcome, published at once.
    await page.getByTestId('add-part').click();
    await page.waitForURL((url) => !url.pathname.endsWith(`/post/${welcomeId}`) && /\/post\/\d+$/.test(url.pathname));
    const partId = Number(new URL(page.url()).pathname.split('/').pop());
    // The new page's own editor first (it opens on its content): a click on Settings before it has replaced the
    // welcome page's would land on the editor going away.
    await expect.poll(() => page.getByTestId('part-name').inputValue(), { timeout: 15_000 }).toBe('New page');
    await page.getByRole('tab', { name: 'Settings' }).click();
    const settings = page.getByTestId('part-settings');
    await setSwitch(settings.getByRole('switch', { name: 'Published' }), true);
    await settings.getByTestId('part-settings-save').click();
    await page.getByText('Settings saved.').first().waitFor();
    await page.getByRole('tab', { name: 'Content' }).click();
    await page.getByTestId('part-name').fill('Every kind of block');

    const image = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#2a6fdb' } })
      .png()
      .toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

    const text = await addBlock(page, 'Text');
    await text.getByLabel('Title', { exact: true }).fill('Before you start');
    await typeRich(text, 'Text', 'Sound is a wave of pressure.');

    const img = await addBlock(page, 'Image');
    await upload(page, img, { name: 'wave.png', mimeType: 'image/png', buffer: image });
    await img.getByTestId('image-alt').fill('A blue rectangle standing for a wave');
    await img.getByLabel('Caption').fill('Our wave, drawn flat.');

    const video = await addBlock(page, 'Video');
    await video.getByLabel('Title', { exact: true }).fill('The sound episode');
    await upload(page, video, {
      name: 'episode.webm',
      mimeType: 'video/webm',
      buffer: seedMedia('episode-sound.webm'),
    });

    const audio = await addBlock(page, 'Audio');
    await audio.getByLabel('Title', { exact: true }).fill('A chord');
    await upload(page, audio, { name: 'chord.ogg', mimeType: 'audio/ogg', buffer: seedMedia('chord.ogg') });

    const file = await addBlock(page, 'File');
    await upload(page, file, { name: 'handout.pdf', mimeType: 'application/pdf', buffer: pdf });

    const youTube = await addBlock(page, 'YouTube');
    await youTube.getByLabel('Title', { exact: true }).fill('How sound travels');
    await youTube.getByTestId('youtube-url').fill(`https://youtu.be/${YOUTUBE_ID}?t=3`);
    await youTube.getByText(`Video id: ${YOUTUBE_ID}`).waitFor();

    const columns = await addBlock(page, 'Column');
    await typeRich(columns, 'Column 1', 'Listen first.');
    await typeRich(columns, 'Column 2', 'Then shape.');

    const link = await addBlock(page, 'Link');
    await link.getByLabel('Link text').fill('Glossary of audio terms');
    // Typed without its scheme: the editor completes it.
    await link.getByTestId('link-url').fill('en.wikipedia.org/wiki/Glossary_of_audio_terms');
    await link.getByLabel('Description').fill('Look words up here.');
    await link.getByLabel('Link text').click();
    await expect
      .poll(() => link.getByTestId('link-url').inputValue())
      .toBe('https://en.wikipedia.org/wiki/Glossary_of_audio_terms');

    const quiz = await addBlock(page, 'Quiz');
    await fillQuestion(quiz, 'What carries sound?', ['Air', 'Light'], 0);

    const post = await addBlock(page, 'Post');
    await post.getByTestId('post-part').click();
    await page.getByRole('option', { name: 'Welcome to the course' }).click();

    const test = await addBlock(page, 'Test');
    await test.getByTestId('pass-percent').fill('60');
    await fillQuestion(test, 'What is pitch?', ['Loudness', 'How high a tone is'], 1);

    const exam = await addBlock(page, 'Exam');
    await typeRich(exam, 'Exam instructions', 'Record a beat of your own.');
    const finalExam = await addBlock(page, 'FinalExam');
    await typeRich(finalExam, 'Final exam instructions', 'Mix a whole song.');
    const reward = await addBlock(page, 'Reward');
    await typeRich(reward, 'Reward text', 'Well done on this page!');
    const question = await addBlock(page, 'Question');
    await typeRich(question, 'Question for the learner', 'Which sound do you like best?');
    const exercise = await addBlock(page, 'EarTraining');
    await exercise.getByLabel('Title', { exact: true }).fill('Hear the thirds');
    await exercise.getByTestId('eartraining-block-pass').fill('60');
    await exercise.getByLabel('Questions in a round').fill('5');
    // The demo site's open survey of every signed-in user.
    const survey = await addBlock(page, 'Survey');
    await survey.getByTestId('survey-block-survey').click();
    await page.getByRole('option', { name: 'How is the course going? (open)' }).click();

    await expectAccessible(page, 'the editor with a block of every kind');
    // The student preview draws the draft as the learner's page will, the file's size too.
    const previewToggle = page.getByRole('switch', { name: 'Preview as student' });
    await setSwitch(previewToggle, true);
    const preview = page.getByTestId('student-preview');
    await expect.poll(() => kindsIn(preview)).toEqual([...blockTypes]);
    expect(await preview.locator('section[data-block-type="File"]').textContent()).toContain(`${pdf.length} B`);
    await setSwitch(previewToggle, false);
    await page.getByTestId('part-name').waitFor();
    // The draft saves itself: the autosave takes every block.
    await expect
      .poll(() => page.getByTestId('save-status').getAttribute('data-status'), { timeout: 20_000 })
      .toBe('saved');
    // Every block is complete: nothing is held back from the save, which closing editing makes at once.
    expect(await page.getByTestId('save-problem').count()).toBe(0);
    await page.getByTestId('course-edit-close').click();
    await page.getByTestId('course-edit').waitFor();

    // The learner, in a browser of her own.
    const learner = await newContext(browser());
    await signInViaApi(learner, world().learner.email);
    // The closed network has no YouTube: the frame is only checked for its address.
    await learner.route('https://www.youtube-nocookie.com/**', (route) => route.abort());
    const student = await learner.newPage();
    await student.goto(`/course/${courseId}/post/${partId}`);
    await settle(student);
    const main = student.locator('main');
    await expect.poll(() => main.locator('h1').first().textContent()).toBe('Every kind of block');
    await expect.poll(() => kindsIn(main)).toEqual([...blockTypes]);
    await expectAccessible(student, "the learner's page with a block of every kind");
    const shown = (type: string) => main.locator(`section[data-block-type="${type}"]`);

    expect(await shown('Text').getByRole('heading').textContent()).toBe('Before you start');
    expect(await shown('Text').textContent()).toContain('Sound is a wave of pressure.');

    const img2 = shown('Image').getByRole('img', { name: 'A blue rectangle standing for a wave' });
    await expect.poll(() => img2.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth)).toBe(64);
    expect(await shown('Image').locator('figcaption').textContent()).toBe('Our wave, drawn flat.');

    // The video and the audio play from the platform: the browser reads their length from what it serves.
    const played = shown('Video').locator('video');
    expect(await played.getAttribute('aria-label')).toBe('The sound episode');
    await expect.poll(() => mediaDuration(played), { timeout: 15_000 }).toBeGreaterThan(0);
    const heard = shown('Audio').locator('audio');
    expect(await heard.getAttribute('aria-label')).toBe('A chord');
    await expect.poll(() => mediaDuration(heard), { timeout: 15_000 }).toBeGreaterThan(0);

    const download = shown('File').getByRole('link', { name: 'Download handout.pdf' });
    const served = await student.request.get((await download.getAttribute('href')) as string);
    expect(served.status()).toBe(200);
    expect(Buffer.from(await served.body()).equals(pdf)).toBe(true);

    await shown('YouTube').getByRole('button', { name: 'Load the YouTube video: How sound travels' }).click();
    const frame = shown('YouTube').locator('iframe');
    expect(await frame.getAttribute('src')).toMatch(
      new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${YOUTUBE_ID}\\b`),
    );

    expect(await shown('Column').textContent()).toMatch(/Listen first\.\s*Then shape\./);

    const outside = shown('Link').getByRole('link', { name: /Glossary of audio terms/ });
    expect(await outside.getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Glossary_of_audio_terms');
    expect(await outside.textContent()).toContain('Look words up here.');

    // The quiz checks an answer: the right one is the one the coach marked.
    const quizShown = shown('Quiz');
    // Nothing tells the learner the right answer before she answers.
    expect(await quizShown.getByText('right answer').count()).toBe(0);
    await quizShown.getByRole('radio', { name: 'Air' }).check();
    expect(await quizShown.getByRole('radio').count()).toBe(2);
    await quizShown.getByRole('button', { name: 'Check answers' }).click();
    await quizShown.getByTestId('verdict').waitFor();
    expect(await quizShown.getByTestId('verdict').textContent()).toBe('Right');

    const postLink = shown('Post').getByRole('link', { name: /Welcome to the course/ });
    expect(await postLink.getAttribute('href')).toBe(`/course/${courseId}/post/${welcomeId}`);

    const testShown = shown('Test');
    await testShown.getByText('Pass mark: 60%').waitFor();
    await testShown.getByRole('radio', { name: 'How high a tone is' }).check();
    await testShown.getByTestId('submit-answers').click();
    await expect.poll(() => testShown.getByTestId('test-verdict').textContent()).toBe('Passed');

    for (const [type, words] of [
      ['Exam', 'Record a beat of your own.'],
      ['FinalExam', 'Mix a whole song.'],
      ['Question', 'Which sound do you like best?'],
    ] as const) {
      const card = shown(type).getByTestId('exam-block');
      expect(await card.textContent()).toContain(words);
      // The learner can answer it in writing.
      await card.getByRole('textbox').waitFor();
    }
    // The ear-training exercise, with its pass mark, ready to play.
    const exerciseShown = shown('EarTraining').getByTestId('eartraining-block');
    await exerciseShown.getByText('Pass mark: 60 % right in a round of 5 questions.').waitFor();
    await exerciseShown.getByRole('button', { name: 'Start a round' }).waitFor();
    // The survey is answered in place, from the course.
    const surveyShown = shown('Survey').getByTestId('survey-block');
    await surveyShown.getByRole('heading', { name: 'How is the course going?' }).waitFor();
    await surveyShown.getByRole('radio', { name: 'Right' }).check();
    await surveyShown.getByRole('radio', { name: '9' }).check();
    await surveyShown.getByTestId('survey-submit').click();
    await surveyShown.getByTestId('survey-thanks').waitFor();
    const rewardShown = shown('Reward').getByTestId('reward-block');
    expect(await rewardShown.textContent()).toContain('Well done on this page!');
    expect(await rewardShown.textContent()).toContain('This page gives 5 xp.');

    // The coach opens the page again: every block as she left it, each medium with what was read from its file.
    await page.reload();
    await settle(page);
    await page.getByTestId('course-edit').click();
    await page.getByTestId('part-name').waitFor();
    const again = page.getByTestId('editor-block');
    await expect.poll(() => again.count()).toBe(blockTypes.length);
    const editing = (type: string) => page.locator(`[data-testid="editor-block"][data-block-type="${type}"]`);
    expect(await editing('YouTube').getByTestId('youtube-url').inputValue()).toBe(
      `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
    );
    expect(await editing('Test').getByTestId('pass-percent').inputValue()).toBe('60');
    expect(await editing('Post').getByTestId('post-part').inputValue()).toBe('Welcome to the course');
    expect(await editing('EarTraining').getByTestId('eartraining-block-pass').inputValue()).toBe('60 %');
    expect(await editing('EarTraining').getByLabel('Questions in a round').inputValue()).toBe('5');
    expect(await editing('Survey').getByTestId('survey-block-survey').inputValue()).toBe(
      'How is the course going? (open)',
    );
    for (const [type, length] of [
      ['Video', '0:06'],
      ['Audio', '0:04'],
    ] as const) {
      await expect
        .poll(() => editing(type).getByTestId('media-duration').textContent(), { timeout: 10_000 })
        .toBe(`Length ${length}, read from the file`);
    }
    expect(await page.getByTestId('save-status').getAttribute('data-status')).toBe('idle');
    await page.getByTestId('course-edit-close').click();
    await page.getByTestId('course-edit').waitFor();
  });
});

/** Adds a block of `type` from the Add block menu; answers the new block's card. */
async function addBlock(page: Page, type: string): Promise<Locator> {
  const before = await page.getByTestId('editor-block').count();
  await page.getByTestId('add-block').click();
  await page.getByTestId(`add-block-${type}`).click();
  const block = page.getByTestId('editor-block').nth(before);
  expect(await block.getAttribute('data-block-type')).toBe(type);
  return block;
}

/** Types into a block's rich-text field, named by its label. */
async function typeRich(block: Locator, label: string, words: string) {
  const field = block.getByRole('textbox', { name: label, exact: true });
  await field.click();
  await field.pressSequentially(words);
}

/** Uploads a file through a media block's own button and waits until the block names it. */
async function upload(page: Page, block: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), block.getByTestId('media-upload').click()]);
  await chooser.setFiles(file);
  await block.getByText(`File: ${file.name}`).waitFor({ timeout: 20_000 });
}

/** Writes a quiz's or test's first question and its two answers, and marks the right one. */
async function fillQuestion(block: Locator, text: string, answers: [string, string], right: 0 | 1) {
  await block.getByTestId('question-text').fill(text);
  for (const [index, answer] of answers.entries()) await block.getByTestId('option-text').nth(index).fill(answer);
  await block.getByTestId('option-right').nth(right).check();
}

/** The kinds of the blocks shown in `where`, in order. */
const kindsIn = (where: Locator) =>
  where
    .locator('section[data-block-type]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-block-type')));

/** A media element's length once the browser has read its metadata from its source (0 until then). */
const mediaDuration = (element: Locator) =>
  element.evaluate((media: HTMLMediaElement) => (Number.isFinite(media.duration) ? media.duration : 0));
