import type { z } from 'zod';
import type { CoursePartSettings } from '../../../../shared/contract/authoring/courseAdmin';
import type { EditLock } from '../../../../shared/contract/authoring/courseLock';
import { personName } from '../../../../shared/domain/people';
import type { CoursePartRow } from '../../../platform/db/schema';
import type { CourseEditState } from '../queries';

export const presentPartSettings = (part: CoursePartRow): z.infer<typeof CoursePartSettings> => ({
  Id: part.id,
  Name: part.name,
  Published: part.published === 1,
  PublishDate: part.publish_date,
  SortId: part.sort_id,
  Free: part.free === 1,
  MentorOnly: part.mentor_only === 1,
  PostType: part.post_type,
  ProgressCriteria: part.progress_criteria,
  VideoLength: part.video_length,
});

/** The lock its holder has just taken or renewed. */
export const presentLock = (state: CourseEditState): EditLock => ({
  status: 'OK',
  LockedByUserId: state.locked_by_user_id ?? 0,
  LockedByUsername: personName(state.holder_first_name, state.holder_last_name),
  LockExpiresAt: state.lock_expires_at ?? '',
  Version: state.version,
  InactivityMinutes: state.edit_inactivity_minutes,
});
