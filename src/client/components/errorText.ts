import { ApiError } from '../app/api';
import i18n from '../app/i18n';

/** The text of a failed call in the user's language (spec §8), from the `errors` bundle; unknown codes as a server error. */
export function errorText(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'SERVER_ERROR';
  return i18n.exists(`errors:${code}`)
    ? i18n.t(`errors:${code}` as 'errors:SERVER_ERROR')
    : i18n.t('errors:SERVER_ERROR');
}
