import { Button, Fieldset, Group, SimpleGrid, Text } from '@mantine/core';
import { IconPlayerPlay, IconRepeat } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { semitonesOf } from '../../../../shared/domain/eartraining/intervals';
import type { Answer } from '../../../../shared/domain/eartraining/practice';
import { type Question, questionTiming, settingsRange } from '../../../../shared/domain/eartraining/questions';
import type { ExerciseSettings } from '../../../../shared/domain/eartraining/settings';
import { type NoteEvent, playNotes, stopAll } from '../audio/instrument';
import { noteLabel } from '../notes';
import { type CourseRound, useRound } from '../useRound';
import { legendStyles } from './legend';
import { RoundFrame } from './RoundFrame';
import { useSamples } from './useSamples';

type Part = 'both' | 0 | 1;

/** A question's notes to play: both as the interval sounds, or one of them alone for a beat. */
export function questionNotes(question: Question, tempo: number, part: Part = 'both'): NoteEvent[] {
  const { offsets, length } = questionTiming(question.direction, tempo);
  if (part !== 'both') return [{ midi: question.notes.midi[part], offset: 0, length: 60 / tempo }];
  return question.notes.midi.map((midi, i) => ({ midi, offset: offsets[i as 0 | 1], length }));
}

/** /EarTraining/NameTheInterval: the piano plays an interval; the learner names it from the settings' intervals. */
export function NameTheInterval({
  settings,
  recent,
  course,
}: {
  settings: ExerciseSettings;
  recent: Answer[] | undefined;
  course?: CourseRound;
}) {
  const { t } = useTranslation('eartraining');
  const range = settingsRange(settings);
  // In a course's block the sound loads when a round starts.
  const samples = useSamples(range.low, range.high, settings.Sound === 'piano', course === undefined);
  const [showFirst, setShowFirst] = useState(false);

  const play = useCallback(
    (question: Question, part: Part = 'both') => {
      stopAll();
      playNotes(questionNotes(question, settings.Tempo, part), settings.Sound);
    },
    [settings.Tempo, settings.Sound],
  );
  const onAsk = useCallback(
    (question: Question) => {
      setShowFirst(false);
      play(question);
    },
    [play],
  );
  const round = useRound({ exercise: 'NameTheInterval', settings, recent, onAsk, course });
  const question = round.question;
  const last = round.phase === 'answered' ? round.answers[round.answers.length - 1] : undefined;
  const choices = [...settings.Intervals].sort((a, b) => semitonesOf(a) - semitonesOf(b));

  return (
    <RoundFrame round={round} samples={samples}>
      {question && (
        <>
          <Group gap="xs">
            <Button variant="light" leftSection={<IconRepeat size={16} aria-hidden />} onClick={() => play(question)}>
              {t('exercise.replay')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={() => play(question, 0)}
            >
              {t('exercise.playFirst')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={() => play(question, 1)}
            >
              {t('exercise.playSecond')}
            </Button>
            <Button variant="subtle" onClick={() => setShowFirst(true)} disabled={showFirst}>
              {t('exercise.showFirst')}
            </Button>
          </Group>
          {showFirst && (
            <Text role="status" data-testid="first-note">
              {t('exercise.firstNoteIs', { note: noteLabel(question.notes.names[0]) })}
            </Text>
          )}
          <Fieldset legend={t('name.question')} variant="unstyled" styles={legendStyles}>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" mt="xs" data-testid="interval-choices">
              {choices.map((id, index) => {
                const state = last
                  ? id === last.question.interval
                    ? 'right'
                    : id === last.chosen
                      ? 'wrong'
                      : null
                  : null;
                return (
                  <Button
                    key={id}
                    variant={state ? 'filled' : 'default'}
                    color={state === 'right' ? 'teal.9' : state === 'wrong' ? 'red.9' : undefined}
                    onClick={() => round.answer(id)}
                    data-interval={id}
                    data-state={state ?? undefined}
                    data-question-focus={index === 0 || undefined}
                  >
                    {t(`intervals.${id}`)}
                  </Button>
                );
              })}
            </SimpleGrid>
          </Fieldset>
        </>
      )}
    </RoundFrame>
  );
}
