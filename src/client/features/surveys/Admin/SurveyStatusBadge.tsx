import { useTranslation } from 'react-i18next';
import type { SurveyStatus } from '../../../../shared/domain/surveys/surveys';
import { type Tone, ToneBadge } from '../../../components/tone';

const statusTone: Record<SurveyStatus, Tone> = { draft: 'grape', open: 'teal', closed: 'orange' };

/** A survey's state as a badge whose colour goes with its word. */
export function SurveyStatusBadge({ status }: { status: SurveyStatus }) {
  const { t } = useTranslation('surveys');
  return (
    <ToneBadge tone={statusTone[status]} data-testid="survey-status">
      {t(`statuses.${status}`)}
    </ToneBadge>
  );
}
