import { accounting } from './accounting/accounting';
import { companies } from './administration/companies';
import { users } from './administration/users';
import { userTransfer } from './administration/userTransfer';
import { viewAs } from './administration/viewAs';
import { courseAdmin } from './authoring/courseAdmin';
import { courseLock } from './authoring/courseLock';
import { courseManager } from './authoring/courses';
import { courseImport, courseTransfer } from './authoring/courseTransfer';
import { coachManager } from './coaching/coachManager';
import { messages } from './coaching/messages';
import { tasks } from './coaching/tasks';
import { userExam } from './coaching/userExam';
import { codes } from './codes/codes';
import { bookings } from './commerce/bookings';
import { orders, shop } from './commerce/orders';
import { products } from './commerce/products';
import { eartraining } from './eartraining/eartraining';
import { auth } from './identity/auth';
import { login } from './identity/login';
import { passwordReset } from './identity/password';
import { profile } from './identity/profile';
import { register } from './identity/register';
import { upload } from './identity/upload';
import { achievements } from './learning/achievements';
import { certificates } from './learning/certificates';
import { course } from './learning/course';
import { courseProgress } from './learning/courseProgress';
import { resources } from './learning/resources';
import { getContent, saveContent } from './site/content';
import { news } from './site/news';
import { site } from './site/site';
import { trial } from './site/trial';
import { statistics } from './statistics/statistics';
import { surveys } from './surveys/surveys';

/** Every endpoint file of the API, keyed by its path under /api/backend/. */
export const contract = {
  [accounting.file]: accounting,
  [auth.file]: auth,
  [login.file]: login,
  [register.file]: register,
  [passwordReset.file]: passwordReset,
  [news.file]: news,
  [getContent.file]: getContent,
  [saveContent.file]: saveContent,
  [site.file]: site,
  [trial.file]: trial,
  [course.file]: course,
  [courseAdmin.file]: courseAdmin,
  [courseLock.file]: courseLock,
  [courseTransfer.file]: courseTransfer,
  [courseImport.file]: courseImport,
  [courseManager.file]: courseManager,
  [courseProgress.file]: courseProgress,
  [achievements.file]: achievements,
  [certificates.file]: certificates,
  [profile.file]: profile,
  [upload.file]: upload,
  [resources.file]: resources,
  [messages.file]: messages,
  [coachManager.file]: coachManager,
  [tasks.file]: tasks,
  [userExam.file]: userExam,
  [users.file]: users,
  [userTransfer.file]: userTransfer,
  [codes.file]: codes,
  [companies.file]: companies,
  [viewAs.file]: viewAs,
  [eartraining.file]: eartraining,
  [products.file]: products,
  [orders.file]: orders,
  [shop.file]: shop,
  [bookings.file]: bookings,
  [statistics.file]: statistics,
  [surveys.file]: surveys,
} as const;

export type Contract = typeof contract;
export type EndpointFile = keyof Contract;
export type CallName<F extends EndpointFile> = keyof Contract[F]['calls'] & string;
export type CallOf<F extends EndpointFile, R extends CallName<F>> = Contract[F]['calls'][R];
