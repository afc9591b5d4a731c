/** The coaching module: messages, tech support, tasks and exam reviews. Other modules import only this. */
import type { ModuleHandlers } from '../../platform/handlers';
import { coachManagerHandlers } from './api/coachManager';
import { messagesHandlers } from './api/messages';
import { tasksHandlers } from './api/tasks';
import { userExamHandlers } from './api/userExam';

export const handlers = {
  'messages.php': messagesHandlers,
  'coach_manager.php': coachManagerHandlers,
  'tasks.php': tasksHandlers,
  'user_exam.php': userExamHandlers,
} satisfies ModuleHandlers;

export { openExamId } from './services/exams';
export { insertMessage } from './services/messageSending';
export { insertTask } from './services/tasks';
