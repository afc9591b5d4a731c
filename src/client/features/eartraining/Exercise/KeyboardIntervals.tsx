import { Anchor, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { IconMicrophone, IconRepeat } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intervalBetween, semitonesOf } from '../../../../shared/domain/eartraining/intervals';
import { pianoKeys } from '../../../../shared/domain/eartraining/keymap';
import type { Answer } from '../../../../shared/domain/eartraining/practice';
import { type Question, settingsRange } from '../../../../shared/domain/eartraining/questions';
import { PIANO_RANGE } from '../../../../shared/domain/eartraining/samples';
import type { ExerciseSettings } from '../../../../shared/domain/eartraining/settings';
import { nearestOctave } from '../../../../shared/domain/eartraining/singing';
import { playNotes, stopAll } from '../audio/instrument';
import { midiLabel, noteLabel } from '../notes';
import { type CourseRound, useRound } from '../useRound';
import { useIntervalPhrase } from './Feedback';
import { useComputerKeys, useKeyLabels, useMidi } from './inputs';
import { questionNotes } from './NameTheInterval';
import { type KeyMark, PianoKeyboard } from './PianoKeyboard';
import { RoundFrame } from './RoundFrame';
import { useSamples } from './useSamples';
import { useSinging } from './useSinging';

type Mode = 'named' | 'heard';

const cBelow = (midi: number) => Math.floor(midi / 12) * 12;
/** The highest note the computer keys reach above their lowest C. */
const KEYS_SPAN = Math.max(...Object.values(pianoKeys));

/** The computer keys' lowest C for a question: the root and the side the answer lies on within their reach. */
function keysFor(question: Question): number {
  const lowest = question.direction === 'descending' ? cBelow(question.root - 12) : cBelow(question.root);
  return Math.min(Math.max(lowest, cBelow(PIANO_RANGE.lowest) + 12), PIANO_RANGE.highest - KEYS_SPAN);
}

/**
 * /EarTraining/KeyboardIntervals_1: the piano plays a note and names an interval (or plays the whole interval); the
 * learner plays the answer on the keyboard on screen, on the computer's keys or on a MIDI keyboard. Every note she
 * plays sounds in the handler of her press, before anything is drawn.
 */
