import { auth } from './auth';
import { getContent, saveContent } from './content';
import { login } from './login';
import { news } from './news';
import { passwordReset } from './password';
import { register } from './register';
import { site } from './site';

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
} as const;

export type Contract = typeof contract;
export type EndpointFile = keyof Contract;
export type CallName<F extends EndpointFile> = keyof Contract[F]['calls'] & string;
export type CallOf<F extends EndpointFile, R extends CallName<F>> = Contract[F]['calls'][R];
