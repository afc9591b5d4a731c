import { ApiError, type ClientErrorCode } from '../app/api';
import i18n from '../app/i18n';

/** The code of a failed call; anything else that went wrong counts as a server error. */
export const errorCode = (error: unknown): ClientErrorCode => (error instanceof ApiError ? error.code : 'SERVER_ERROR');

/**
 * A code's text in the user's language (spec §8), from the `errors` bundle. A code the bundle does not know (a newer
 * server's) reads as `unknown` says, by default as a server error.
 */
export function codeText(
  code: string,
  unknown: (code: string) => string = () => i18n.t('errors:SERVER_ERROR'),
): string {
  return i18n.exists(`errors:${code}`) ? i18n.t(`errors:${code}` as 'errors:SERVER_ERROR') : unknown(code);
}

/** The text of a failed call in the user's language; see codeText for a code without one. */
export const errorText = (error: unknown, unknown?: (code: string) => string): string =>
  codeText(errorCode(error), unknown);

/** Codes that mean there is no such thing to show (an unknown or malformed id), not a failure worth retrying. */
const missingCodes: readonly ClientErrorCode[] = ['NOT_FOUND', 'INVALID_REQUEST'];

/** Whether a failed call says there is nothing there; `also` names more codes that mean it for the page asking. */
export const isMissing = (error: unknown, also: readonly ClientErrorCode[] = []): boolean =>
  error instanceof ApiError && (missingCodes.includes(error.code) || also.includes(error.code));
