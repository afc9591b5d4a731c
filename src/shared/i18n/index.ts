import { accounting as enAccounting } from './en/accounting';
import { administration as enAdministration } from './en/administration';
import { authoring as enAuthoring } from './en/authoring';
import { blockEditor as enBlockEditor } from './en/blockEditor';
import { coaching as enCoaching } from './en/coaching';
import { codes as enCodes } from './en/codes';
import { commerce as enCommerce } from './en/commerce';
import { companies as enCompanies } from './en/companies';
import { courseEditor as enCourseEditor } from './en/courseEditor';
import { eartraining as enEartraining } from './en/eartraining';
import { errors as enErrors } from './en/errors';
import { identity as enIdentity } from './en/identity';
import { learning as enLearning } from './en/learning';
import { shell as enShell } from './en/shell';
import { signIn as enSignIn } from './en/signIn';
import { site as enSite } from './en/site';
import { statistics as enStatistics } from './en/statistics';
import { surveys as enSurveys } from './en/surveys';
import { accounting as svAccounting } from './sv/accounting';
import { administration as svAdministration } from './sv/administration';
import { authoring as svAuthoring } from './sv/authoring';
import { blockEditor as svBlockEditor } from './sv/blockEditor';
import { coaching as svCoaching } from './sv/coaching';
import { codes as svCodes } from './sv/codes';
import { commerce as svCommerce } from './sv/commerce';
import { companies as svCompanies } from './sv/companies';
import { courseEditor as svCourseEditor } from './sv/courseEditor';
import { eartraining as svEartraining } from './sv/eartraining';
import { errors as svErrors } from './sv/errors';
import { identity as svIdentity } from './sv/identity';
import { learning as svLearning } from './sv/learning';
import { shell as svShell } from './sv/shell';
import { signIn as svSignIn } from './sv/signIn';
import { site as svSite } from './sv/site';
import { statistics as svStatistics } from './sv/statistics';
import { surveys as svSurveys } from './sv/surveys';

/**
 * One namespace per module (identity, site, learning, coaching, authoring, administration), plus the app frame's shell and errors,
 * the sign-in page's own (signIn: the texts the first page loads), and the course editor's (courseEditor) and its
 * block editors' (blockEditor), loaded only with the editor, ear training's (eartraining), the shop's (commerce), the books' (accounting), the surveys' (surveys) and the statistics' (statistics). English is the type source; Swedish is checked against
 * it by the compiler and by a unit test.
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
    administration: enAdministration,
    codes: enCodes,
    companies: enCompanies,
    courseEditor: enCourseEditor,
    blockEditor: enBlockEditor,
    eartraining: enEartraining,
    commerce: enCommerce,
    accounting: enAccounting,
    surveys: enSurveys,
    statistics: enStatistics,
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
    administration: svAdministration,
    codes: svCodes,
    companies: svCompanies,
    courseEditor: svCourseEditor,
    blockEditor: svBlockEditor,
    eartraining: svEartraining,
    commerce: svCommerce,
    accounting: svAccounting,
    surveys: svSurveys,
    statistics: svStatistics,
  },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];
export type Namespace = (typeof namespaces)[number];
