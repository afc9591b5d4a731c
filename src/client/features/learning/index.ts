/**
 * What other features use of learning: the course view state (tech support names the course and page the learner
 * is on). Kept to small modules: whatever imports it does not pull the course pages into its chunk.
 */
export { courseView } from './Course/store';
export { learningKeys } from './keys';
