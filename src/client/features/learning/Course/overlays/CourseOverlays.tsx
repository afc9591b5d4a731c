import type { Course, CoursePart } from '../../../../../shared/contract/learning/courseShapes';
import { AchievementDialog } from './AchievementDialog';
import { CourseFinishedDialog } from './CourseFinishedDialog';
import { RewardBox } from './RewardBox';
import { XpDialog } from './XpDialog';

/** The course pages' overlays, mounted once by the course layout; the moments show one at a time. */
export default function CourseOverlays(props: {
  course: Course;
  partsById: Map<number, CoursePart>;
  claimReward(partId: number): Promise<boolean>;
}) {
  return (
    <>
      <RewardBox course={props.course} partsById={props.partsById} claim={props.claimReward} />
      <XpDialog />
      <AchievementDialog />
      <CourseFinishedDialog />
    </>
  );
}
