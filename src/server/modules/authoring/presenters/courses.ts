import type { CourseListItem, CourseSettingsFields, CourseState } from '../../../../shared/contract/authoring/courses';
import { personName } from '../../../../shared/domain/people';
import type { CourseRow } from '../../../platform/db/schema';
import { presentCourseTranslations } from '../domain/courseTranslations';
import type { CourseListRow } from '../services/courses';

const stateOf = (course: Pick<CourseRow, 'published' | 'draft'>): CourseState =>
  course.published === 1 ? 'published' : course.draft === 1 ? 'draft' : 'unpublished';

export const presentCourseListItem = (row: CourseListRow): CourseListItem => ({
  Id: row.id,
  Name: row.name,
  Status: stateOf(row),
  Parts: row.parts,
  Learners: row.learners,
  Archived: row.archived_at !== null,
  LockedByUserId: row.lockHolder?.id ?? null,
  LockedByUsername: row.lockHolder ? personName(row.lockHolder.first_name, row.lockHolder.last_name) : null,
});

export const presentCourseSettings = (course: CourseRow, coachIds: number[]): CourseSettingsFields => ({
  Name: course.name,
  Description: course.description,
  Translations: presentCourseTranslations(course.translations),
  Status: stateOf(course),
  ProgressEvent: course.progress_event === 2 ? 2 : 1,
  XpPerReward: course.xp_per_reward,
  CertificateEnabled: course.certificate_enabled === 1,
  CertificateExpires: course.certificate_validity_months !== null,
  CertificateValidityMonths: course.certificate_validity_months,
  CoachIds: coachIds,
  FooterCoachText: course.footer_coach_text,
  UseCustomFooterText: course.footer_use_custom_text === 1,
  InactivityMinutes: course.edit_inactivity_minutes,
});

export const presentCoachOption = (user: { id: number; first_name: string; last_name: string }) => ({
  Id: user.id,
  Name: personName(user.first_name, user.last_name),
});
