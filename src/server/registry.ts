import * as accounting from './modules/accounting';
import * as administration from './modules/administration';
import * as authoring from './modules/authoring';
import * as coaching from './modules/coaching';
import * as codes from './modules/codes';
import * as commerce from './modules/commerce';
import * as eartraining from './modules/eartraining';
import * as identity from './modules/identity';
import * as learning from './modules/learning';
import * as site from './modules/site';
import * as statistics from './modules/statistics';
import * as surveys from './modules/surveys';
import type { HandlerRegistry } from './platform/handlers';

/** Handlers for every endpoint file of the contract, from the modules that own them; a missing one fails to compile. */
export const registry: HandlerRegistry = {
  ...identity.handlers,
  ...site.handlers,
  ...learning.handlers,
  ...coaching.handlers,
  ...authoring.handlers,
  ...administration.handlers,
  ...codes.handlers,
  ...commerce.handlers,
  ...accounting.handlers,
  ...eartraining.handlers,
  ...statistics.handlers,
  ...surveys.handlers,
};

// An administrator's signing out ends the view-as sessions she opened (identity cannot import administration).
identity.afterSignOut(administration.endViewAsOnSignOut);
