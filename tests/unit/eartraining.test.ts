import fs from 'node:fs';
import path from 'node:path';
import { Interval, Midi, Note } from 'tonal';
import { describe, expect, it } from 'vitest';
import { ExerciseSettings as ExerciseSettingsSchema } from '../../src/shared/contract/eartraining/eartraining';
import {
  allIntervals,
  compoundIntervals,
  directions,
  type IntervalId,
  intervalBetween,
  intervalNotes,
  semitonesOf,
  simpleIntervals,
  tonalName,
} from '../../src/shared/domain/eartraining/intervals';
import { keyToMidi, octaveKeys, pianoKeys, shiftOctave } from '../../src/shared/domain/eartraining/keymap';
import {
  afterAnswer,
  confusions,
  MASTERED_STREAK,
  nextInterval,
  OWED_AFTER_MISTAKE,
  type PracticeState,
  practiceState,
  weightOf,
} from '../../src/shared/domain/eartraining/practice';
import { drawQuestion, questionTiming, settingsRange } from '../../src/shared/domain/eartraining/questions';
import {
  isSampleName,
  PIANO_RANGE,
  PIANO_SAMPLES_VERSION,
  pianoSamples,
  sampleFor,
  sampleUrl,
} from '../../src/shared/domain/eartraining/samples';
import { defaultSettings, readSettings } from '../../src/shared/domain/eartraining/settings';
import {
  frequencyToMidi,
  HOLD_MS,
  midiToFrequency,
  nearestOctave,
  PitchHold,
} from '../../src/shared/domain/eartraining/singing';
import { eartraining as en } from '../../src/shared/i18n/en/eartraining';
import { eartraining as sv } from '../../src/shared/i18n/sv/eartraining';

/** Each language's words for tonal's qualities and numbers; the exceptions are the names musicians use instead. */
const words = {
  en: {
    quality: { m: 'minor', M: 'major', P: 'perfect', A: 'augmented' } as Record<string, string>,
    number: [
      '',
      '',
      'second',
      'third',
      'fourth',
      'fifth',
      'sixth',
      'seventh',
      'octave',
      'ninth',
      'tenth',
      'eleventh',
      'twelfth',
      'thirteenth',
      'fourteenth',
    ],
    special: { TT: 'tritone', P8: 'octave', P15: 'double octave' } as Record<string, string>,
  },
  sv: {
    quality: { m: 'liten', M: 'stor', P: 'ren', A: 'överstigande' } as Record<string, string>,
    number: [
      '',
      '',
      'sekund',
      'ters',
      'kvart',
      'kvint',
      'sext',
      'septima',
      'oktav',
      'nona',
      'decima',
      'undecima',
      'duodecima',
      'tredecima',
      'kvartdecima',
    ],
    special: { TT: 'tritonus', P8: 'oktav', P15: 'dubbeloktav' } as Record<string, string>,
  },
};

