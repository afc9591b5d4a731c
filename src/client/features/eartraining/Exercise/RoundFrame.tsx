import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session';
import { ErrorAlert } from '../../../components/LoadState';
import { alertTone } from '../../../components/tone';
import { startAudio } from '../audio/instrument';
import { useXpRules } from '../progress';
import type { useRound } from '../useRound';
import { Feedback, useIntervalPhrase } from './Feedback';
import type { SamplesState } from './useSamples';

type Round = ReturnType<typeof useRound>;

/**
 * The round around an exercise's question: before it the start (once the piano has loaded), during it the count
 * and, after each answer, what it was and the way on; at the end the score and the xp. Focus follows the round: to
 * "Next" after an answer, back to the question (`data-question-focus`) after it.
 */
export function RoundFrame({ round, samples, children }: { round: Round; samples: SamplesState; children: ReactNode }) {
  const { t } = useTranslation('eartraining');
  const frame = useRef<HTMLDivElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const last = round.answers[round.answers.length - 1];
  // Started before the samples were there: the round begins once they are.
  const [startWhenReady, setStartWhenReady] = useState(false);
  useEffect(() => {
    if (startWhenReady && samples.status === 'ready') {
      setStartWhenReady(false);
      round.start();
    }
  }, [startWhenReady, samples.status, round]);

  useEffect(() => {
    if (round.phase === 'answered') next.current?.focus();
    if (round.phase === 'asking') frame.current?.querySelector<HTMLElement>('[data-question-focus]')?.focus();
  }, [round.phase]);

  if (samples.status === 'unsupported') return <ErrorAlert>{t('exercise.noAudio')}</ErrorAlert>;
  if (round.phase === 'ready') {
    return (
      <Stack gap="md" align="flex-start">
        <Text>{t('exercise.ready', { count: round.total })}</Text>
        <SampleProgress samples={samples} />
        <Button
          size="md"
          onClick={() => {
            if (samples.status === 'ready') return round.start();
            // The audio starts in this click; the first question plays when the samples have come.
            startAudio();
            setStartWhenReady(true);
            samples.retry();
          }}
          loading={startWhenReady}
          disabled={samples.status === 'loading' || samples.status === 'failed'}
          data-testid="round-start"
        >
          {t('exercise.startRound')}
        </Button>
      </Stack>
    );
  }
  if (round.phase === 'finished') return <RoundSummary round={round} />;
  return (
    <Stack gap="md" ref={frame}>
      <div>
        <Text size="sm" fw={500} data-testid="round-progress">
          {t('exercise.progress', { number: round.number, total: round.total })}
        </Text>
        <Progress
          value={(100 * round.answers.length) / round.total}
          aria-label={t('exercise.progress', { number: round.number, total: round.total })}
          mt={4}
        />
      </div>
      {children}
      {round.phase === 'answered' && last && (
        <>
          <Feedback question={last.question} chosen={last.chosen} />
          <Group>
            <Button ref={next} onClick={round.next} data-testid="round-next">
              {round.answers.length >= round.total ? t('exercise.finish') : t('exercise.next')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** How far the piano's samples have loaded, or that they could not be. */
function SampleProgress({ samples }: { samples: SamplesState }) {
  const { t } = useTranslation('eartraining');
  if (samples.status === 'failed') {
    return (
      <ErrorAlert>
        {t('exercise.loadFailed')}{' '}
        <Button variant="subtle" size="compact-sm" onClick={samples.retry}>
          {t('exercise.retryLoad')}
        </Button>
      </ErrorAlert>
    );
  }
  if (samples.status !== 'loading' || samples.total === 0) return null;
  const label = t('exercise.loading', { done: samples.done, total: samples.total });
  return (
    <div style={{ width: '100%', maxWidth: 360 }} data-testid="samples-loading">
      <Text size="sm">{label}</Text>
      <Progress value={(100 * samples.done) / samples.total} aria-label={label} mt={4} />
    </div>
  );
}

/** The end of a round: the score, the xp it earned (signed in), what to practise, and another round. */
function RoundSummary({ round }: { round: Round }) {
  const { t } = useTranslation('eartraining');
  const session = useSession();
  const phrase = useIntervalPhrase();
  const rules = useXpRules();
  const right = round.answers.filter((answer) => answer.right).length;
  const missed = [
    ...new Set(round.answers.filter((answer) => !answer.right).map((answer) => answer.question.interval)),
  ];
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => again.current?.focus(), []);

  return (
    <Stack gap="md" align="flex-start" data-testid="round-summary">
      <Title order={2} size="h3">
        {t('summary.title')}
      </Title>
      <Text size="lg" data-testid="round-score">
        {t('summary.score', { right, total: round.answers.length })}
      </Text>
      {round.result && round.result.passed !== null && (
        <Alert
          variant="light"
          {...alertTone(round.result.passed ? 'teal' : 'orange')}
          role="status"
          data-testid="round-passed"
          data-passed={round.result.passed}
        >
          {t(round.result.passed ? 'summary.passed' : 'summary.notPassed')}
        </Alert>
      )}
      {missed.length > 0 && <Text>{t('summary.toPractise', { intervals: missed.map(phrase).join(', ') })}</Text>}
      {session.token === null ? (
        <Text>
          {t('summary.signInToKeep')} <Link to="/login">{t('hub.signIn')}</Link>
        </Text>
      ) : round.saving ? (
        <Text role="status">{t('summary.saving')}</Text>
      ) : round.saveFailed ? (
        <ErrorAlert>
          {t('summary.saveFailed')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={round.retrySave}>
            {t('summary.retry')}
          </Button>
        </ErrorAlert>
      ) : (
        round.result && (
          <Alert
            variant="light"
            {...alertTone(round.result.xp > 0 ? 'teal' : 'yellow')}
            role="status"
            data-testid="round-xp"
          >
            {round.result.xp > 0
              ? t('summary.xp', { count: round.result.xp })
              : t('summary.noXp', {
                  perAnswer: rules.data?.PerRightAnswer ?? '…',
                  round: rules.data?.RoundMax ?? '…',
                  day: rules.data?.DailyMax ?? '…',
                })}
          </Alert>
        )
      )}
      <Button ref={again} onClick={round.start} data-testid="round-again">
        {t('summary.again')}
      </Button>
    </Stack>
  );
}
