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
  unknown: (code: string) => string = () => i18n.t('errors:SERVER_ERROR', { defaultValue: i18n.t('loadFailed') }),
): string {
  return i18n.exists(`errors:${code}`) ? i18n.t(`errors:${code}` as 'errors:SERVER_ERROR') : unknown(code);
}

/** A field of an INVALID_REQUEST answer that is longer than its limit: its name in the data and the limit. */
export function tooLongField(error: unknown): { name: string; max: number } | null {
  if (!(error instanceof ApiError) || error.code !== 'INVALID_REQUEST' || !Array.isArray(error.body.fields))
    return null;
  for (const field of error.body.fields as { field?: unknown; max?: unknown }[]) {
    if (typeof field.field === 'string' && typeof field.max === 'number') {
      return { name: field.field.replace(/^data\./, ''), max: field.max };
    }
  }
  return null;
}

/**
 * The text of a failed call in the user's language; see codeText for a code without one. A text over its length
 * limit is named with the limit, by the form's label for it when `labels` has one (else by its name in the data).
 */
export function errorText(
  error: unknown,
  unknown?: (code: string) => string,
  labels: Record<string, string> = {},
): string {
  const tooLong = tooLongField(error);
  if (tooLong)
    return i18n.t('errors:FIELD_TOO_LONG', { field: labels[tooLong.name] ?? tooLong.name, max: tooLong.max });
  return codeText(errorCode(error), unknown);
}

/** Codes that mean there is no such thing to show (an unknown or malformed id), not a failure worth retrying. */
const missingCodes: readonly ClientErrorCode[] = ['NOT_FOUND', 'INVALID_REQUEST'];

/** Whether a failed call says there is nothing there; `also` names more codes that mean it for the page asking. */
export const isMissing = (error: unknown, also: readonly ClientErrorCode[] = []): boolean =>
  error instanceof ApiError && (missingCodes.includes(error.code) || also.includes(error.code));

/** A query's retry rule: a call that says there is nothing there is not asked again; another failure once more. */
export const retryUnlessMissing = (count: number, error: unknown): boolean => count < 1 && !isMissing(error);
