import { achievementsHandlers } from './achievements';
import { authHandlers } from './auth';
import { certificatesHandlers } from './certificates';
import { coachManagerHandlers } from './coachManager';
import { getContentHandlers, saveContentHandlers } from './content';
import { courseHandlers } from './course';
import { courseAdminHandlers } from './courseAdmin';
import { courseProgressHandlers } from './courseProgress';
import type { HandlerRegistry } from './dispatcher';
import { loginHandlers } from './login';
import { messagesHandlers } from './messages';
import { newsHandlers } from './news';
import { passwordHandlers } from './password';
import { profileHandlers } from './profile';
import { registerHandlers } from './register';
import { resourcesHandlers } from './resources';
import { siteHandlers } from './site';
import { tasksHandlers } from './tasks';
import { uploadHandlers } from './upload';
import { userExamHandlers } from './userExam';

/** Handlers for every endpoint file of the contract; the type makes a missing one a compile error. */
export const registry: HandlerRegistry = {
  'auth.php': authHandlers,
  'login.php': loginHandlers,
  'register.php': registerHandlers,
  'password.php': passwordHandlers,
  'news.php': newsHandlers,
  'content/get_content.php': getContentHandlers,
  'content/save_content.php': saveContentHandlers,
  'site.php': siteHandlers,
  'course.php': courseHandlers,
  'course_admin.php': courseAdminHandlers,
  'course_progress.php': courseProgressHandlers,
  'achievements.php': achievementsHandlers,
  'certificates.php': certificatesHandlers,
  'profile.php': profileHandlers,
  'ajaxUpload.php': uploadHandlers,
  'resources.php': resourcesHandlers,
  'messages.php': messagesHandlers,
  'coach_manager.php': coachManagerHandlers,
  'tasks.php': tasksHandlers,
  'user_exam.php': userExamHandlers,
};
