import { describe, expect, it } from 'vitest';
import { checkAnswer, type QuestionRule, scaleFigures } from '../../src/shared/domain/surveys/surveys';

const rule = (kind: QuestionRule['kind'], extra: Partial<QuestionRule> = {}): QuestionRule => ({
  kind,
  required: false,
  optionCount: 3,
  scaleMin: 1,
  scaleMax: 5,
  ...extra,
});

describe('a survey answer against its question', () => {
  it('takes a choice among the options, distinct choices, a value in the scale, yes or no, a text', () => {
    expect(checkAnswer(rule('single'), { choice: 2 })).toMatchObject({ choice: 2 });
    expect(checkAnswer(rule('single'), { choice: 3 })).toBe('invalid');
    expect(checkAnswer(rule('multiple'), { choices: [2, 0] })).toMatchObject({ choices: [0, 2] });
    expect(checkAnswer(rule('multiple'), { choices: [1, 1] })).toBe('invalid');
    expect(checkAnswer(rule('scale'), { value: 0 })).toBe('invalid');
    expect(checkAnswer(rule('scale', { scaleMin: 0, scaleMax: 10 }), { value: 0 })).toMatchObject({ value: 0 });
    expect(checkAnswer(rule('yes_no'), { value: 2 })).toBe('invalid');
    expect(checkAnswer(rule('text'), { text: '  fine  ' })).toMatchObject({ text: 'fine' });
    expect(checkAnswer(rule('text'), { text: 'x'.repeat(5001) })).toBe('invalid');
  });

  it('leaves an optional question unanswered and refuses a required one so', () => {
    expect(checkAnswer(rule('text'), { text: '   ' })).toBeNull();
    expect(checkAnswer(rule('multiple'), { choices: [] })).toBeNull();
    expect(checkAnswer(rule('single', { required: true }), undefined)).toBe('missing');
    expect(checkAnswer(rule('yes_no', { required: true }), { value: null })).toBe('missing');
  });
});

describe('a scale’s figures', () => {
  it('counts each value, its mean, and on 0–10 the net promoter score', () => {
    expect(scaleFigures([1, 5, 5], 1, 5)).toEqual({ counts: [1, 0, 0, 0, 2], mean: 11 / 3, nps: null });
    // Two promoters (9, 10), one passive (7), one detractor (6): (2 − 1) / 4 = 25.
    expect(scaleFigures([9, 10, 7, 6], 0, 10).nps).toBe(25);
    expect(scaleFigures([], 0, 10)).toMatchObject({ mean: null, nps: null });
  });
});
