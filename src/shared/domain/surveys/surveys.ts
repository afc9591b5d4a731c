/**
 * Surveys: a title and questions in English and Swedish, answered once by the signed-in users they are for, and their
 * results. The rules both sides share: the question kinds, the limits, whether an answer fits its question, and the
 * figures of the results (a scale's distribution and mean, the net promoter score of a 0–10 scale).
 */

export const questionKinds = ['single', 'multiple', 'scale', 'text', 'yes_no'] as const;
export type QuestionKind = (typeof questionKinds)[number];

export const surveyStatuses = ['draft', 'open', 'closed'] as const;
export type SurveyStatus = (typeof surveyStatuses)[number];

/** Who may answer: every signed-in user of the site, a course's learners, a company's users. */
export const surveyAudiences = ['all', 'course', 'company'] as const;
export type SurveyAudience = (typeof surveyAudiences)[number];

/** What a signed-in user finds at /survey/:id. */
export const surveyStates = ['open', 'answered', 'closed', 'notYetOpen', 'notForYou'] as const;
export type SurveyState = (typeof surveyStates)[number];

/** The two scales: 1–5 (a rating) and 0–10 (its results show the net promoter score). */
export const scaleRanges = [
  { min: 1, max: 5 },
  { min: 0, max: 10 },
] as const;

export const SURVEY_LIMITS = {
  title: 200,
  intro: 2_000,
  questions: 50,
  question: 500,
  options: 20,
  option: 200,
  scaleLabel: 60,
  text: 5_000,
} as const;

export interface QuestionRule {
  kind: QuestionKind;
  required: boolean;
  optionCount: number;
  scaleMin: number;
  scaleMax: number;
}

/** One answer as sent: the field its question's kind takes. */
export interface AnswerInput {
  choice?: number | null;
  choices?: number[] | null;
  value?: number | null;
  text?: string | null;
}

/** An answer reduced to what is stored, or null when it says nothing (a skipped question). */
export interface StoredAnswer {
  choice: number | null;
  choices: number[] | null;
  value: number | null;
  text: string | null;
}

/**
 * Whether an answer fits its question: a choice among its options, distinct choices, a value within its scale, yes
 * (1) or no (0), a text within its length. Answers `'missing'` for a required question left unanswered, `'invalid'`
 * for one that does not fit, else what to store (null: nothing, for an optional question skipped).
 */
export function checkAnswer(
  rule: QuestionRule,
  answer: AnswerInput | undefined,
): StoredAnswer | null | 'missing' | 'invalid' {
  const none = { choice: null, choices: null, value: null, text: null };
  let stored: StoredAnswer | null = null;
  switch (rule.kind) {
    case 'single': {
      const choice = answer?.choice;
      if (choice === null || choice === undefined) break;
      if (!Number.isInteger(choice) || choice < 0 || choice >= rule.optionCount) return 'invalid';
      stored = { ...none, choice };
      break;
    }
    case 'multiple': {
      const choices = answer?.choices;
      if (!choices || choices.length === 0) break;
      const distinct = [...new Set(choices)].sort((a, b) => a - b);
      if (distinct.length !== choices.length) return 'invalid';
      if (distinct.some((c) => !Number.isInteger(c) || c < 0 || c >= rule.optionCount)) return 'invalid';
      stored = { ...none, choices: distinct };
      break;
    }
    case 'scale':
    case 'yes_no': {
      const value = answer?.value;
      if (value === null || value === undefined) break;
      const [min, max] = rule.kind === 'yes_no' ? [0, 1] : [rule.scaleMin, rule.scaleMax];
      if (!Number.isInteger(value) || value < min || value > max) return 'invalid';
      stored = { ...none, value };
      break;
    }
    case 'text': {
      const text = answer?.text?.trim() ?? '';
      if (text === '') break;
      if (text.length > SURVEY_LIMITS.text) return 'invalid';
      stored = { ...none, text };
      break;
    }
  }
  if (stored === null && rule.required) return 'missing';
  return stored;
}

/** How many gave each value of a scale, its mean, and for a 0–10 scale the net promoter score. */
export function scaleFigures(values: readonly number[], min: number, max: number) {
  const counts = Array.from({ length: max - min + 1 }, () => 0);
  for (const value of values) if (value >= min && value <= max) counts[value - min] = (counts[value - min] ?? 0) + 1;
  const n = values.length;
  const mean = n === 0 ? null : values.reduce((sum, value) => sum + value, 0) / n;
  // Promoters answer 9 or 10, detractors 0 to 6; the score is the share of promoters less that of detractors, in
  // whole percentage points (−100 to 100).
  const nps =
    min === 0 && max === 10 && n > 0
      ? Math.round(((values.filter((v) => v >= 9).length - values.filter((v) => v <= 6).length) / n) * 100)
      : null;
  return { counts, mean, nps };
}