export function KeyboardIntervals({
  settings,
  recent,
  keysEnabled,
  course,
}: {
  settings: ExerciseSettings;
  recent: Answer[] | undefined;
  course?: CourseRound;
  /** False while a dialog is open: the letters are then typed, not played. */
  keysEnabled: boolean;
}) {
  const { t } = useTranslation('eartraining');
  const phrase = useIntervalPhrase();
  const [mode, setMode] = useState<Mode>('named');
  const [lowestC, setLowestC] = useState(48);
  const [hint, setHint] = useState<string | null>(null);
  const [played, setPlayed] = useState<number | null>(null);
  const range = settingsRange(settings);
  // An octave either side of the questions' notes, where the learner's wrong notes fall; beyond, a key loads its
  // sample when first played.
  const samples = useSamples(range.low - 12, range.high + 12, settings.Sound === 'piano', course === undefined);

  const playQuestion = useCallback(
    (question: Question, current: Mode) => {
      stopAll();
      playNotes(questionNotes(question, settings.Tempo, current === 'named' ? 0 : 'both'), settings.Sound);
    },
    [settings.Tempo, settings.Sound],
  );
  const onAsk = useCallback(
    (question: Question) => {
      setHint(null);
      setPlayed(null);
      setLowestC(keysFor(question));
      playQuestion(question, mode);
    },
    [playQuestion, mode],
  );
  const round = useRound({ exercise: 'KeyboardIntervals_1', settings, recent, onAsk, course });
  const question = round.question;

  /** A note played or sung: the answer, when it is on the asked side of the root and one of the intervals. */
  const answerWith = (midi: number) => {
    if (round.phase !== 'asking' || !question || midi === question.root) return;
    const up = question.direction !== 'descending';
    if (midi > question.root !== up) {
      setHint(
        t('keyboard.wrongSide', { side: t(up ? 'keyboard.above' : 'keyboard.below'), note: midiLabel(question.root) }),
      );
      return;
    }
    const chosen = intervalBetween(question.root, midi);
    if (!chosen) {
      setHint(t('keyboard.outOfRange'));
      return;
    }
    setHint(null);
    setPlayed(midi);
    round.answer(chosen);
  };

  const onNote = (midi: number, eventTime: number) => {
    playNotes([{ midi, offset: 0, length: 1 }], settings.Sound, { immediate: true, eventTime });
    answerWith(midi);
  };
  // A sung note counts by its name, in the octave nearest the answer (a voice sings where it can).
  const singing = useSinging((sung) => {
    if (question) answerWith(nearestOctave(sung, question.notes.midi[1]));
  });

  useComputerKeys({ enabled: keysEnabled, lowestC, onOctave: setLowestC, onNote });
  const midi = useMidi(onNote);
  const keyLabels = useKeyLabels();

  // The keys on screen: the question's root and every answer the settings allow on its side, and the computer keys.
  const largest = Math.max(...settings.Intervals.map(semitonesOf));
  const reach = question
    ? question.direction === 'descending'
      ? [question.root - largest, question.root]
      : [question.root, question.root + largest]
    : [lowestC, lowestC + KEYS_SPAN];
  const low = Math.max(PIANO_RANGE.lowest, cBelow(Math.min(reach[0] ?? lowestC, lowestC)));
  const high = Math.min(PIANO_RANGE.highest, cBelow(Math.max(reach[1] ?? lowestC, lowestC + KEYS_SPAN)) + 11);

  const marks: Partial<Record<number, KeyMark>> = {};
  if (question) {
    marks[question.root] = 'root';
    if (round.phase === 'answered') {
      if (played !== null) marks[played] = 'wrong';
      marks[question.notes.midi[1]] = 'right';
    }
  }
  const labels: Partial<Record<number, string>> = {};
  for (const [code, offset] of Object.entries(pianoKeys)) labels[lowestC + offset] = keyLabels[code];

  return (
    <Stack gap="lg">
      <Radio.Group label={t('keyboard.mode')} value={mode} onChange={(value) => setMode(value as Mode)}>
        <Group mt={6}>
          <Radio value="named" label={t('keyboard.modeNamed')} />
          <Radio value="heard" label={t('keyboard.modeHeard')} data-testid="mode-heard" />
        </Group>
      </Radio.Group>
      <RoundFrame round={round} samples={samples}>
        {question && (
          <>
            <Text
              size="lg"
              fw={500}
              aria-live="polite"
              data-testid="keyboard-prompt"
              data-root={question.root}
              data-interval={mode === 'named' ? question.interval : undefined}
              data-direction={question.direction}
            >
              {mode === 'named'
                ? t('keyboard.promptNamed', {
                    interval: phrase(question.interval),
                    side: t(question.direction === 'descending' ? 'keyboard.below' : 'keyboard.above'),
                    note: noteLabel(question.notes.names[0]),
                  })
                : t('keyboard.promptHeard', { note: noteLabel(question.notes.names[0]) })}
            </Text>
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconRepeat size={16} aria-hidden />}
                onClick={() => playQuestion(question, mode)}
                data-question-focus
              >
                {t('exercise.replay')}
              </Button>
            </Group>
            {hint && (
              <Text role="status" c="dimmed" data-testid="keyboard-hint">
                {hint}
              </Text>
            )}
          </>
        )}
      </RoundFrame>
      <PianoKeyboard low={low} high={high} onNote={onNote} marks={marks} labels={labels} label={t('keyboard.piano')} />
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('keyboard.keyMapTitle')}
        </Title>
        <Text size="sm">{t('keyboard.keyMap')}</Text>
        <Text size="sm" data-testid="keys-from" data-lowest-c={lowestC}>
          {t('keyboard.keysFrom', { note: midiLabel(lowestC) })}
        </Text>
      </Stack>
      <Stack gap={4} align="flex-start" data-testid="singing">
        <Title order={2} size="h4">
          {t('keyboard.singTitle')}
        </Title>
        <Text size="sm">{t('keyboard.singHint')}</Text>
        {singing.status === 'unsupported' ? (
          <Text size="sm">{t('keyboard.singUnsupported')}</Text>
        ) : (
          <Group gap="sm">
            <Button
              variant={singing.status === 'listening' ? 'filled' : 'default'}
              leftSection={<IconMicrophone size={16} aria-hidden />}
              onClick={() => (singing.status === 'listening' ? singing.stop() : void singing.start())}
              loading={singing.status === 'starting'}
              aria-pressed={singing.status === 'listening'}
              data-testid="sing-toggle"
            >
              {t(singing.status === 'listening' ? 'keyboard.singStop' : 'keyboard.singStart')}
            </Button>
            {singing.status === 'listening' && (
              <Text size="sm" aria-live="polite" data-testid="sing-heard">
                {singing.heard === null
                  ? t('keyboard.singListening')
                  : t('keyboard.singHeard', { note: midiLabel(singing.heard) })}
              </Text>
            )}
          </Group>
        )}
        {singing.status === 'denied' && (
          <Text size="sm" role="status">
            {t('keyboard.singDenied')}
          </Text>
        )}
      </Stack>
      <Stack gap={4} align="flex-start" data-testid="midi">
        {midi.status === 'unsupported' ? (
          <Text size="sm">{t('keyboard.midiUnsupported')}</Text>
        ) : (
          <>
            {midi.status !== 'connected' && (
              <Anchor component="button" type="button" size="sm" onClick={() => void midi.connect()}>
                {t('keyboard.midiConnect')}
              </Anchor>
            )}
            {midi.status === 'connected' && (
              <Text size="sm" role="status">
                {t('keyboard.midiConnected', { count: midi.names.length, names: midi.names.join(', ') })}
              </Text>
            )}
            {midi.status === 'none' && (
              <Text size="sm" role="status">
                {t('keyboard.midiNone')}
              </Text>
            )}
            {midi.status === 'denied' && (
              <Text size="sm" role="status">
                {t('keyboard.midiDenied')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Stack>
  );
}
