import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isPasswordHint,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  type PasswordHint,
  type PasswordProblem,
  passwordProblems,
} from '../../../../shared/domain/identity/password';
import { ApiError } from '../../../app/api';
import i18n from '../../../app/i18n';
import { formatMoment } from '../../../components/dates';
import { errorText } from '../../../components/errorText';

/**
 * The texts of a failure are not waited for: the sign-in page, the first most visitors load, shows before they
 * arrive. They load beside it, and a failed call waits for the error texts before it reports (app/api.ts).
 */
const noWait = { useSuspense: false } as const;

export interface WeakPassword {
  problem: PasswordProblem;
  hint?: PasswordHint | undefined;
}

/** The server's `reason` (and `hint`) of a WEAK_PASSWORD answer, when it is one the client has a text for. */
export function weakPasswordReason(error: unknown): WeakPassword | null {
  if (!(error instanceof ApiError) || error.code !== 'WEAK_PASSWORD') return null;
  const { reason, hint } = error.body;
  const problem = passwordProblems.find((p) => p === reason);
  return problem ? { problem, hint: isPasswordHint(hint) ? hint : undefined } : null;
}

/** Why a password is refused, in the current language, with what makes it easy to guess when the server said. */
function passwordProblemText(problem: PasswordProblem, hint?: PasswordHint): string {
  const text = i18n.t(`identity:password.problems.${problem}`, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH });
  return hint ? `${text} ${i18n.t(`identity:password.hints.${hint}`)}` : text;
}

/** Seconds as "45 seconds" or "1 minute and 30 seconds", in the current language. */
function formatDuration(totalSeconds: number): string {
  const language = i18n.resolvedLanguage ?? i18n.language;
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const unit = (value: number, name: 'second' | 'minute') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  if (seconds < 60) return unit(seconds, 'second');
  const rest = seconds % 60;
  const minutes = unit(Math.floor(seconds / 60), 'minute');
  return rest === 0
    ? minutes
    : i18n.t('identity:duration.minutesAndSeconds', { minutes, seconds: unit(rest, 'second') });
}

/**
 * A failed call's text in the current language through the `errors` bundle (spec §8). `labels` names a form's fields
 * (by their names in the data) for an answer that says one is too long.
 */
export function errorTextOf(error: unknown, labels?: Record<string, string>): string {
  if (!(error instanceof ApiError)) return errorText(error);
  const { code, body } = error;
  switch (code) {
    case 'FORBIDDEN':
      return body.reason === 'CURRENT_PASSWORD' ? i18n.t('identity:account.wrongCurrentPassword') : errorText(error);
    case 'WRONG_CREDENTIALS':
      return i18n.t('errors:WRONG_CREDENTIALS', {
        attempt: body.attempt ?? '?',
        max_attempts: body.max_attempts ?? '?',
      });
    case 'TEMPORARILY_LOCKED':
      return i18n.t('errors:TEMPORARILY_LOCKED', { time: formatMoment(body.locked_until) ?? '?' });
    case 'COOLDOWN':
      return i18n.t('identity:resend.cooldown', { time: formatDuration(Number(body.cooldown) || 0) });
    case 'WEAK_PASSWORD': {
      const weak = weakPasswordReason(error);
      return weak
        ? `${i18n.t('errors:WEAK_PASSWORD')} ${passwordProblemText(weak.problem, weak.hint)}`
        : i18n.t('errors:WEAK_PASSWORD');
    }
    case 'TOO_MANY_REQUESTS':
      return i18n.t('identity:tooManyRequests', { time: formatDuration(Number(body.retry_after) || 1) });
    case 'INVALID_STATE':
      return body.reason === 'LAST_ADMIN' ? i18n.t('identity:account.delete.lastAdmin') : errorText(error);
    default:
      return errorText(error, undefined, labels);
  }
}

/**
 * A failed sign-in's text, its texts loaded first: the sign-in page, the first most visitors load, imports this
 * module only when a sign-in fails.
 */
export async function signInFailureText(error: unknown): Promise<string> {
  await i18n.loadNamespaces(['identity', 'errors']);
  return errorTextOf(error);
}

/** The language the texts are in: the hooks below give a new function when it changes, so pages render again. */
const useTexts = () => useTranslation(['identity', 'errors'], noWait).i18n.language;

export function usePasswordProblemText() {
  const language = useTexts();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function for a new language
  return useCallback(passwordProblemText, [language]);
}

export function useFormatDuration() {
  const language = useTexts();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function for a new language
  return useCallback(formatDuration, [language]);
}

/** errorTextOf for a page, its texts loading with it. */
export function useErrorText() {
  const language = useTexts();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function for a new language
  return useCallback(errorTextOf, [language]);
}
