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

/** Why a password is refused, in the user's language, with what makes it easy to guess when the server said. */
export function usePasswordProblemText() {
  const { t } = useTranslation('identity', noWait);
  return useCallback(
    (problem: PasswordProblem, hint?: PasswordHint) => {
      const text = t(`password.problems.${problem}`, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH });
      return hint ? `${text} ${t(`password.hints.${hint}`)}` : text;
    },
    [t],
  );
}

/** Seconds as "45 seconds" or "1 minute and 30 seconds", in the current language. */
export function useFormatDuration() {
  const { t, i18n } = useTranslation('identity', noWait);
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (totalSeconds: number) => {
      const seconds = Math.max(0, Math.ceil(totalSeconds));
      const unit = (value: number, name: 'second' | 'minute') =>
        new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
      if (seconds < 60) return unit(seconds, 'second');
      const rest = seconds % 60;
      const minutes = unit(Math.floor(seconds / 60), 'minute');
      return rest === 0 ? minutes : t('duration.minutesAndSeconds', { minutes, seconds: unit(rest, 'second') });
    },
    [language, t],
  );
}

/**
 * Maps a failed call to its text in the user's language through the `errors` bundle (spec §8). `labels` names a
 * form's fields (by their names in the data) for an answer that says one is too long.
 */
export function useErrorText() {
  const { t } = useTranslation('identity', noWait);
  const { t: errorsT } = useTranslation('errors', noWait);
  const formatDuration = useFormatDuration();
  const passwordProblem = usePasswordProblemText();
  return useCallback(
    (error: unknown, labels?: Record<string, string>): string => {
      if (!(error instanceof ApiError)) return errorText(error);
      const { code, body } = error;
      switch (code) {
        case 'FORBIDDEN':
          return body.reason === 'CURRENT_PASSWORD' ? t('account.wrongCurrentPassword') : errorText(error);
        case 'WRONG_CREDENTIALS':
          return errorsT('WRONG_CREDENTIALS', {
            attempt: body.attempt ?? '?',
            max_attempts: body.max_attempts ?? '?',
          });
        case 'TEMPORARILY_LOCKED':
          return errorsT('TEMPORARILY_LOCKED', { time: formatMoment(body.locked_until) ?? '?' });
        case 'COOLDOWN':
          return t('resend.cooldown', { time: formatDuration(Number(body.cooldown) || 0) });
        case 'WEAK_PASSWORD': {
          const weak = weakPasswordReason(error);
          return weak
            ? `${errorsT('WEAK_PASSWORD')} ${passwordProblem(weak.problem, weak.hint)}`
            : errorsT('WEAK_PASSWORD');
        }
        case 'TOO_MANY_REQUESTS':
          return t('tooManyRequests', { time: formatDuration(Number(body.retry_after) || 1) });
        case 'INVALID_STATE':
          return body.reason === 'LAST_ADMIN' ? t('account.delete.lastAdmin') : errorText(error);
        default:
          return errorText(error, undefined, labels);
      }
    },
    [t, errorsT, formatDuration, passwordProblem],
  );
}
