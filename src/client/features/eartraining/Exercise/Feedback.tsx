import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { IntervalId } from '../../../../shared/domain/eartraining/intervals';
import type { Question } from '../../../../shared/domain/eartraining/questions';
import { alertTone } from '../../../components/tone';
import { noteLabel } from '../notes';

/** An interval's name with its article, for a sentence ("a major third", "an octave"). */
export function useIntervalPhrase() {
  const { t } = useTranslation('eartraining');
  return (id: IntervalId) => {
    const name = t(`intervals.${id}`);
    return t('withArticle', { name, context: /^[aeiou]/i.test(name) ? 'vowel' : undefined });
  };
}

/** What an answer was: right, or what was played and what was chosen, and the notes themselves. */
export function Feedback({ question, chosen }: { question: Question; chosen: IntervalId }) {
  const { t } = useTranslation('eartraining');
  const phrase = useIntervalPhrase();
  const right = chosen === question.interval;
  return (
    <Alert
      variant="light"
      {...alertTone(right ? 'teal' : 'red')}
      role="status"
      data-testid="eartraining-feedback"
      data-right={right}
    >
      <Text fw={600}>
        {right
          ? t('exercise.rightAnswer', { interval: t(`intervals.${question.interval}`) })
          : t('exercise.wrongAnswer', { played: phrase(question.interval), chosen: phrase(chosen) })}
      </Text>
      <Text size="sm" mt={4}>
        {t('exercise.notesWere', {
          first: noteLabel(question.notes.names[0]),
          second: noteLabel(question.notes.names[1]),
          direction: t(`directions.${question.direction}`),
        })}
      </Text>
    </Alert>
  );
}
