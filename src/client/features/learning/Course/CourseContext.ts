import { createContext, useContext } from 'react';
import type { Course, CoursePart } from '../../../../shared/contract/learning/courseShapes';
import type { Viewer } from '../blocks/PartMarkers';
import type { OutlineEntry } from './outline';
import type { CourseSteps } from './steps';

/** The loaded course and what every course page derives from it, given by the course layout. */
export interface CourseContextValue {
  course: Course;
  /** Parts in the learner's order, each with its depth under the part linking to it. */
  outline: OutlineEntry<CoursePart>[];
  order: number[];
  partsById: Map<number, CoursePart>;
  viewer: Viewer;
  steps: CourseSteps;
}

export const CourseContext = createContext<CourseContextValue | null>(null);

export function useCourseContext(): CourseContextValue {
  const value = useContext(CourseContext);
  if (!value) throw new Error('useCourseContext outside the course layout');
  return value;
}

export const partPath = (courseId: number, partId: number) => `/course/${courseId}/post/${partId}`;
export const coursePath = (courseId: number) => `/course/${courseId}`;
