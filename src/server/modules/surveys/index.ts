/**
 * The surveys module: administrators make surveys (questions in English and Swedish, who may answer, when) and read
 * their results; signed-in users answer them, once. An anonymous survey keeps no trace of who said what. Other modules
 * import only this.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { surveysHandlers } from './api/surveys';

export const handlers = {
  'surveys.php': surveysHandlers,
} satisfies ModuleHandlers;

/**
 * For the demo seed, a survey made, opened and answered as its pages do it; for authoring, which surveys a course's
 * Survey blocks may name.
 */
export { answerSurvey } from './services/answers';
export { saveSurvey, setSurveyStatus, surveyIdsOfSite } from './services/surveys';
