import { AchievementDialog } from './AchievementDialog';
import { CourseFinishedDialog } from './CourseFinishedDialog';
import { XpDialog } from './XpDialog';

/** The course pages' overlays, mounted once by the course layout; the moments show one at a time. */
export default function CourseOverlays() {
  return (
    <>
      <XpDialog />
      <AchievementDialog />
      <CourseFinishedDialog />
    </>
  );
}
