import type { EarnedAchievement } from '../../../../shared/contract/learning/achievements';
import type { FreeLesson } from '../../../../shared/contract/learning/course';
import type { CourseSummary } from '../../../../shared/contract/learning/courseShapes';
import type { Resource } from '../../../../shared/contract/learning/resources';
import { courseStatus } from '../../../../shared/domain/learning/xp';
import type { AchievementWithEarned } from '../services/achievements';
import type { listFreeLessons, listMyCourses } from '../services/courses';
import type { listResources } from '../services/resources';

type MyCourseRow = Awaited<ReturnType<typeof listMyCourses>>[number];
type ResourceRow = Awaited<ReturnType<typeof listResources>>[number];

/** A course of My courses with the viewer's progress and status (spec §4). */
export function presentCourseSummary(row: MyCourseRow): CourseSummary {
  const percent = row.progress_percent ?? 0;
  return {
    Id: row.id,
    Name: row.name,
    Description: row.description,
    Category: row.category,
    progress_percent: percent,
    Status: courseStatus({
      progressPercent: percent,
      completedAt: row.completed_at,
      started: row.progress_id !== null,
    }),
    PartCount: Number(row.part_count ?? 0),
    CompletedAt: row.completed_at,
    CertificateEnabled: row.certificate_enabled === 1,
    AccessEndsAt: row.access_expires_at ?? null,
  };
}

export const presentAchievement = (row: AchievementWithEarned): EarnedAchievement => ({
  Id: row.id,
  CourseId: row.course_id,
  CourseName: row.course_name,
  title: row.title,
  description: row.description,
  required_xp: row.required_xp,
  earned: row.earned_at !== null,
  EarnedDate: row.earned_at,
});

/** A resource: its file as a signed link (already in `url`), or its external link. */
export const presentResource = (row: ResourceRow): Resource => ({
  Id: row.id,
  Title: row.title,
  Description: row.description,
  Url: row.url,
  FileName: row.original_name ?? null,
  CourseId: row.course_id,
  CourseName: row.course_name ?? null,
});

type FreeLessonRow = Awaited<ReturnType<typeof listFreeLessons>>['lessons'][number];

/** A free lesson of the list (get_free_lessons). */
export const presentFreeLessonCard = (row: FreeLessonRow): FreeLesson => ({
  CourseId: row.course_id,
  CourseName: row.course_name,
  Category: row.category,
  PartId: row.id,
  Name: row.name,
  VideoLength: row.video_length,
  Icon: row.icon,
});
