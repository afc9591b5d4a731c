import type { BlockResult, Question } from '../../../../shared/contract/learning/courseShapes';

/** Chosen option ids per question id, as submit_answers takes them. */
export type Answers = Record<string, string[]>;

/** Whether every question has an answer. */
export const allAnswered = (questions: readonly Question[], answers: Answers) =>
  questions.every((question) => (answers[question.id]?.length ?? 0) > 0);

const sameChoice = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((option) => b.includes(option));

/**
 * The verdict to show beside each question: only for answers checked on this visit, and only while the answer
 * is still the one that was checked (the server keeps the latest score, not which options gave it).
 */
export function verdicts(
  checked: { answers: Answers; result: BlockResult } | null,
  answers: Answers,
): Map<string, boolean> {
  const shown = new Map<string, boolean>();
  for (const question of checked?.result.questions ?? []) {
    if (checked && sameChoice(checked.answers[question.id], answers[question.id]))
      shown.set(question.id, question.correct);
  }
  return shown;
}
