import { Alert, Button, Checkbox, Group, Paper, Progress, Radio, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Answer, SurveyForm } from '../../../../shared/contract/surveys/surveys';
import { SURVEY_LIMITS, type SurveyState } from '../../../../shared/domain/surveys/surveys';
import { ApiError, call } from '../../../app/api';
import { errorText, isMissing } from '../../../components/errorText';
import { ErrorAlert, Loading } from '../../../components/LoadState';
import { useSurveyChange, useSurveyForm } from '../queries';

type Form = z.infer<typeof SurveyForm>;
type Question = Form['Questions'][number];
type AnswerValue = z.infer<typeof Answer>;
type Answers = Record<number, AnswerValue>;

/** Where a survey's unsent answers wait in this browser, so a reload or a lost tab loses nothing typed. */
const draftKey = (surveyId: number) => `survey-draft-${surveyId}`;

function readDraft(surveyId: number): Answers | null {
  try {
    const stored = localStorage.getItem(draftKey(surveyId));
    return stored ? (JSON.parse(stored) as Answers) : null;
  } catch {
    return null;
  }
}

const isAnswered = (question: Question, answer: AnswerValue | undefined): boolean => {
  if (!answer) return false;
  switch (question.Kind) {
    case 'single':
      return answer.Choice !== null && answer.Choice !== undefined;
    case 'multiple':
      return (answer.Choices?.length ?? 0) > 0;
    case 'text':
      return (answer.Text ?? '').trim() !== '';
    default:
      return answer.Value !== null && answer.Value !== undefined;
  }
};

/**
 * A survey to answer (signed in): with the progress through its questions and the answers kept in the browser while
 * they are given; answered, closed, not yet open and not-for-you surveys say so. The page /survey/:survey_id shows it
 * under the page's heading; a course's Survey block in place, answered from that course (`courseId`).
 */
export function SurveyView({
  id,
  courseId = 0,
  heading,
  missingText,
}: {
  id: number;
  courseId?: number;
  /** What a survey that is not there (or still a draft) says; the page's own text unless given. */
  missingText?: string;
  /** The survey's title and intro as the place showing it heads them. */
  heading(title: string, intro: string): ReactNode;
}) {
  const { t } = useTranslation('surveys');
  const survey = useSurveyForm(id);
  const answer = survey.data;
  // Kept here: once she has answered, the survey comes back `answered`, and the thanks stay in its place.
  const [thanked, setThanked] = useState(false);
  if (survey.isError && !answer) {
    return (
      <>
        {heading(t('answer.title'), '')}
        <ErrorAlert>
          {isMissing(survey.error) || id === 0 ? (missingText ?? t('answer.notFound')) : t('answer.loadFailed')}
        </ErrorAlert>
      </>
    );
  }
  if (!answer) return <Loading section />;
  return (
    <>
      {heading(answer.data.Title, answer.data.Intro)}
      {thanked ? (
        <Alert color="green" variant="light" data-testid="survey-thanks">
          {t(answer.data.AllowChange ? 'answer.thanksChange' : 'answer.thanks')}
        </Alert>
      ) : answer.State === 'open' ? (
        <SurveyAnswers
          key={answer.data.Id}
          form={answer.data}
          courseId={courseId}
          saved={answer.Answers}
          onDone={() => setThanked(true)}
        />
      ) : (
        <StateNote state={answer.State} form={answer.data} />
      )}
    </>
  );
}

function StateNote({ state, form }: { state: SurveyState; form: Form }) {
  const { t, i18n } = useTranslation('surveys');
  const day = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language === 'sv' ? 'sv-SE' : 'en-GB', { dateStyle: 'long' }).format(new Date(iso))
      : '';
  const color = state === 'answered' ? 'green' : state === 'notForYou' ? 'gray' : 'yellow';
  return (
    <Alert color={color} variant="light" data-testid="survey-state" data-state={state}>
      {t(`answer.states.${state}`, { date: day(form.OpensAt) })}
    </Alert>
  );
}