describe('ear training: the intervals against the music-theory library (tonal)', () => {
  it('gives each interval the size tonal gives it, from a minor second to the double octave', () => {
    expect(simpleIntervals.map((interval) => interval.semitones)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(compoundIntervals.map((interval) => interval.semitones)).toEqual([
      13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
    ]);
    for (const { id, semitones } of allIntervals) {
      expect(Interval.semitones(tonalName(id)), id).toBe(semitones);
      expect(Interval.semitones(`-${tonalName(id)}`), `-${id}`).toBe(-semitones);
      expect(Interval.get(tonalName(id)).empty, id).toBe(false);
      expect(semitonesOf(id)).toBe(semitones);
    }
  });

  for (const language of ['en', 'sv'] as const) {
    it(`names each interval in ${language === 'en' ? 'English' : 'Swedish'} by tonal's quality and number`, () => {
      const names = (language === 'en' ? en : sv).intervals as Record<IntervalId, string>;
      const { quality, number, special } = words[language];
      for (const { id } of allIntervals) {
        const theory = Interval.get(tonalName(id));
        const expected = special[id] ?? `${quality[theory.q]} ${number[theory.num]}`;
        expect(names[id], id).toBe(expected);
      }
      expect(Object.keys(names).sort()).toEqual(allIntervals.map((interval) => interval.id).sort());
    });
  }

  it('plays each interval from every root up, down and together, its notes spelled as the interval is', () => {
    for (let root = 48; root <= 72; root++) {
      for (const { id, semitones } of allIntervals) {
        for (const direction of directions) {
          const { midi, names } = intervalNotes(root, id, direction);
          expect(midi[0]).toBe(root);
          expect(midi[1] - midi[0], `${id} ${direction} from ${root}`).toBe(
            direction === 'descending' ? -semitones : semitones,
          );
          expect(names.map((name) => Note.midi(name))).toEqual(midi);
          // Spelled as the interval: tonal names the distance between the two spellings as the interval itself.
          const spelled = Interval.distance(
            direction === 'descending' ? names[1] : names[0],
            direction === 'descending' ? names[0] : names[1],
          );
          expect(Interval.semitones(spelled)).toBe(semitones);
          expect(intervalBetween(midi[0], midi[1])).toBe(id);
        }
      }
    }
    expect(intervalNotes(60, 'm3', 'ascending').names).toEqual(['C4', 'Eb4']);
    expect(intervalNotes(60, 'M3', 'descending').names).toEqual(['C4', 'Ab3']);
    expect(Midi.midiToNoteName(61, { sharps: false })).toBe('Db4');
    expect(intervalBetween(60, 60)).toBeNull();
    expect(intervalBetween(60, 85)).toBeNull();
  });
});

describe('ear training: practice that follows the mistakes', () => {
  it('brings a missed interval and the one it was taken for back more often until they are answered right', () => {
    let state: PracticeState = practiceState([
      { played: 'P4', chosen: 'P4' },
      { played: 'm3', chosen: 'M3' },
    ]);
    expect(state.m3).toEqual({ streak: 0, owed: OWED_AFTER_MISTAKE });
    expect(state.M3?.owed).toBe(OWED_AFTER_MISTAKE - 1);
    expect(weightOf(state.m3)).toBeGreaterThan(weightOf(state.P4));
    expect(weightOf(state.M3)).toBeGreaterThan(weightOf(undefined));
    for (let i = 0; i < OWED_AFTER_MISTAKE; i++) state = afterAnswer(state, { played: 'm3', chosen: 'm3' });
    expect(state.m3).toEqual({ streak: OWED_AFTER_MISTAKE, owed: 0 });
    expect(weightOf(state.m3)).toBe(1);
  });

  it('asks an interval answered right many times in a row less often', () => {
    const answers = Array.from({ length: MASTERED_STREAK }, () => ({ played: 'P5' as const, chosen: 'P5' as const }));
    const state = practiceState(answers);
    expect(weightOf(state.P5)).toBeLessThan(weightOf(undefined));
    expect(weightOf(practiceState(answers.slice(1)).P5)).toBe(1);
  });

  it('draws by weight, and not the interval just asked while there are others', () => {
    const state = practiceState([{ played: 'm2', chosen: 'M2' }]);
    const pool: IntervalId[] = ['m2', 'M2', 'P5', 'P8'];
    const counts: Record<string, number> = {};
    for (let i = 0; i < 1000; i++) {
      const id = nextInterval(pool, state, null, () => i / 1000);
      counts[id] = (counts[id] ?? 0) + 1;
    }
    // Weights 4 (m2 owes 3), 3 (M2 owes 2), 1 and 1: out of 9.
    for (const [id, weight] of [
      ['m2', 4],
      ['M2', 3],
      ['P5', 1],
      ['P8', 1],
    ] as const) {
      expect(Math.abs((counts[id] ?? 0) - (1000 * weight) / 9), id).toBeLessThanOrEqual(1);
    }
    for (let i = 0; i < 50; i++) expect(nextInterval(pool, state, 'm2', () => i / 50)).not.toBe('m2');
    expect(nextInterval(['P5'], {}, 'P5')).toBe('P5');
  });

  it('counts which intervals are heard as which', () => {
    expect(
      confusions([
        { played: 'm3', chosen: 'M3' },
        { played: 'm3', chosen: 'M3' },
        { played: 'm3', chosen: 'm3' },
        { played: 'P4', chosen: 'P5' },
      ]),
    ).toEqual({ m3: { M3: 2 }, P4: { P5: 1 } });
  });
});

describe('ear training: the questions of a round', () => {
  const settings = { ...defaultSettings, Intervals: ['m3', 'P5', 'M9'] as IntervalId[], RootLow: 50, RootHigh: 60 };

  it('draws an interval of the settings, a direction of theirs and a root in their range, its notes spelled', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const question = drawQuestion({ ...settings, Directions: ['ascending', 'descending'] }, {}, null);
      expect(settings.Intervals).toContain(question.interval);
      expect(question.root).toBeGreaterThanOrEqual(50);
      expect(question.root).toBeLessThanOrEqual(60);
      const [root, other] = question.notes.midi;
      expect(root).toBe(question.root);
      expect(other - root).toBe((question.direction === 'descending' ? -1 : 1) * semitonesOf(question.interval));
      seen.add(`${question.direction}`);
    }
    expect([...seen].sort()).toEqual(['ascending', 'descending']);
  });

  it('plays melodic notes a beat apart and harmonic ones together, two beats long', () => {
    expect(questionTiming('ascending', 80)).toEqual({ offsets: [0, 0.75], length: 0.75 });
    expect(questionTiming('descending', 120)).toEqual({ offsets: [0, 0.5], length: 0.5 });
    expect(questionTiming('harmonic', 60)).toEqual({ offsets: [0, 0], length: 2 });
  });

  it('loads the samples of every note the settings can ask, on the sides they ask', () => {
    expect(settingsRange({ ...settings, Directions: ['ascending'] })).toEqual({ low: 50, high: 74 });
    expect(settingsRange({ ...settings, Directions: ['descending'] })).toEqual({ low: 36, high: 60 });
    expect(settingsRange({ ...settings, Directions: ['harmonic', 'descending'] })).toEqual({ low: 36, high: 74 });
  });
});

