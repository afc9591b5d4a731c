/** Task rules the client and the server share (spec §3, §9). */

/** Task types: 9 is a support request (spec §9); reviews of exams and milestones; anything staff make by hand. */
export const TaskType = { other: 1, examReview: 2, milestoneReview: 4, support: 9 } as const;
export type TaskTypeKey = keyof typeof TaskType;

/** The owner of a task nobody has taken yet (spec §9: -1). */
export const NO_OWNER = -1;

const keyOfType = new Map<number, TaskTypeKey>(
  Object.entries(TaskType).map(([key, type]) => [type, key as TaskTypeKey]),
);

/** The name of a task type; a number the platform does not know reads as a task staff made. */
export const taskTypeKey = (taskType: number): TaskTypeKey => keyOfType.get(taskType) ?? 'other';
