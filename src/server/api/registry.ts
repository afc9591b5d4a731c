import { authHandlers } from './auth';
import { getContentHandlers, saveContentHandlers } from './content';
import type { HandlerRegistry } from './dispatcher';
import { loginHandlers } from './login';
import { newsHandlers } from './news';
import { passwordHandlers } from './password';
import { registerHandlers } from './register';
import { siteHandlers } from './site';

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
};
