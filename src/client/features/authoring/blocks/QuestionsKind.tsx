import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FieldError } from '../../../components/Notices';
import classes from './blockEditor.module.css';
import { Advice, RichField, SharedNote, useOriginal } from './fields';
import { newId } from './ids';
import { type ContentDrafts, newQuestion, type QuestionDraft, questionIds } from './model';
import { type KindProps, useScope } from './scope';

type Questions = ContentDrafts['Quiz'];

/** Where the focus goes after a change that moves or removes the control that had it. */
type Focus = { id: string } | null;

/**
 * A quiz or a test: its introduction, its questions (text, one or several right answers, the answers and which
 * are right), added, removed and reordered; a test also its pass mark. While translating, only the texts.
 */
export function QuestionsKind({ block, content, base, change }: KindProps<'Quiz' | 'Test'>) {
  const { t } = useTranslation('blockEditor');
  const scope = useScope();
  const translating = scope.translation !== null;
  const [removing, setRemoving] = useState<number | null>(null);
  const [focus, setFocus] = useState<Focus>(null);

  useEffect(() => {
    if (!focus) return;
    document.getElementById(focus.id)?.focus();
    setFocus(null);
  }, [focus]);

  const changeQuestion = (id: string, update: (question: QuestionDraft) => QuestionDraft) => {
    change((current) => ({
      ...current,
      questions: current.questions.map((question) => (question.id === id ? update(question) : question)),
    }));
    scope.touch(`q:${id}`);
  };

  const move = (index: number, by: -1 | 1) => {
    const question = content.questions[index];
    if (!question) return;
    change((current) => {
      const questions = [...current.questions];
      const [moved] = questions.splice(index, 1);
      if (moved) questions.splice(index + by, 0, moved);
      return { ...current, questions };
    });
    // The button pressed stays under the focus; at the end of the list, the one still usable takes it.
    const target = index + by;
    const edge = target === 0 ? 'down' : target === content.questions.length - 1 ? 'up' : by < 0 ? 'up' : 'down';
    setFocus({ id: `${scope.idPrefix}-q-${question.id}-${edge}` });
  };

  const remove = (index: number) => {
    change((current) => ({ ...current, questions: current.questions.filter((_, at) => at !== index) }));
    setRemoving(null);
    setFocus({ id: `${scope.idPrefix}-add-question` });
  };

  const add = () => {
    const question = newQuestion(questionIds(content));
    change((current) => ({ ...current, questions: [...current.questions, question] }));
    setFocus({ id: `${scope.idPrefix}-q-${question.id}-text` });
  };

  const baseById = new Map(base.questions.map((question) => [question.id, question]));
  const count = content.questions.length;

  return (
    <Stack gap="md">
      <RichField
        label={t('questions.intro')}
        html={content.intro}
        original={base.intro}
        onChange={(intro) => change((current) => ({ ...current, intro }))}
      />
      {block.BlockType === 'Test' && !translating && <PassMark content={content} change={change} />}
      {translating && (
        <SharedNote>{t('translation.structureShared', { language: scope.defaultLanguageName })}</SharedNote>
      )}
      {content.questions.map((question, index) => (
        <QuestionEditor
          key={question.id}
          question={question}
          original={baseById.get(question.id)}
          number={index + 1}
          count={count}
          taken={() => questionIds(content)}
          onChange={(update) => changeQuestion(question.id, update)}
          onMove={(by) => move(index, by)}
          onRemove={() =>
            question.text.trim() || question.options.some((option) => option.text.trim())
              ? setRemoving(index)
              : remove(index)
          }
          onFocus={setFocus}
        />
      ))}
      {scope.issue('questions') && <FieldError>{scope.issue('questions')}</FieldError>}
      {!translating && (
        <Group>
          <Button
            id={`${scope.idPrefix}-add-question`}
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={add}
            data-testid="question-add"
          >
            {t('questions.addQuestion')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('questions.confirmTitle', { number: (removing ?? 0) + 1 })}
        text={t('questions.confirmText')}
        cancel={t('questions.cancel')}
        onCancel={() => setRemoving(null)}
        confirm={t('questions.confirm')}
        confirmColor="red"
        onConfirm={() => removing !== null && remove(removing)}
        focusCancel
      />
    </Stack>
  );
}

/** A test's pass mark: a whole percentage from 0 to 100. */
function PassMark({ content, change }: { content: Questions; change: KindProps<'Test'>['change'] }) {
  const { t } = useTranslation('blockEditor');
  const scope = useScope();
  return (
    <NumberInput
      label={t('questions.passPercent')}
      description={t('questions.passPercentDescription')}
      value={content.passPercent ?? ''}
      min={0}
      max={100}
      step={5}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      withAsterisk
      styles={{ wrapper: { maxWidth: 160 } }}
      error={scope.issue('passPercent')}
      onChange={(value) => {
        change((current) => ({ ...current, passPercent: typeof value === 'number' ? value : null }));
        scope.touch('passPercent');
      }}
      onBlur={() => scope.touch('passPercent')}
      data-testid="pass-percent"
    />
  );
}

function QuestionEditor({
  question,
  original,
  number,
  count,
  taken,
  onChange,
  onMove,
  onRemove,
  onFocus,
}: {
  question: QuestionDraft;
  /** The question in the default language, while translating. */
  original: QuestionDraft | undefined;
  number: number;
  count: number;
  taken(): string[];
  onChange(update: (question: QuestionDraft) => QuestionDraft): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  onFocus(focus: Focus): void;
}) {
  const { t } = useTranslation('blockEditor');
  const scope = useScope();
  const originalText = useOriginal();
  const translating = scope.translation !== null;
  const id = `${scope.idPrefix}-q-${question.id}`;
  const answersId = `${id}-answers`;
  const correctIssue = scope.issue(`q:${question.id}:correct`);
  const optionsIssue = scope.issue(`q:${question.id}:options`) ?? scope.issue(`q:${question.id}`);
  const visited = scope.visited(`q:${question.id}`);
  const originalOptions = new Map(original?.options.map((option) => [option.id, option.text]));

  const setOption = (optionId: string, text: string) =>
    onChange((current) => ({
      ...current,
      options: current.options.map((option) => (option.id === optionId ? { ...option, text } : option)),
    }));

  const toggleCorrect = (optionId: string, right: boolean) =>
    onChange((current) => {
      if (!current.multiple) return { ...current, correct: right ? [optionId] : [] };
      const others = current.correct.filter((other) => other !== optionId);
      return { ...current, correct: right ? [...others, optionId] : others };
    });

  const addOption = () => {
    const optionId = newId(taken());
    onChange((current) => ({ ...current, options: [...current.options, { id: optionId, text: '' }] }));
    onFocus({ id: `${id}-option-${optionId}` });
  };

  const removeOption = (optionId: string) => {
    onChange((current) => ({
      ...current,
      options: current.options.filter((option) => option.id !== optionId),
      correct: current.correct.filter((other) => other !== optionId),
    }));
    onFocus({ id: `${id}-add-option` });
  };

  return (
    <Fieldset legend={t('questions.question', { number })} data-testid="question-editor" p="sm">
      <Stack gap="sm">
        {!translating && (
          <Group gap={4} justify="flex-end">
            <ActionIcon
              id={`${id}-up`}
              variant="subtle"
              aria-label={t('questions.moveUp', { number })}
              disabled={number === 1}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              id={`${id}-down`}
              variant="subtle"
              aria-label={t('questions.moveDown', { number })}
              disabled={number === count}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('questions.removeQuestion', { number })}
              disabled={count <= 1}
              onClick={onRemove}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        )}
        <Textarea
          id={`${id}-text`}
          label={t('questions.text')}
          description={original ? originalText(original.text) : undefined}
          autosize
          minRows={1}
          value={question.text}
          onChange={(event) => {
            const text = event.currentTarget.value;
            onChange((current) => ({ ...current, text }));
          }}
          data-testid="question-text"
        />
        {!translating && visited && !question.text.trim() && <Advice>{t('questions.textMissing')}</Advice>}
        {!translating && (
          <Switch
            label={t('questions.multiple')}
            checked={question.multiple}
            onChange={(event) => {
              const multiple = event.currentTarget.checked;
              onChange((current) => ({
                ...current,
                multiple,
                // One right answer is kept when only one may be right.
                correct: multiple ? current.correct : current.correct.slice(0, 1),
              }));
            }}
          />
        )}
        <Stack gap="xs" role="group" aria-labelledby={`${answersId}-label`}>
          <Text size="sm" fw={500} id={`${answersId}-label`}>
            {translating
              ? t('questions.answersTranslated')
              : question.multiple
                ? t('questions.answersMultiple')
                : t('questions.answers')}
          </Text>
          {question.options.map((option, index) => {
            const answerNumber = index + 1;
            const right = question.correct.includes(option.id);
            const Choice = question.multiple ? Checkbox : Radio;
            return (
              <Group key={option.id} gap="xs" wrap="nowrap" align="center" className={classes.option}>
                {!translating && (
                  <Choice
                    name={`${id}-right`}
                    value={option.id}
                    checked={right}
                    onChange={(event) => toggleCorrect(option.id, event.currentTarget.checked)}
                    aria-label={t('questions.isRight', { number: answerNumber })}
                    data-testid="option-right"
                  />
                )}
                <TextInput
                  id={`${id}-option-${option.id}`}
                  className={classes.optionInput}
                  aria-label={t('questions.answer', { number: answerNumber })}
                  placeholder={t('questions.answer', { number: answerNumber })}
                  description={translating ? originalText(originalOptions.get(option.id) ?? '') : undefined}
                  value={option.text}
                  onChange={(event) => setOption(option.id, event.currentTarget.value)}
                  data-testid="option-text"
                />
                {!translating && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('questions.removeAnswer', { number: answerNumber })}
                    disabled={question.options.length <= 2}
                    onClick={() => removeOption(option.id)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            );
          })}
        </Stack>
        {!translating && visited && question.options.some((option) => !option.text.trim()) && (
          <Advice>{t('questions.answerTextMissing')}</Advice>
        )}
        {correctIssue && <FieldError>{correctIssue}</FieldError>}
        {optionsIssue && <FieldError>{optionsIssue}</FieldError>}
        {!translating && (
          <Group>
            <Button
              id={`${id}-add-option`}
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={addOption}
            >
              {t('questions.addAnswer')}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