function SurveyAnswers({
  form,
  courseId,
  saved,
  onDone,
}: {
  form: Form;
  courseId: number;
  saved: AnswerValue[];
  onDone(): void;
}) {
  const { t } = useTranslation('surveys');
  const [answers, setAnswers] = useState<Answers>(
    () => readDraft(form.Id) ?? Object.fromEntries(saved.map((answer) => [answer.QuestionId, answer])),
  );
  const [missing, setMissing] = useState<Set<number>>(new Set());
  const send = useSurveyChange((given: AnswerValue[]) =>
    call('surveys.php', 'answer_survey', { Id: form.Id, CourseId: courseId, Answers: given }),
  );

  useEffect(() => {
    localStorage.setItem(draftKey(form.Id), JSON.stringify(answers));
  }, [answers, form.Id]);

  const answered = useMemo(
    () => form.Questions.filter((question) => isAnswered(question, answers[question.Id])).length,
    [answers, form.Questions],
  );
  const set = (questionId: number, value: Partial<AnswerValue>) => {
    setAnswers((before) => ({ ...before, [questionId]: { QuestionId: questionId, ...value } }));
    setMissing((before) => {
      const next = new Set(before);
      next.delete(questionId);
      return next;
    });
  };

  const submit = async () => {
    const unanswered = form.Questions.filter((q) => q.Required && !isAnswered(q, answers[q.Id])).map((q) => q.Id);
    if (unanswered.length > 0) {
      setMissing(new Set(unanswered));
      document.getElementById(`question-${unanswered[0]}`)?.focus();
      return;
    }
    try {
      await send.mutateAsync(
        form.Questions.flatMap((q) => (isAnswered(q, answers[q.Id]) ? [answers[q.Id] as AnswerValue] : [])),
      );
      localStorage.removeItem(draftKey(form.Id));
      onDone();
    } catch {
      // The alert below says what went wrong.
    }
  };

  return (
    <Stack gap="lg">
      {form.Anonymous && (
        <Text size="sm" c="dimmed">
          {t('answer.anonymous')}
        </Text>
      )}
      <Stack gap={4}>
        <Text size="sm" id="survey-progress-label">
          {t('answer.progress', { answered, count: form.Questions.length })}
        </Text>
        <Progress.Root data-testid="survey-progress">
          <Progress.Section
            value={form.Questions.length === 0 ? 0 : (answered / form.Questions.length) * 100}
            aria-label={t('answer.progress', { answered, count: form.Questions.length })}
          />
        </Progress.Root>
      </Stack>
      {form.Questions.map((question, index) => (
        <Paper key={question.Id} withBorder p="md" data-testid="survey-question" data-kind={question.Kind}>
          <QuestionField
            question={question}
            number={index + 1}
            answer={answers[question.Id]}
            onChange={(value) => set(question.Id, value)}
            error={missing.has(question.Id) ? t('answer.required') : undefined}
          />
        </Paper>
      ))}
      {send.error && (
        <ErrorAlert>
          {send.error instanceof ApiError && send.error.code === 'INVALID_STATE'
            ? t('answer.refused')
            : errorText(send.error)}
        </ErrorAlert>
      )}
      <Group>
        <Button onClick={() => void submit()} loading={send.isPending} data-testid="survey-submit">
          {t('answer.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function QuestionField({
  question,
  number,
  answer,
  onChange,
  error,
}: {
  question: Question;
  number: number;
  answer: AnswerValue | undefined;
  onChange(value: Partial<AnswerValue>): void;
  error: string | undefined;
}) {
  const { t } = useTranslation('surveys');
  const label = `${number}. ${question.Text}`;
  const common = { id: `question-${question.Id}`, label, withAsterisk: question.Required, error };
  switch (question.Kind) {
    case 'single':
      return (
        <Radio.Group
          {...common}
          value={answer?.Choice === null || answer?.Choice === undefined ? null : String(answer.Choice)}
          onChange={(value) => onChange({ Choice: Number(value) })}
        >
          <Stack gap="xs" mt="xs">
            {question.Options.map((option, index) => (
              <Radio key={option} value={String(index)} label={option} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Checkbox.Group
          {...common}
          value={(answer?.Choices ?? []).map(String)}
          onChange={(values) => onChange({ Choices: values.map(Number) })}
        >
          <Stack gap="xs" mt="xs">
            {question.Options.map((option, index) => (
              <Checkbox key={option} value={String(index)} label={option} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'scale':
    case 'yes_no': {
      const values =
        question.Kind === 'yes_no'
          ? [
              { value: 1, label: t('answer.yes') },
              { value: 0, label: t('answer.no') },
            ]
          : Array.from({ length: question.ScaleMax - question.ScaleMin + 1 }, (_, i) => ({
              value: question.ScaleMin + i,
              label: String(question.ScaleMin + i),
            }));
      return (
        <Radio.Group
          {...common}
          value={answer?.Value === null || answer?.Value === undefined ? null : String(answer.Value)}
          onChange={(value) => onChange({ Value: Number(value) })}
        >
          <Group gap="sm" mt="xs" wrap="wrap">
            {question.Kind === 'scale' && question.Low && (
              <Text size="xs" c="dimmed">
                {question.Low}
              </Text>
            )}
            {values.map((each) => (
              <Radio key={each.value} value={String(each.value)} label={each.label} />
            ))}
            {question.Kind === 'scale' && question.High && (
              <Text size="xs" c="dimmed">
                {question.High}
              </Text>
            )}
          </Group>
        </Radio.Group>
      );
    }
    default:
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxLength={SURVEY_LIMITS.text}
          value={answer?.Text ?? ''}
          onChange={(event) => onChange({ Text: event.currentTarget.value })}
        />
      );
  }
}
