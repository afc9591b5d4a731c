import { createContext, type ReactNode, useContext } from 'react';
import type { BlockResult, CoursePart } from '../../../../shared/contract/learning/courseShapes';
import type { SavedRound } from '../../eartraining';

/** What a block needs from the page showing it: the course page or a free lesson. */
export interface BlockHost {
  /** A course page records progress and checks answers; a free lesson only shows. */
  mode: 'course' | 'free';
  /** The part the blocks belong to. */
  part: CoursePart;
  /** The course of a course page: a learner's exams are answered there. */
  courseId?: number;
  /** Staff see the right answers of quizzes and tests. */
  staff: boolean;
  /** Where a Post block leads, or null when its part cannot be opened here. */
  linkToPart(partId: number): string | null;
  /** The linked part, when the page knows it (its completed and milestone state). */
  partById(partId: number): CoursePart | undefined;
  /** A video of the part was played to the end. */
  onVideoEnded?(): void;
  /** Checks a quiz's or test's answers on the server. */
  submitAnswers?(blockId: number, answers: Record<string, string[]>): Promise<BlockResult>;
  /** A round of an ear-training block was stored: the page shows its result and the step it made. */
  exerciseSaved?(blockId: number, answer: SavedRound): void;
  /** The page's reward box, when the viewer collects xp in a course that gives rewards per page. */
  reward?: { collectXp: boolean; claimed: boolean; available: boolean; claim(): Promise<boolean> };
}

const BlockHostContext = createContext<BlockHost | null>(null);

export function BlockHostProvider({ host, children }: { host: BlockHost; children: ReactNode }) {
  return <BlockHostContext.Provider value={host}>{children}</BlockHostContext.Provider>;
}

export function useBlockHost(): BlockHost {
  const host = useContext(BlockHostContext);
  if (!host) throw new Error('useBlockHost outside BlockHostProvider');
  return host;
}
