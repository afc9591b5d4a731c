import { authoring as enAuthoring } from './en/authoring';
import { coaching as enCoaching } from './en/coaching';
import { errors as enErrors } from './en/errors';
import { identity as enIdentity } from './en/identity';
import { learning as enLearning } from './en/learning';
import { shell as enShell } from './en/shell';
import { signIn as enSignIn } from './en/signIn';
import { site as enSite } from './en/site';
import { authoring as svAuthoring } from './sv/authoring';
import { coaching as svCoaching } from './sv/coaching';
import { errors as svErrors } from './sv/errors';
import { identity as svIdentity } from './sv/identity';
import { learning as svLearning } from './sv/learning';
import { shell as svShell } from './sv/shell';
import { signIn as svSignIn } from './sv/signIn';
import { site as svSite } from './sv/site';

/**
 * One namespace per module (identity, site, learning, coaching, authoring), plus the app frame's shell and errors,
 * and the sign-in page's own (signIn: the texts the first page loads). English is
 * the type source; Swedish is checked against it by the compiler and by a unit test.
 */
export const resources = {
  en: {
    shell: enShell,
    errors: enErrors,
    signIn: enSignIn,
    identity: enIdentity,
    site: enSite,
    learning: enLearning,
    coaching: enCoaching,
    authoring: enAuthoring,
  },
  sv: {
    shell: svShell,
    errors: svErrors,
    signIn: svSignIn,
    identity: svIdentity,
    site: svSite,
    learning: svLearning,
    coaching: svCoaching,
    authoring: svAuthoring,
  },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];
export type Namespace = (typeof namespaces)[number];