describe("ear training: a visitor's stored settings", () => {
  it('are read by the same rules as the contract checks, without its library in the page', () => {
    const good = { ...defaultSettings, Intervals: ['m3', 'm3', 'P15'], Directions: ['harmonic'], RootHigh: 60 };
    const samples: unknown[] = [
      defaultSettings,
      good,
      { ...defaultSettings, Sound: undefined },
      { ...defaultSettings, Sound: 'tone' },
      { ...defaultSettings, Sound: 'organ' },
      { ...defaultSettings, Intervals: [] },
      { ...defaultSettings, Intervals: ['P9'] },
      { ...defaultSettings, Directions: ['sideways'] },
      { ...defaultSettings, RootLow: 60, RootHigh: 50 },
      { ...defaultSettings, RootHigh: 84, Intervals: ['P15'] },
      { ...defaultSettings, Tempo: 39 },
      { ...defaultSettings, Tempo: 80.5 },
      { ...defaultSettings, Questions: '10' },
      null,
      'settings',
      [],
      { Intervals: ['m3'] },
    ];
    for (const sample of samples) {
      const parsed = ExerciseSettingsSchema.safeParse(sample);
      expect(readSettings(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});

describe('ear training: the computer keyboard as a piano', () => {
  it('plays a chromatic octave and a half from A, by the keys’ places, each note once', () => {
    const offsets = Object.values(pianoKeys).sort((a, b) => a - b);
    expect(offsets).toEqual(Array.from({ length: 18 }, (_, i) => i));
    // The home row is the white keys, the row above the black ones.
    const white = ['KeyA', 'KeyS', 'KeyD', 'KeyF', 'KeyG', 'KeyH', 'KeyJ', 'KeyK', 'KeyL', 'Semicolon', 'Quote'];
    expect(white.map((code) => keyToMidi(code, 60))).toEqual([60, 62, 64, 65, 67, 69, 71, 72, 74, 76, 77]);
    expect(['KeyW', 'KeyE', 'KeyT', 'KeyY', 'KeyU', 'KeyO', 'KeyP'].map((code) => keyToMidi(code, 60))).toEqual([
      61, 63, 66, 68, 70, 73, 75,
    ]);
    expect(keyToMidi('KeyQ', 60)).toBeNull();
    expect(Object.keys(octaveKeys).some((code) => code in pianoKeys)).toBe(false);
  });

  it('moves an octave with Z and X, within a piano’s keys', () => {
    expect(shiftOctave(60, 'KeyX')).toBe(72);
    expect(shiftOctave(60, 'KeyZ')).toBe(48);
    expect(shiftOctave(24, 'KeyZ')).toBe(24);
    expect(shiftOctave(84, 'KeyX')).toBe(84);
    expect(shiftOctave(60, 'KeyA')).toBe(60);
  });
});

describe('ear training: the sampled piano', () => {
  it('names the files of the installed package, one in every three semitones from A0 to C8', () => {
    const dir = path.join('node_modules', '@audio-samples', 'piano-mp3-velocity8');
    const files = fs.readdirSync(path.join(dir, 'audio'));
    const installed = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
    expect(installed.version).toBe(PIANO_SAMPLES_VERSION);
    expect(pianoSamples.map((sample) => `${sample.name.replace('s', '#')}v8.mp3`).sort()).toEqual([...files].sort());
    expect(pianoSamples.map((sample) => sample.midi)).toEqual(
      Array.from({ length: pianoSamples.length }, (_, i) => 21 + 3 * i),
    );
    for (const sample of pianoSamples)
      expect(Midi.midiToNoteName(sample.midi, { sharps: true })).toBe(sample.name.replace('s', '#'));
  });

  it('plays every note of the piano from a sample at most a semitone away, tuned to it', () => {
    for (let midi = PIANO_RANGE.lowest; midi <= PIANO_RANGE.highest; midi++) {
      const { name, rate } = sampleFor(midi);
      const sample = pianoSamples.find((s) => s.name === name);
      expect(Math.abs((sample?.midi ?? 0) - midi)).toBeLessThanOrEqual(1);
      expect(rate).toBeCloseTo(2 ** ((midi - (sample?.midi ?? 0)) / 12), 10);
    }
    expect(sampleFor(60)).toEqual({ name: 'C4', rate: 1 });
    expect(sampleUrl('Ds4')).toBe(`/audio/piano/${PIANO_SAMPLES_VERSION}/Ds4.mp3`);
    expect(isSampleName('Ds4')).toBe(true);
    for (const name of ['D4', '../package', 'C4v8', 'C9', '']) expect(isSampleName(name)).toBe(false);
  });
});

describe('ear training: answers sung into the microphone', () => {
  it('hears a frequency as its note, and the note by its name in the octave nearest the answer', () => {
    expect(frequencyToMidi(440)).toBe(69);
    expect(Math.round(frequencyToMidi(261.63))).toBe(60);
    expect(frequencyToMidi(midiToFrequency(52.3))).toBeCloseTo(52.3, 9);
    // A bass sings E2 for the E4 a major third above C4: it counts as E4.
    expect(nearestOctave(40, 64)).toBe(64);
    expect(nearestOctave(40.4, 64)).toBe(64);
    // A wrong name stays wrong, near the answer: E♭ for E.
    expect(nearestOctave(63 - 24, 64)).toBe(63);
    expect(nearestOctave(76, 52)).toBe(52);
  });

  it('takes a note once it has held for a quarter of a second, once, and starts again on a new one', () => {
    const hold = new PitchHold();
    const frames: [number | null, number][] = [
      [64.2, 0],
      [63.9, 100],
      [64.1, HOLD_MS - 1],
      [64.3, HOLD_MS + 1],
      [64, HOLD_MS + 100],
      [null, HOLD_MS + 200],
      [67, HOLD_MS + 300],
      [67.2, 2 * HOLD_MS + 300],
    ];
    expect(frames.map(([midi, at]) => hold.push(midi, at))).toEqual([null, null, null, 64, null, null, null, 67]);
  });
});
