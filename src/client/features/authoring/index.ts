import { lazy } from 'react';

export { authoringKeys } from './keys';

/**
 * What other features use of authoring: the course editor of the course pages. Its code loads for staff only, when
 * a course page shows it (the Edit button), and the editor itself only once editing starts.
 */
export const CourseEditing = lazy(() => import('./Editor/CourseEditing'));
export type { CourseEditingProps } from './Editor/types';
