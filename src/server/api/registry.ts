import { achievementsHandlers } from './achievements';
import { authHandlers } from './auth';
import { certificatesHandlers } from './certificates';
import { getContentHandlers, saveContentHandlers } from './content';
import { courseHandlers } from './course';
import { courseAdminHandlers } from './courseAdmin';
import { courseProgressHandlers } from './courseProgress';
import type { HandlerRegistry } from './dispatcher';
import { loginHandlers } from './login';
import { newsHandlers } from './news';
import { passwordHandlers } from './password';
import { profileHandlers } from './profile';
import { registerHandlers } from './register';
import { resourcesHandlers } from './resources';
import { siteHandlers } from './site';
import { uploadHandlers } from './upload';

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
};
