import { Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSurveyChoices } from '../../surveys';
import { SharedNote } from './fields';
import type { KindProps } from './scope';
import { useScope } from './scope';

/**
 * A Survey block: which of the site's surveys it places in the page. The same in every language (the survey has its
 * own texts in each): a translation changes only the block's title.
 */
export function SurveyKind({ content, change }: KindProps<'Survey'>) {
  const { t } = useTranslation('blockEditor');
  const scope = useScope();
  const choices = useSurveyChoices();
  const surveys = choices.data ?? [];
  const chosen = surveys.find((survey) => survey.Id === content.surveyId);
  const unknownName = t('survey.unknown', { id: content.surveyId });
  if (scope.translation !== null) {
    return (
      <Stack gap={4}>
        <Text size="sm">{chosen?.Title ?? (content.surveyId ? unknownName : '–')}</Text>
        <SharedNote>{t('translation.titleOnly')}</SharedNote>
      </Stack>
    );
  }
  const data = surveys.map((survey) => ({
    value: String(survey.Id),
    label: `${survey.Title || `#${survey.Id}`} (${t(`survey.status.${survey.Status}`)})`,
  }));
  if (content.surveyId && !chosen && choices.isSuccess)
    data.unshift({ value: String(content.surveyId), label: unknownName });
  return (
    <Stack gap={4}>
      <Select
        id={`${scope.idPrefix}-survey`}
        label={t('survey.label')}
        description={t('survey.audience')}
        placeholder={t('survey.placeholder')}
        data={data}
        value={content.surveyId ? String(content.surveyId) : null}
        searchable
        allowDeselect={false}
        withAsterisk
        nothingFoundMessage={t('survey.nothingFound')}
        error={scope.issue('survey')}
        onChange={(value) => {
          change(() => ({ surveyId: value ? Number(value) : 0 }));
          scope.touch('survey');
        }}
        onBlur={() => scope.touch('survey')}
        comboboxProps={{ withinPortal: true }}
        data-testid="survey-block-survey"
      />
      {choices.isSuccess && surveys.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('survey.none')}
        </Text>
      )}
    </Stack>
  );
}
