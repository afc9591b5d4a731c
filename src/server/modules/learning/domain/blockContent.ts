import type { BlockResult } from '../../../../shared/contract/learning/courseShapes';
import {
  type StoredContent,
  type StoredQuestion,
  storedContent,
} from '../../../../shared/domain/learning/blockContent';
import type { BlockType } from '../../../../shared/domain/learning/course';
import { attemptsLeft, revealsCorrectness } from '../../../../shared/domain/learning/testAttempts';

/** The stored content of a block, or null when it does not match its type (a block is then left out, not a 500). */
export function readBlockContent<T extends BlockType>(type: T, json: string): StoredContent<T> | null {
  try {
    const parsed = storedContent[type].safeParse(JSON.parse(json));
    return parsed.success ? (parsed.data as StoredContent<T>) : null;
  } catch {
    return null;
  }
}

/** The media a block's content refers to. */
export function mediaIdOf(type: string, json: string): number | null {
  if (type !== 'Image' && type !== 'Video' && type !== 'Audio' && type !== 'File') return null;
  return readBlockContent(type, json)?.mediaId ?? null;
}

/** Scores answers against the stored questions: a question counts when exactly its right options were chosen. */
export function scoreAnswers(stored: readonly StoredQuestion[], answers: Record<string, string[]>) {
  const results = stored.map((question) => {
    const given = new Set(answers[question.id] ?? []);
    const right = new Set(question.correct);
    const correct = given.size === right.size && [...right].every((option) => given.has(option));
    return { id: question.id, correct };
  });
  return { score: results.filter((r) => r.correct).length, maxScore: stored.length, questions: results };
}

/**
 * A quiz or test result as the viewer may see it. A quiz always says which questions were right. A test says it only
 * once passed or once its last allowed attempt is used (`shared/domain/testAttempts.ts`); until then only the score,
 * whether it passed and the attempts left. Staff see the right answers anyway and have no limit.
 */
export function visibleResult(opts: {
  isTest: boolean;
  staff: boolean;
  /** The course's attempts per test (null: no limit). */
  testAttempts: number | null;
  score: number;
  maxScore: number;
  passed: boolean;
  attempts: number;
  questions: BlockResult['questions'];
}): BlockResult {
  const limited = opts.isTest && !opts.staff;
  const revealed =
    !limited || revealsCorrectness({ setting: opts.testAttempts, attempts: opts.attempts, passed: opts.passed });
  return {
    score: opts.score,
    max_score: opts.maxScore,
    passed: opts.passed,
    attempts: opts.attempts,
    attempts_left: limited ? attemptsLeft(opts.testAttempts, opts.attempts) : null,
    questions: revealed ? opts.questions : null,
  };
}
