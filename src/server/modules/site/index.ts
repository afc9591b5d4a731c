/** The site module: page texts, news, versions and the site's settings. Other modules import only this. */
import type { ModuleHandlers } from '../../platform/handlers';
import { getContentHandlers, saveContentHandlers } from './api/content';
import { newsHandlers } from './api/news';
import { siteHandlers } from './api/site';
import { trialHandlers } from './api/trial';

export const handlers = {
  'news.php': newsHandlers,
  'content/get_content.php': getContentHandlers,
  'content/save_content.php': saveContentHandlers,
  'site.php': siteHandlers,
  'trial.php': trialHandlers,
} satisfies ModuleHandlers;
