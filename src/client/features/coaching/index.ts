/**
 * What other features use of coaching: the learner's exams with their state badge (a course page answers them),
 * opening the chat with someone (a course's coach), and its query keys.
 */

export { ExamStateBadge } from './exams/ExamStateBadge';
export { useExamAnswer } from './exams/examAnswer';
export { type ExamState, examState, useBlockExam } from './exams/exams';
export { coachingKeys } from './keys';
export { openChat } from './messages/dialogs';
