import { auth as enAuth } from './en/auth';
import { course as enCourse } from './en/course';
import { errors as enErrors } from './en/errors';
import { learning as enLearning } from './en/learning';
import { messages as enMessages } from './en/messages';
import { news as enNews } from './en/news';
import { pages as enPages } from './en/pages';
import { shell as enShell } from './en/shell';
import { tasks as enTasks } from './en/tasks';
import { auth as svAuth } from './sv/auth';
import { course as svCourse } from './sv/course';
import { errors as svErrors } from './sv/errors';
import { learning as svLearning } from './sv/learning';
import { messages as svMessages } from './sv/messages';
import { news as svNews } from './sv/news';
import { pages as svPages } from './sv/pages';
import { shell as svShell } from './sv/shell';
import { tasks as svTasks } from './sv/tasks';

/** English is the type source; Swedish is checked against it by the compiler and by a unit test. */
export const resources = {
  en: {
    shell: enShell,
    auth: enAuth,
    pages: enPages,
    news: enNews,
    errors: enErrors,
    learning: enLearning,
    course: enCourse,
    messages: enMessages,
    tasks: enTasks,
  },
  sv: {
    shell: svShell,
    auth: svAuth,
    pages: svPages,
    news: svNews,
    errors: svErrors,
    learning: svLearning,
    course: svCourse,
    messages: svMessages,
    tasks: svTasks,
  },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];
export type Namespace = (typeof namespaces)[number];
