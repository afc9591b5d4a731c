import type { ReactNode } from 'react';
import type { Course, CoursePart } from '../../../../shared/contract/learning/courseShapes';

/** What the course pages give the editor: the course as get_course answers it, and their own ways to show it. */
export interface CourseEditingProps {
  course: Course;
  /** The part the page shows; null on the course's overview. */
  partId: number | null;
  /** Loads the course again after the editor changed it. */
  refreshCourse(): Promise<unknown>;
  /** Shows a part's blocks exactly as the course pages show them to a learner. */
  renderStudentPart(part: CoursePart): ReactNode;
  /** Opens a part's page, or the overview for null. */
  openPart(partId: number | null): void;
  /** The page as it is shown outside editing (the preview). */
  children: ReactNode;
}
