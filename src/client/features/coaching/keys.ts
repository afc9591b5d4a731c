import { appKeys } from '../../app/keys';

const tasks = ['tasks'] as const;

/** The query keys of coaching: the staff's tasks, the exams, the messages and the coaches of a course. */
export const coachingKeys = {
  /** Every task page's keys are under `['tasks']`, which a change of any task invalidates. */
  tasks: {
    all: tasks,
    lists: [...tasks, 'list'] as const,
    list: (filters: { condition: string; trash: boolean; courseId: number | null }) =>
      [...tasks, 'list', filters.condition, filters.trash, filters.courseId] as const,
    task: (taskId: number) => [...tasks, 'task', taskId] as const,
    courses: (userId: number) => [...tasks, 'courses', userId] as const,
    owners: [...tasks, 'owners'] as const,
  },
  /**
   * The exams of user_exam.php, under the progress root with the course: what a review or a submission changes is
   * fetched again together.
   */
  exams: {
    all: [...appKeys.progress, 'exam'] as const,
    ofBlock: (userId: number, courseId: number, blockId: number) =>
      [...appKeys.progress, 'exam', 'block', userId, courseId, blockId] as const,
    byId: (userExamId: number) => [...appKeys.progress, 'exam', 'id', userExamId] as const,
  },
  /** The messages to the signed-in user (the bell), grown by polling. */
  inbox: (userId: number) => ['messages', 'inbox', userId] as const,
  /** A conversation with one user (-1: the system's messages), its pages loaded so far and polled. */
  conversation: (userId: number, partnerId: number) => ['messages', 'conversation', userId, partnerId] as const,
  coaches: (courseId: number) => ['coaches', courseId] as const,
};
