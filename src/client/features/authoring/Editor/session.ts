import { createContext, useContext } from 'react';
import type { Course } from '../../../../shared/contract/learning/courseShapes';
import type { ContentLanguage } from './translations';

/** The editing of a course while its editor holds the lock: shared by every panel of the editor. */
export interface EditingSession {
  course: Course;
  userId: number;
  holder: string;
  /** The course's version the next write names; every write's answer moves it on. */
  version: { current: number };
  /** An edit happened: the inactivity clock starts again. */
  touch(): void;
  /** The server said the lock is gone (it lapsed, or someone else took it): editing closes, drafts stay. */
  lost(): void;
  /** A panel's pending work, saved before editing closes; answers the function that forgets it. */
  registerFlush(flush: () => Promise<void>): () => void;
  language: ContentLanguage;
}

export const EditingSessionContext = createContext<EditingSession | null>(null);

export function useEditingSession(): EditingSession {
  const session = useContext(EditingSessionContext);
  if (!session) throw new Error('useEditingSession outside the course editor');
  return session;
}
