import { Alert, Badge, Button, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockOf, BlockResult, Question } from '../../../../shared/contract/learning/courseShapes';
import { errorText } from '../../../components/errorText';
import { FieldError } from '../../../components/Notices';
import { RichText } from '../../../components/RichText';
import { showToast } from '../../../components/toast';
import { alertTone, tone } from '../../../components/tone';
import { type Answers, allAnswered, verdicts } from './answers';
import { useBlockHost } from './BlockHost';
import classes from './blocks.module.css';

/**
 * A quiz or a test: choose, submit, and see the score; a test also passes or not. A quiz says per question whether
 * it was right. A test says it only once passed or once its last attempt is used (the server sends it no sooner),
 * and shows the attempts left; with none left it can no longer be submitted.
 */
export function QuestionsBlock({ block }: { block: BlockOf<'Quiz' | 'Test'> }) {
  const { t } = useTranslation('learning');
  const host = useBlockHost();
  const { intro, questions, passPercent, attemptsAllowed, result } = block.Content;
  const isTest = block.BlockType === 'Test';
  const [answers, setAnswers] = useState<Answers>({});
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState<{ answers: Answers; result: BlockResult } | null>(null);
  const limited = isTest && !host.staff && attemptsAllowed !== null;
  const attemptsLeft = limited ? (result ? result.attempts_left : attemptsAllowed) : null;
  const usedUp = attemptsLeft === 0;
  const canSubmit = host.mode === 'course' && host.submitAnswers !== undefined && !usedUp;
  // With every attempt used, the last result is final: it says which questions were right, whatever is on screen.
  const rightById =
    usedUp && result?.questions
      ? new Map(result.questions.map((q) => [q.id, q.correct] as const))
      : verdicts(checked, answers);

  const submit = async () => {
    if (!host.submitAnswers) return;
    if (!allAnswered(questions, answers)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBusy(true);
    try {
      const submitted = answers;
      setChecked({ answers: submitted, result: await host.submitAnswers(block.Id, submitted) });
    } catch (error) {
      console.warn('submit_answers failed', error);
      showToast(
        errorText(error, () => t('somethingWrong')),
        'red',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid={isTest ? 'test-block' : 'quiz-block'}>
      <RichText html={intro} />
      {isTest && passPercent !== null && (
        <Text size="sm" c="dimmed">
          {t('blocks.questions.passMark', { percent: passPercent })}
        </Text>
      )}
      {isTest && attemptsAllowed !== null && !result && (
        <Text size="sm" c="dimmed" data-testid="test-attempts-allowed">
          {host.staff
            ? t('blocks.questions.attemptsForLearners', { count: attemptsAllowed })
            : t('blocks.questions.attemptsAllowed', { count: attemptsAllowed })}
        </Text>
      )}
      {questions.map((question, index) => (
        <QuestionField
          key={question.id}
          blockId={block.Id}
          question={question}
          number={index + 1}
          value={answers[question.id] ?? []}
          onChange={(value) => {
            setAnswers((current) => ({ ...current, [question.id]: value }));
            setMissing(false);
          }}
          right={rightById.get(question.id)}
          showCorrect={host.staff}
          disabled={!canSubmit || busy}
        />
      ))}
      {missing && <FieldError>{t('blocks.questions.answerAll')}</FieldError>}
      {canSubmit ? (
        <Group>
          <Button onClick={submit} loading={busy} data-testid="submit-answers">
            {isTest ? t('blocks.questions.submitTest') : t('blocks.questions.check')}
          </Button>
        </Group>
      ) : usedUp ? null : (
        <Text size="sm" c="dimmed">
          {t('blocks.questions.signInToCheck')}
        </Text>
      )}
      {result && <ResultSummary result={result} isTest={isTest} limited={limited} />}
    </Stack>
  );
}

function QuestionField(props: {
  blockId: number;
  question: Question;
  number: number;
  value: string[];
  onChange(value: string[]): void;
  right: boolean | undefined;
  showCorrect: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('learning');
  const { question, value, right } = props;
  const name = `block-${props.blockId}-${question.id}`;
  const label = (text: string, optionId: string) =>
    props.showCorrect && question.correct?.includes(optionId) ? (
      <>
        {text}{' '}
        <Badge size="xs" variant="light" {...tone('teal')}>
          {t('blocks.questions.correctOption')}
        </Badge>
      </>
    ) : (
      text
    );
  const legend = (
    <>
      <Group component="span" gap="xs" justify="space-between" wrap="nowrap" mih={22}>
        <span className={classes.questionNumber}>{t('blocks.questions.questionLabel', { number: props.number })}</span>
        {right !== undefined && <Verdict right={right} />}
      </Group>
      <span className={classes.questionText}>{question.text}</span>
    </>
  );
  const description = question.multiple ? t('blocks.questions.chooseMany') : t('blocks.questions.chooseOne');

  // A question with several right options is checkboxes, one with a single right option radio buttons.
  const group = { label: legend, description, labelProps: { className: classes.questionLabel } };
  const choices = (Choice: typeof Checkbox | typeof Radio) => (
    <Stack gap="xs" mt="xs">
      {question.options.map((option) => (
        <Choice key={option.id} value={option.id} label={label(option.text, option.id)} disabled={props.disabled} />
      ))}
    </Stack>
  );

  return (
    <div className={classes.question} data-testid="question" data-right={right}>
      {question.multiple ? (
        <Checkbox.Group {...group} value={value} onChange={props.onChange}>
          {choices(Checkbox)}
        </Checkbox.Group>
      ) : (
        <Radio.Group {...group} name={name} value={value[0] ?? null} onChange={(option) => props.onChange([option])}>
          {choices(Radio)}
        </Radio.Group>
      )}
    </div>
  );
}

function Verdict({ right }: { right: boolean }) {
  const { t } = useTranslation('learning');
  return (
    <Badge
      variant="light"
      {...tone(right ? 'teal' : 'red')}
      leftSection={right ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
      style={{ flexShrink: 0 }}
      data-testid="verdict"
    >
      {right ? t('blocks.questions.right') : t('blocks.questions.wrong')}
    </Badge>
  );
}

function ResultSummary({ result, isTest, limited }: { result: BlockResult; isTest: boolean; limited: boolean }) {
  const { t } = useTranslation('learning');
  const allRight = result.score === result.max_score;
  const good = isTest ? result.passed : allRight;
  const left = result.attempts_left;
  const advice = allRight
    ? t('blocks.questions.allRight')
    : left === 0
      ? t('blocks.questions.usedAll')
      : result.questions === null
        ? limited
          ? t('blocks.questions.hiddenUntilDone')
          : t('blocks.questions.hiddenUntilPass')
        : t('blocks.questions.tryAgain');
  return (
    <Alert
      variant="light"
      {...alertTone(good ? 'teal' : 'orange')}
      title={t('blocks.questions.lastResult')}
      role="status"
      data-testid="questions-result"
      data-passed={result.passed}
    >
      <Stack gap={4}>
        <Text fw={600} data-testid="questions-score">
          {t('blocks.questions.score', { score: result.score, max: result.max_score })}
        </Text>
        {isTest && (
          <Group gap="xs">
            <Badge color={result.passed ? 'teal.9' : 'red.9'} variant="filled" data-testid="test-verdict">
              {result.passed ? t('blocks.questions.passed') : t('blocks.questions.failed')}
            </Badge>
            <Text size="sm" data-testid="test-attempts">
              {t('blocks.questions.attempts', { count: result.attempts })}
            </Text>
            {left !== null && (
              <Text size="sm" fw={600} data-testid="test-attempts-left" data-left={left}>
                {left === 0
                  ? t('blocks.questions.noAttemptsLeft')
                  : t('blocks.questions.attemptsLeft', { count: left })}
              </Text>
            )}
          </Group>
        )}
        <Text size="sm" data-testid="questions-advice">
          {advice}
        </Text>
      </Stack>
    </Alert>
  );
}
