import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chunkFileOf } from '../../bench/clientSize';
import { type IntervalId, intervalBetween, semitonesOf } from '../../src/shared/domain/eartraining/intervals';
import { pianoKeys } from '../../src/shared/domain/eartraining/keymap';
import { defaultXpRules } from '../../src/shared/domain/eartraining/rounds';
import { midiToFrequency } from '../../src/shared/domain/eartraining/singing';
import { eartraining as en } from '../../src/shared/i18n/en/eartraining';
import { nth } from '../support/answers';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  platform,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { demo } from './support/constants';
import { registerAccount, verificationCode } from './support/learners';
import { useCourseWorld } from './support/world';

/** A note the page scheduled, as its timeline mark says (src/client/features/eartraining/audio/instrument.ts). */
interface Mark {
  midi: number;
  at: number;
  contextTime: number;
  eventTime: number | null;
  /** When the mark was made, on the clock of the event's timestamp. */
  startTime: number;
}

const marks = (page: Page): Promise<Mark[]> =>
  page.evaluate(() =>
    performance
      .getEntriesByName('eartraining:note')
      .map((entry) => ({ ...(entry as PerformanceMark).detail, startTime: entry.startTime })),
  );

/** Waits until the page has scheduled `count` more notes than `before`, and answers them. */
async function newMarks(page: Page, before: number, count: number): Promise<Mark[]> {
  await expect.poll(async () => (await marks(page)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + count);
  return (await marks(page)).slice(before, before + count);
}

/** "a minor third", "an octave": the page's words for an interval in a sentence. */
const phrase = (id: IntervalId) => {
  const name = en.intervals[id];
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
};

/** Starts a round once the piano's samples are there. */
async function startRound(page: Page) {
  const start = page.getByTestId('round-start');
  await expect.poll(() => start.isEnabled(), { timeout: 20_000 }).toBe(true);
  await start.click();
}

/**
 * A round of NameTheInterval by mouse: each question's interval is read from the notes the page scheduled (never by
 * ear) and answered, right except the questions in `wrongAt`; answers what was asked.
 */
async function nameRound(page: Page, questions: number, wrongAt: readonly number[] = [], tempo = 80): Promise<void> {
  for (let question = 1; question <= questions; question++) {
    const before = (await marks(page)).length;
    if (question === 1) await startRound(page);
    else await page.getByTestId('round-next').click();
    const [first, second] = await newMarks(page, before, 2);
    if (!first || !second) throw new Error('no notes scheduled');
    // Ascending: the second note a beat after the first (0.75 s at 80 beats a minute), on the audio clock.
    expect(second.at - first.at).toBeCloseTo(60 / tempo, 6);
    const played = intervalBetween(first.midi, second.midi);
    if (!played) throw new Error(`no interval between ${first.midi} and ${second.midi}`);
    expect(await page.getByTestId('round-progress').textContent()).toBe(`Question ${question} of ${questions}`);
    const wrong = wrongAt.includes(question);
    const chosen: IntervalId = wrong ? (played === 'm2' ? 'M2' : 'm2') : played;
    await page.getByTestId('interval-choices').locator(`[data-interval="${chosen}"]`).click();
    const feedback = page.getByTestId('eartraining-feedback');
    await feedback.waitFor();
    expect(await feedback.getAttribute('data-right')).toBe(String(!wrong));
    expect(await feedback.locator('p').first().textContent()).toBe(
      wrong ? `That was ${phrase(played)}; you chose ${phrase(chosen)}.` : `Right: ${en.intervals[played]}.`,
    );
  }
  await page.getByTestId('round-next').click();
  await page.getByTestId('round-summary').waitFor();
}

describe.skipIf(!e2eAvailable)('ear training: /EarTraining and its exercises', () => {
  const browser = useBrowser();
  const world = useCourseWorld();

  it('a visitor opens ear training from the menu, sets a short round and names its intervals by mouse', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await gotoPage(page, '/faq');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Ear training' }).click();
    await page.waitForURL(/\/EarTraining$/);
    await settle(page);
    expect(await page.getByTestId('exercise-NameTheInterval').textContent()).toContain('Name the interval');
    expect(await page.getByTestId('exercise-accuracy').count()).toBe(0);
    // The page as it is, not the menu link under the pointer that opened it.
    await page.mouse.move(700, 800);
    await expectAccessible(page, '/EarTraining as a visitor');

    await page.getByRole('link', { name: 'Start Name the interval' }).click();
    await page.waitForURL(/\/EarTraining\/NameTheInterval$/);
    await settle(page);
    // Five questions a round, kept in this browser for a visitor.
    await page.getByTestId('eartraining-settings-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Questions in a round').fill('5');
    await dialog.getByLabel('Tempo (beats per minute)').fill('80');
    await expectAccessible(page, 'ear-training settings');
    await page.getByTestId('eartraining-settings-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await settle(page);
    expect(await page.getByText('A round has 5 questions').count()).toBe(1);

    await nameRound(page, 5, [2]);
    expect(await page.getByTestId('round-score').textContent()).toBe('You got 4 of 5 right.');
    expect(await page.getByTestId('round-summary').textContent()).toContain('Sign in to keep your results');
    // A visitor earns no xp: the page never loads the xp dialog.
    const xpDialog = `/${chunkFileOf(process.env.CLIENT_DIR ?? 'dist/client', 'features/learning/Course/overlays/XpDialog.tsx')}`;
    expect(requested.length).toBeGreaterThan(0);
    expect(requested).not.toContain(xpDialog);
    await expectAccessible(page, 'a finished round');

    // Another name is no exercise.
    await gotoPage(page, '/EarTraining/NoSuchExercise');
    expect(await page.locator('h1').textContent()).toBe('No such exercise');
    await context.close();
  });

  it('a visitor plays the answers of KeyboardIntervals_1 on the computer keyboard and a MIDI keyboard; each note sounds at once', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser(), {
      colorScheme: 'dark',
      storage: {
        earTrainingSettings: JSON.stringify({
          KeyboardIntervals_1: {
            Intervals: ['m3', 'M3', 'P5', 'P8', 'M9'],
            Directions: ['ascending', 'descending'],
            RootLow: 48,
            RootHigh: 72,
            Tempo: 100,
            Questions: 5,
            Sound: 'piano',
          },
        }),
      },
    });
    // A MIDI keyboard the test plays (window.midiNote(note)), given to the page through Web MIDI's own interface.
    await context.addInitScript(() => {
      const input: {
        name: string;
        onmidimessage: ((message: { data: Uint8Array; timeStamp: number }) => void) | null;
      } = {
        name: 'Test keys',
        onmidimessage: null,
      };
      const w = window as unknown as { midiNote(note: number): void };
      w.midiNote = (note) =>
        input.onmidimessage?.({ data: new Uint8Array([0x90, note, 90]), timeStamp: performance.now() });
      Object.defineProperty(navigator, 'requestMIDIAccess', {
        value: async () => ({ inputs: new Map([['1', input]]), onstatechange: null }),
      });
    });
    const page = await context.newPage();
    await gotoPage(page, '/EarTraining/KeyboardIntervals_1');
    await settle(page);
    await startRound(page);
    const codeOf = Object.fromEntries(Object.entries(pianoKeys).map(([code, offset]) => [offset, code]));
    const delays: number[] = [];
    for (let question = 1; question <= 5; question++) {
      if (question > 1) await page.getByTestId('round-next').click();
      const prompt = page.getByTestId('keyboard-prompt');
      await expect.poll(() => page.getByTestId('round-progress').textContent()).toBe(`Question ${question} of 5`);
      const root = Number(await prompt.getAttribute('data-root'));
      const interval = (await prompt.getAttribute('data-interval')) as IntervalId;
      const down = (await prompt.getAttribute('data-direction')) === 'descending';
      const target = root + (down ? -1 : 1) * semitonesOf(interval);
      expect(await prompt.textContent()).toContain(`Play ${phrase(interval)} ${down ? 'below' : 'above'}`);
      // Move the keys by octaves (Z, X) until the answer is under them, then press it.
      const lowest = async () => Number(await page.getByTestId('keys-from').getAttribute('data-lowest-c'));
      for (let shifts = 0; shifts < 4 && (target < (await lowest()) || target > (await lowest()) + 17); shifts++) {
        await page.keyboard.press(target < (await lowest()) ? 'KeyZ' : 'KeyX');
      }
      const code = codeOf[target - (await lowest())];
      if (!code) throw new Error(`no key for ${target} from ${await lowest()}`);
      const before = (await marks(page)).length;
      await page.keyboard.press(code);
      const [note] = await newMarks(page, before, 1);
      expect(note?.midi).toBe(target);
      // Scheduled at the audio clock's present, in the key's own handler.
      expect(note?.at).toBe(note?.contextTime);
      delays.push((note?.startTime ?? 0) - (note?.eventTime ?? 0));
      const feedback = page.getByTestId('eartraining-feedback');
      await feedback.waitFor();
      expect(await feedback.getAttribute('data-right')).toBe('true');
      if (question === 1) await expectAccessible(page, 'KeyboardIntervals_1 answered (dark)');
    }
    await page.getByTestId('round-next').click();
    expect(await page.getByTestId('round-score').textContent()).toBe('You got 5 of 5 right.');
    const median = [...delays].sort((a, b) => a - b)[Math.floor(delays.length / 2)] ?? 0;
    console.log(`ear training: key press to scheduled note, median ${median.toFixed(2)} ms of ${delays.join(', ')}`);
    // Within the key's handler: no render, no timer between the press and the note.
    expect(median).toBeLessThan(8);

    // The keys on screen are one stop of the Tab order: arrows move, Enter plays.
    const focused = page.locator('[data-testid="piano"] button[tabindex="0"]');
    const first = Number(await focused.getAttribute('data-midi'));
    await focused.focus();
    await page.keyboard.press('ArrowRight');
    const before = (await marks(page)).length;
    await page.keyboard.press('Enter');
    expect((await newMarks(page, before, 1))[0]?.midi).toBe(first + 1);

    // A MIDI keyboard, once connected, plays and answers too.
    await page.getByTestId('midi').getByRole('button', { name: 'Use a MIDI keyboard' }).click();
    await page.getByText('MIDI keyboard connected: Test keys.').waitFor();
    await page.getByTestId('round-again').click();
    const prompt = page.getByTestId('keyboard-prompt');
    await expect.poll(() => page.getByTestId('round-progress').textContent()).toBe('Question 1 of 5');
    const root = Number(await prompt.getAttribute('data-root'));
    const asked = (await prompt.getAttribute('data-interval')) as IntervalId;
    const down = (await prompt.getAttribute('data-direction')) === 'descending';
    const midiBefore = (await marks(page)).length;
    await page.evaluate(
      (note) => (window as unknown as { midiNote(note: number): void }).midiNote(note),
      root + (down ? -1 : 1) * semitonesOf(asked),
    );
    expect((await newMarks(page, midiBefore, 1))[0]?.midi).toBe(root + (down ? -1 : 1) * semitonesOf(asked));
    expect(await page.getByTestId('eartraining-feedback').getAttribute('data-right')).toBe('true');
    await context.close();
  });

  it('a visitor sings the answers of KeyboardIntervals_1 into the microphone, in another octave', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser(), {
      phone: true,
      storage: {
        earTrainingSettings: JSON.stringify({
          KeyboardIntervals_1: {
            Intervals: ['M2', 'm3', 'P4', 'P5', 'M6'],
            Directions: ['ascending'],
            RootLow: 55,
            RootHigh: 67,
            Tempo: 120,
            Questions: 5,
            Sound: 'tone',
          },
        }),
      },
    });
    // The microphone is a sine wave the test tunes (window.sing(hertz), or null for silence), through the browser's
    // own media stream: the page finds its pitch as it would a voice's.
    await context.addInitScript(() => {
      const w = window as unknown as { sing(hertz: number | null): void };
      w.sing = () => {};
      navigator.mediaDevices.getUserMedia = async () => {
        const ctx = new AudioContext();
        const tone = ctx.createOscillator();
        const gain = ctx.createGain();
        gain.gain.value = 0;
        const out = ctx.createMediaStreamDestination();
        tone.connect(gain).connect(out);
        tone.start();
        w.sing = (hertz) => {
          if (hertz !== null) tone.frequency.value = hertz;
          gain.gain.value = hertz === null ? 0 : 0.5;
        };
        return out.stream;
      };
    });
    const page = await context.newPage();
    await gotoPage(page, '/EarTraining/KeyboardIntervals_1');
    await settle(page);
    await page.getByTestId('sing-toggle').click();
    await page.getByTestId('sing-heard').waitFor();
    await expectAccessible(page, 'singing at phone width');
    await startRound(page);
    for (let question = 1; question <= 5; question++) {
      if (question > 1) await page.getByTestId('round-next').click();
      await expect.poll(() => page.getByTestId('round-progress').textContent()).toBe(`Question ${question} of 5`);
      const prompt = page.getByTestId('keyboard-prompt');
      const root = Number(await prompt.getAttribute('data-root'));
      const interval = (await prompt.getAttribute('data-interval')) as IntervalId;
      // A man's voice: the answer an octave down (110 to 330 Hz here, within the voice range the page listens to).
      const hertz = midiToFrequency(root + semitonesOf(interval) - 12);
      await page.evaluate((value) => (window as unknown as { sing(hertz: number): void }).sing(value), hertz);
      const feedback = page.getByTestId('eartraining-feedback');
      await feedback.waitFor({ timeout: 20_000 });
      expect(await feedback.getAttribute('data-right')).toBe('true');
      // A breath between the answers: the page hears the silence before the next note is sung.
      await page.evaluate(() => (window as unknown as { sing(hertz: null): void }).sing(null));
      await expect.poll(() => page.getByTestId('sing-heard').textContent()).toBe('Listening…');
    }
    await page.getByTestId('round-next').click();
    expect(await page.getByTestId('round-score').textContent()).toBe('You got 5 of 5 right.');
    await page.getByTestId('sing-toggle').click();
    await expect.poll(() => page.getByTestId('sing-heard').count()).toBe(0);
    await context.close();
  });

  it("a signed-in learner's round is kept: her xp rises and the hub shows her accuracy", {
    timeout: 120_000,
  }, async () => {
    const { email } = await registerAccount({ first: 'Ear', last: 'Trainer' });
    expect((await apiCall('register.php', 'verify_email', { code: await verificationCode(email) })).status).toBe('OK');
    const context = await newContext(browser());
    const { token } = await signInViaApi(context, email);
    await apiCall(
      'eartraining.php',
      'save_settings',
      {
        Exercise: 'NameTheInterval',
        Settings: {
          Intervals: ['m3', 'M3', 'P4', 'P5'],
          Directions: ['ascending'],
          RootLow: 48,
          RootHigh: 60,
          Tempo: 80,
          Questions: 5,
          Sound: 'piano',
        },
      },
      token,
    );
    const page = await context.newPage();
    await gotoPage(page, '/EarTraining/NameTheInterval');
    await settle(page);
    const xpBefore = Number((await page.getByTestId('xp-total').textContent())?.match(/\d+/)?.[0]);
    await nameRound(page, 5);
    await expect.poll(() => page.getByTestId('round-xp').textContent()).toBe('The round earned 5 xp.');
    // The same xp dialog as a course's counts up to the new total, which the top bar shows too.
    const xpDialog = page.getByRole('dialog', { name: 'You earned xp!' });
    await xpDialog.waitFor();
    await expect
      .poll(() => xpDialog.getByTestId('xp-dialog-total').textContent(), { timeout: 5_000 })
      .toBe(`Total: ${xpBefore + 5} xp`);
    await expect
      .poll(async () => Number((await page.getByTestId('xp-total').textContent())?.match(/\d+/)?.[0]))
      .toBe(xpBefore + 5);

    await gotoPage(page, '/EarTraining');
    await settle(page);
    await expect
      .poll(() => page.getByTestId('exercise-NameTheInterval').getByTestId('exercise-accuracy').textContent())
      .toContain('100 % right of 5 answers');
    expect(await page.getByTestId('interval-accuracy').locator('tbody tr').count()).toBeGreaterThan(0);
    await expectAccessible(page, '/EarTraining with results');
    await context.close();
  });

  it("an administrator sets the site's xp rules on the hub; a coach does not see them", {
    timeout: 60_000,
  }, async () => {
    const coachContext = await newContext(browser());
    await signInViaApi(coachContext, demo.coach);
    const coachPage = await coachContext.newPage();
    await gotoPage(coachPage, '/EarTraining');
    await settle(coachPage);
    expect(await coachPage.getByTestId('xp-rules').count()).toBe(0);
    await coachContext.close();

    const context = await newContext(browser(), { colorScheme: 'dark' });
    const { token } = await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, '/EarTraining');
    await settle(page);
    const card = page.getByTestId('xp-rules');
    await card.getByLabel('Xp per right answer').fill('2');
    await card.getByLabel('Most xp a day').fill('80');
    await expectAccessible(page, 'the xp rules (dark)');
    await card.getByTestId('xp-rules-save').click();
    await page.getByText('The xp rules are saved.').waitFor();
    expect((await apiCall('eartraining.php', 'get_xp_rules', {}, token)).Rules).toEqual({
      PerRightAnswer: 2,
      RoundMax: 10,
      DailyMax: 80,
    });
    // Back to the defaults for whatever runs next against this site.
    await apiCall('eartraining.php', 'save_xp_rules', { Rules: defaultXpRules }, token);
    await context.close();
  });

  it("a learner passes a course's ear-training block: the part is completed, the round's xp and the step's counted", {
    timeout: 120_000,
  }, async () => {
    const { course, learner } = world();
    const partId = course.partIdOf.test as number;
    const context = await newContext(browser());
    const { token } = await signInViaApi(context, learner.email);
    const page = await context.newPage();
    await gotoPage(page, `/course/${course.id}/post/${partId}`);
    await settle(page);
    const block = page.locator('section[data-block-type="EarTraining"]');
    await block.getByText('Pass mark: 80 % right in a round of 5 questions.').waitFor();
    await expectAccessible(page, "a course's ear-training block");
    await nameRound(page, 5, [], 100);
    await expect.poll(() => block.getByTestId('round-passed').getAttribute('data-passed')).toBe('true');
    await expect
      .poll(() => block.getByTestId('eartraining-block-result').textContent())
      .toBe('You passed this exercise.');
    const { data } = await platform.ok(
      'course.php',
      'get_course',
      { UserId: learner.id, CourseId: course.id },
      { token },
    );
    expect(nth(data).CourseParts.find((part) => part.Id === partId)?.Completed).toBe(true);
    await context.close();
  });
});
