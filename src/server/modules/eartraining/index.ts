/**
 * The ear-training module (/EarTraining): a learner's rounds and answers, her accuracy and confusions, and the xp of
 * her rounds, given through learning's index. The exercises themselves run in the browser.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { eartrainingHandlers } from './api/eartraining';

export const handlers = {
  'eartraining.php': eartrainingHandlers,
} satisfies ModuleHandlers;

export { registerSampleRoutes } from './http/samples';
