import { DEFAULT_EDIT_INACTIVITY_MINUTES } from '../../../../shared/domain/authoring/lock';
import { storageKeys } from '../../../../shared/domain/storage';
import { callBody, SITE } from '../../../app/api';
import { storage } from '../../../app/storage';

/**
 * The course's inactivity limit from the lock's answer when the server names it (`InactivityMinutes`), else the
 * course default of spec §4.
 */
export function inactivityMinutesOf(answer: object): number {
  if ('InactivityMinutes' in answer && typeof answer.InactivityMinutes === 'number' && answer.InactivityMinutes > 0) {
    return answer.InactivityMinutes;
  }
  return DEFAULT_EDIT_INACTIVITY_MINUTES;
}

/**
 * Releases the lock as the tab closes: a `keepalive` request outlives the page, which a normal call does not. The
 * answer is never read; the lock lapses by itself after the inactivity limit should this request be lost too.
 */
export function closeEditingOnExit(courseId: number): void {
  const { body, contentType } = callBody('close_course_for_editing', { CourseId: courseId });
  const token = storage.get(storageKeys.token);
  try {
    void fetch('/api/backend/course_lock.php', {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: {
        site: SITE,
        ...(contentType ? { 'Content-Type': contentType } : {}),
        ...(token ? { Authorization: token } : {}),
      },
      body,
    }).catch(() => undefined);
  } catch {
    // A browser without keepalive support throws at once: the lock lapses by itself.
  }
}
