import { achievements } from './achievements';
import { auth } from './auth';
import { certificates } from './certificates';
import { coachManager } from './coachManager';
import { getContent, saveContent } from './content';
import { course } from './course';
import { courseAdmin } from './courseAdmin';
import { courseProgress } from './courseProgress';
import { login } from './login';
import { messages } from './messages';
import { news } from './news';
import { passwordReset } from './password';
import { profile } from './profile';
import { register } from './register';
import { resources } from './resources';
import { site } from './site';
import { tasks } from './tasks';
import { upload } from './upload';
import { userExam } from './userExam';

/** Every endpoint file of the API, keyed by its path under /api/backend/. */
export const contract = {
  [auth.file]: auth,
  [login.file]: login,
  [register.file]: register,
  [passwordReset.file]: passwordReset,
  [news.file]: news,
  [getContent.file]: getContent,
  [saveContent.file]: saveContent,
  [site.file]: site,
  [course.file]: course,
  [courseAdmin.file]: courseAdmin,
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
} as const;

export type Contract = typeof contract;
export type EndpointFile = keyof Contract;
export type CallName<F extends EndpointFile> = keyof Contract[F]['calls'] & string;
export type CallOf<F extends EndpointFile, R extends CallName<F>> = Contract[F]['calls'][R];
