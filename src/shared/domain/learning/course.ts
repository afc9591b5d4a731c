/** Course rules the client and the server share (spec §1–§4, §9). */

/** The course navigation drawer's width in pixels. */
export const COURSE_NAV_WIDTH = 400;
/** After a course fails to load, the client goes to /login this long after the toast. */
export const COURSE_FAIL_REDIRECT_MS = 500;

/** Spec §3: PostType 1 normal, 2 task/milestone, 3 school, 4 star milestone. */
export const PostType = { normal: 1, milestone: 2, school: 3, starMilestone: 4 } as const;
export const isMilestone = (postType: number) => postType === PostType.milestone || postType === PostType.starMilestone;

/**
 * What completes a part for progress: opening it (`visit`), playing its video to the end (`video`), passing a
 * test on it (`test`), a coach's approval of a submission (`review`), or nothing (`none`, not counted).
 */
export const progressCriteria = ['visit', 'video', 'test', 'review', 'none'] as const;
export type ProgressCriteria = (typeof progressCriteria)[number];

/** Criteria the learner's own page visit or video play may complete (updateCourseProgressVideoPlay). */
export const completesByPlay = (criteria: string) => criteria === 'visit' || criteria === 'video';

/**
 * Block kinds of spec §1, as BlockType travels on the wire, and beside them an ear-training exercise (`EarTraining`:
 * passing it completes its part as a passed test does) and a survey of the site to answer in place (`Survey`).
 */
export const blockTypes = [
  'Text',
  'Image',
  'Video',
  'Audio',
  'File',
  'YouTube',
  'Column',
  'Link',
  'Quiz',
  'Post',
  'Test',
  'Exam',
  'FinalExam',
  'Reward',
  'Question',
  'EarTraining',
  'Survey',
] as const;
export type BlockType = (typeof blockTypes)[number];

/** Profile photos: at most 2 MB (spec §5). */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
