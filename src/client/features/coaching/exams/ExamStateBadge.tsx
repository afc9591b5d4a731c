import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Tone, tone } from '../../../components/tone';
import type { ExamState } from './exams';

const stateTone: Record<ExamState, Tone | null> = {
  not_started: null,
  in_progress: 'yellow',
  submitted: 'grape',
  completed: 'teal',
  returned: 'orange',
};

/** An exam's state (spec §4) as a coloured word, for the learner and for the coach who reviews it. */
export function ExamStateBadge({ state }: { state: ExamState }) {
  const { t } = useTranslation('learning');
  const color = stateTone[state];
  return (
    <Badge
      variant={color ? 'light' : 'default'}
      {...(color ? tone(color) : {})}
      style={{ flexShrink: 0 }}
      data-testid="exam-state"
      data-state={state}
    >
      {t(`exam.state.${state}`)}
    </Badge>
  );
}
