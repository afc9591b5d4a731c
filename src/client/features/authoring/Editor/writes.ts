import { saveFailure } from '../../../../shared/domain/authoring/editor';
import { codeText, errorCode } from '../../../components/errorText';
import { showToast } from '../../../components/toast';
import type { EditingSession } from './session';

/**
 * Runs an authoring write on the course's current version and moves the version on with its answer. A lapsed lock
 * ends editing; any other refusal is told in a toast. Answers null when the write failed.
 */
export async function writeCourse<T extends { Version: number }>(
  session: Pick<EditingSession, 'version' | 'lost' | 'touch'>,
  write: (version: number) => Promise<T>,
  failedText: (error: string) => string,
): Promise<T | null> {
  session.touch();
  try {
    const answer = await write(session.version.current);
    session.version.current = answer.Version;
    return answer;
  } catch (error) {
    const code = errorCode(error);
    if (saveFailure(code) === 'closed') session.lost();
    else showToast(failedText(codeText(code)), 'red');
    return null;
  }
}
