import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { Survey, SurveyInput } from '../../../../shared/contract/surveys/surveys';
import { supportedLanguages } from '../../../../shared/domain/language';
import {
  type QuestionKind,
  questionKinds,
  SURVEY_LIMITS,
  type SurveyAudience,
  surveyAudiences,
} from '../../../../shared/domain/surveys/surveys';
import { call } from '../../../app/api';
import { errorText, isMissing } from '../../../components/errorText';
import { ErrorAlert, Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { SortableList } from '../../../components/SortableList';
import { showToast } from '../../../components/toast';
import { useCompanyOptions, useCourseOptions } from '../../administration';
import { useSurveyAdmin, useSurveyChange } from '../queries';
import { SurveyStatusBadge } from './SurveyStatusBadge';

type Language = (typeof supportedLanguages)[number];
type QuestionTexts = { Text: string; Options: string; Low: string; High: string };
interface QuestionDraft {
  key: number;
  Id: number;
  Kind: QuestionKind;
  Required: boolean;
  ScaleMax: 5 | 10;
  Texts: Record<Language, QuestionTexts>;
}
interface SurveyDraft {
  Texts: Record<Language, { Title: string; Intro: string }>;
  Anonymous: boolean;
  AllowChange: boolean;
  Audience: SurveyAudience;
  AudienceId: string | null;
  OpensAt: string;
  ClosesAt: string;
  AfterCourseId: string | null;
  Questions: QuestionDraft[];
}

let nextKey = -1;
const emptyTexts = (): Record<Language, QuestionTexts> => ({
  en: { Text: '', Options: '', Low: '', High: '' },
  sv: { Text: '', Options: '', Low: '', High: '' },
});
const newQuestion = (kind: QuestionKind = 'single'): QuestionDraft => ({
  key: nextKey--,
  Id: 0,
  Kind: kind,
  Required: false,
  ScaleMax: 5,
  Texts: emptyTexts(),
});

function draftOf(survey: Survey | undefined): SurveyDraft {
  const texts = (language: Language) => ({
    Title: survey?.Texts[language]?.Title ?? '',
    Intro: survey?.Texts[language]?.Intro ?? '',
  });
  return {
    Texts: { en: texts('en'), sv: texts('sv') },
    Anonymous: survey?.Anonymous ?? false,
    AllowChange: survey?.AllowChange ?? false,
    Audience: survey?.Audience ?? 'all',
    AudienceId: survey?.AudienceId ? String(survey.AudienceId) : null,
    OpensAt: survey?.OpensAt?.slice(0, 10) ?? '',
    ClosesAt: survey?.ClosesAt?.slice(0, 10) ?? '',
    AfterCourseId: survey?.AfterCourseId ? String(survey.AfterCourseId) : null,
    Questions: survey
      ? survey.Questions.map((question) => ({
          key: question.Id,
          Id: question.Id,
          Kind: question.Kind,
          Required: question.Required,
          ScaleMax: question.ScaleMax === 10 ? 10 : 5,
          Texts: Object.fromEntries(
            supportedLanguages.map((language) => {
              const t = question.Texts[language];
              return [
                language,
                { Text: t?.Text ?? '', Options: (t?.Options ?? []).join('\n'), Low: t?.Low ?? '', High: t?.High ?? '' },
              ];
            }),
          ) as Record<Language, QuestionTexts>,
        }))
      : [newQuestion()],
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

function inputOf(id: number, draft: SurveyDraft): z.input<typeof SurveyInput> {
  return {
    Id: id,
    Texts: Object.fromEntries(
      supportedLanguages.filter((l) => draft.Texts[l].Title.trim() !== '').map((l) => [l, draft.Texts[l]]),
    ),
    Anonymous: draft.Anonymous,
    AllowChange: draft.AllowChange && !draft.Anonymous,
    Audience: draft.Audience,
    AudienceId: draft.Audience === 'all' ? 0 : Number(draft.AudienceId ?? 0),
    OpensAt: draft.OpensAt ? `${draft.OpensAt}T00:00:00.000Z` : null,
    ClosesAt: draft.ClosesAt ? `${draft.ClosesAt}T23:59:59.999Z` : null,
    AfterCourseId: Number(draft.AfterCourseId ?? 0),
    Questions: draft.Questions.map((question) => ({
      Id: question.Id,
      Kind: question.Kind,
      Required: question.Required,
      ScaleMax: question.ScaleMax,
      Texts: Object.fromEntries(
        supportedLanguages
          .filter((l) => question.Texts[l].Text.trim() !== '')
          .map((l) => [
            l,
            {
              Text: question.Texts[l].Text,
              Options: lines(question.Texts[l].Options),
              Low: question.Texts[l].Low,
              High: question.Texts[l].High,
            },
          ]),
      ),
    })),
  };
}

/** /admin/surveys/:id: a survey's texts in both languages, its audience and dates, and its questions in order. */
export function SurveyEditor({ surveyId }: { surveyId: number }) {
  const { t } = useTranslation('surveys');
  const survey = useSurveyAdmin(surveyId);
  if (surveyId > 0 && !survey.data) {
    return (
      <Container size="lg" py="xl">
        {survey.isError ? (
          <ErrorAlert>{isMissing(survey.error) ? t('editor.notFound') : t('editor.loadFailed')}</ErrorAlert>
        ) : (
          <Loading section />
        )}
      </Container>
    );
  }
  return <EditorForm surveyId={surveyId} survey={survey.data} />;
}

function EditorForm({ surveyId, survey }: { surveyId: number; survey: Survey | undefined }) {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const [draft, setDraft] = useState<SurveyDraft>(() => draftOf(survey));
  const courses = useCourseOptions();
  const companies = useCompanyOptions();
  const locked = (survey?.Responses ?? 0) > 0;
  const save = useSurveyChange((input: z.input<typeof SurveyInput>) =>
    call('surveys.php', 'save_survey', { Survey: input }),
  );
  const change = (patch: Partial<SurveyDraft>) => setDraft((before) => ({ ...before, ...patch }));
  const setQuestion = (key: number, patch: Partial<QuestionDraft>) =>
    change({ Questions: draft.Questions.map((q) => (q.key === key ? { ...q, ...patch } : q)) });

  const submit = async () => {
    try {
      const answer = await save.mutateAsync(inputOf(surveyId, draft));
      showToast(t('editor.saved'), 'green');
      if (surveyId === 0) navigate(`/admin/surveys/${answer.data.Id}`, { replace: true });
      else setDraft(draftOf(answer.data));
    } catch {
      // The alert below says what went wrong.
    }
  };

  const courseOptions = (courses.data ?? []).map((course) => ({ value: String(course.Id), label: course.Name }));
  const companyOptions = (companies.data ?? []).map((company) => ({ value: String(company.Id), label: company.Name }));
  const languageName = (language: Language) => t(`languages.${language}`);
  const sortTexts = {
    help: t('editor.sort.help'),
    picked: (name: string, position: number, count: number) => t('editor.sort.picked', { name, position, count }),
    moved: (name: string, position: number, count: number) => t('editor.sort.moved', { name, position, count }),
    dropped: (name: string, position: number, count: number) => t('editor.sort.dropped', { name, position, count }),
    cancelled: (name: string) => t('editor.sort.cancelled', { name }),
    handle: (name: string) => t('editor.sort.handle', { name }),
  };
  const numberOf = (question: QuestionDraft) => draft.Questions.findIndex((q) => q.key === question.key) + 1;
  const questionName = (question: QuestionDraft) =>
    question.Texts.en.Text || question.Texts.sv.Text || t('editor.question', { number: numberOf(question) });

  return (
    <Container size="lg" py="xl">
      <PageHeading title={surveyId === 0 ? t('editor.newTitle') : t('editor.title')} intro={t('list.intro')} />
      <Stack gap="lg">
        <Group gap="md">
          <Anchor component={Link} to="/admin/surveys" size="sm">
            {t('editor.back')}
          </Anchor>
          {survey && <SurveyStatusBadge status={survey.Status} />}
          {survey && (
            <Anchor component={Link} to={`/admin/surveys/${survey.Id}/results`} size="sm">
              {t('editor.results', { count: survey.Responses })}
            </Anchor>
          )}
        </Group>
        {locked && <Alert variant="light">{t('editor.locked')}</Alert>}

        <Paper withBorder p="md" component="section" aria-labelledby="survey-texts">
          <Title order={2} size="h4" id="survey-texts" mb="sm">
            {t('editor.texts')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {supportedLanguages.map((language) => (
              <Stack key={language} gap="xs">
                <TextInput
                  label={t('editor.surveyTitle', { language: languageName(language) })}
                  value={draft.Texts[language].Title}
                  maxLength={SURVEY_LIMITS.title}
                  onChange={(event) =>
                    change({
                      Texts: {
                        ...draft.Texts,
                        [language]: { ...draft.Texts[language], Title: event.currentTarget.value },
                      },
                    })
                  }
                  data-testid={`survey-title-${language}`}
                />
                <Textarea
                  label={t('editor.intro', { language: languageName(language) })}
                  value={draft.Texts[language].Intro}
                  maxLength={SURVEY_LIMITS.intro}
                  autosize
                  minRows={2}
                  onChange={(event) =>
                    change({
                      Texts: {
                        ...draft.Texts,
                        [language]: { ...draft.Texts[language], Intro: event.currentTarget.value },
                      },
                    })
                  }
                />
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby="survey-settings">
          <Title order={2} size="h4" id="survey-settings" mb="sm">
            {t('editor.settings')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Switch
              label={t('editor.anonymous')}
              description={t('editor.anonymousHint')}
              checked={draft.Anonymous}
              disabled={locked}
              onChange={(event) => change({ Anonymous: event.currentTarget.checked })}
              data-testid="survey-anonymous"
            />
            <Switch
              label={t('editor.allowChange')}
              checked={draft.AllowChange && !draft.Anonymous}
              disabled={draft.Anonymous}
              onChange={(event) => change({ AllowChange: event.currentTarget.checked })}
            />
            <Select
              label={t('editor.audience')}
              data={surveyAudiences.map((audience) => ({ value: audience, label: t(`audiences.${audience}`) }))}
              value={draft.Audience}
              allowDeselect={false}
              onChange={(value) => value && change({ Audience: value as SurveyAudience, AudienceId: null })}
            />
            {draft.Audience !== 'all' && (
              <Select
                label={t(draft.Audience === 'course' ? 'editor.audienceCourse' : 'editor.audienceCompany')}
                data={draft.Audience === 'course' ? courseOptions : companyOptions}
                value={draft.AudienceId}
                searchable
                onChange={(value) => change({ AudienceId: value })}
              />
            )}
            <TextInput
              type="date"
              label={t('editor.opensAt')}
              value={draft.OpensAt}
              onChange={(event) => change({ OpensAt: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={t('editor.closesAt')}
              value={draft.ClosesAt}
              onChange={(event) => change({ ClosesAt: event.currentTarget.value })}
            />
            <Select
              label={t('editor.afterCourse')}
              description={t('editor.afterCourseHint')}
              data={courseOptions}
              value={draft.AfterCourseId}
              clearable
              searchable
              onChange={(value) => change({ AfterCourseId: value })}
            />
          </SimpleGrid>
        </Paper>

        <Stack gap="sm" component="section" aria-labelledby="survey-questions">
          <Title order={2} size="h4" id="survey-questions">
            {t('editor.questions')}
          </Title>
          {!locked && (
            <Text size="sm" c="dimmed">
              {t('editor.sort.help')}
            </Text>
          )}
          <SortableList<QuestionDraft & { id: number }>
            items={draft.Questions.map((question) => ({ ...question, id: question.key }))}
            nameOf={questionName}
            onReorder={(keys) =>
              change({ Questions: keys.map((key) => draft.Questions.find((q) => q.key === key) as QuestionDraft) })
            }
            texts={sortTexts}
            testId="survey-question-list"
            renderItem={(question, handle) => (
              <Stack gap="xs" style={{ flex: 1 }} data-testid="editor-question">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    {!locked && handle}
                    <Text fw={600}>{t('editor.question', { number: numberOf(question) })}</Text>
                  </Group>
                  {!locked && draft.Questions.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('editor.remove', { name: questionName(question) })}
                      onClick={() => change({ Questions: draft.Questions.filter((q) => q.key !== question.key) })}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
                <Group gap="md" align="flex-end">
                  <Select
                    label={t('editor.kind')}
                    data={questionKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
                    value={question.Kind}
                    allowDeselect={false}
                    disabled={locked}
                    onChange={(value) => value && setQuestion(question.key, { Kind: value as QuestionKind })}
                    w={200}
                    data-testid="question-kind"
                  />
                  {question.Kind === 'scale' && (
                    <SegmentedControl
                      aria-label={t('editor.scale')}
                      disabled={locked}
                      value={String(question.ScaleMax)}
                      onChange={(value) => setQuestion(question.key, { ScaleMax: value === '10' ? 10 : 5 })}
                      data={[
                        { value: '5', label: '1–5' },
                        { value: '10', label: '0–10' },
                      ]}
                    />
                  )}
                  <Switch
                    label={t('editor.required')}
                    checked={question.Required}
                    onChange={(event) => setQuestion(question.key, { Required: event.currentTarget.checked })}
                  />
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {supportedLanguages.map((language) => {
                    const texts = question.Texts[language];
                    const setTexts = (patch: Partial<QuestionTexts>) =>
                      setQuestion(question.key, { Texts: { ...question.Texts, [language]: { ...texts, ...patch } } });
                    return (
                      <Stack key={language} gap="xs">
                        <TextInput
                          label={t('editor.text', { language: languageName(language) })}
                          value={texts.Text}
                          maxLength={SURVEY_LIMITS.question}
                          onChange={(event) => setTexts({ Text: event.currentTarget.value })}
                          data-testid={`question-text-${language}`}
                        />
                        {(question.Kind === 'single' || question.Kind === 'multiple') && (
                          <Textarea
                            label={t('editor.options', { language: languageName(language) })}
                            description={t('editor.optionsHint')}
                            value={texts.Options}
                            autosize
                            minRows={3}
                            onChange={(event) => setTexts({ Options: event.currentTarget.value })}
                            data-testid={`question-options-${language}`}
                          />
                        )}
                        {question.Kind === 'scale' && (
                          <Group grow>
                            <TextInput
                              label={t('editor.low', { language: languageName(language) })}
                              value={texts.Low}
                              maxLength={SURVEY_LIMITS.scaleLabel}
                              onChange={(event) => setTexts({ Low: event.currentTarget.value })}
                            />
                            <TextInput
                              label={t('editor.high', { language: languageName(language) })}
                              value={texts.High}
                              maxLength={SURVEY_LIMITS.scaleLabel}
                              onChange={(event) => setTexts({ High: event.currentTarget.value })}
                            />
                          </Group>
                        )}
                      </Stack>
                    );
                  })}
                </SimpleGrid>
              </Stack>
            )}
          />
          {!locked && draft.Questions.length < SURVEY_LIMITS.questions && (
            <Group>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => change({ Questions: [...draft.Questions, newQuestion()] })}
                data-testid="question-add"
              >
                {t('editor.add')}
              </Button>
            </Group>
          )}
        </Stack>

        {save.error && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
        <Group>
          <Button onClick={() => void submit()} loading={save.isPending} data-testid="survey-save">
            {t('editor.save')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
