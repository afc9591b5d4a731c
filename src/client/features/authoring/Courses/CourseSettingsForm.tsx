import {
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  CourseSettingsFields,
  CourseState,
  DESCRIPTION_MAX,
  inactivityLimit,
  validityPeriods,
} from '../../../../shared/contract/authoring/courses';
import { type Language, supportedLanguages } from '../../../../shared/domain/language';
import { errorText } from '../../../components/errorText';
import { showToast } from '../../../components/toast';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChanges';
import { useSaveCourseSettings } from './queries';

type Field = keyof CourseSettingsFields;

/**
 * The settings form of a course, validated with the contract's own schema (spec §5's validity-period rule). The name
 * and description are also written in the course's other languages (spec §1), each pair in its own group.
 */
export function CourseSettingsForm(props: {
  courseId: number;
  settings: CourseSettingsFields;
  coaches: { Id: number; Name: string }[];
  defaultLanguage: string;
  onDone(): void;
}) {
  const { t } = useTranslation('authoring');
  const otherLanguages = supportedLanguages.filter((language) => language !== props.defaultLanguage);
  const save = useSaveCourseSettings(props.courseId);
  const messages: Partial<Record<Field, string>> = {
    Name: t('settings.errors.name'),
    XpPerReward: t('settings.errors.xpPerReward'),
    CertificateValidityMonths: t('settings.errors.validityPeriod'),
    InactivityMinutes: t('settings.errors.inactivity', { min: inactivityLimit.min, max: inactivityLimit.max }),
    FooterCoachText: t('settings.errors.footerText'),
    Description: t('settings.errors.description'),
    Translations: t('settings.errors.translations'),
  };
  const form = useForm<CourseSettingsFields>({
    initialValues: withEveryLanguage(props.settings, otherLanguages),
    validate: (values) => {
      const parsed = CourseSettingsFields.safeParse(values);
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        errors[field] ??= messages[field] ?? issue.message;
      }
      return errors;
    },
  });
  useUnsavedChangesGuard(form.isDirty() && !save.isSuccess);

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      const saved = withEveryLanguage(answer.data, otherLanguages);
      form.setInitialValues(saved);
      form.setValues(saved);
      showToast(t('settings.saved'), 'green');
      props.onDone();
    } catch (error) {
      showToast(errorText(error), 'red');
    }
  });

  const expires = form.values.CertificateExpires;
  return (
    <form onSubmit={submit} noValidate data-testid="course-settings-form">
      <Stack gap="md">
        <TextInput label={t('courses.name')} required maxLength={200} {...form.getInputProps('Name')} />
        <Textarea
          label={t('settings.description')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={DESCRIPTION_MAX}
          data-testid="course-description"
          {...form.getInputProps('Description')}
        />
        {otherLanguages.map((language) => (
          <TranslationFields
            key={language}
            language={language}
            courseName={form.values.Name}
            inputProps={form.getInputProps}
          />
        ))}
        <Select
          label={t('settings.status')}
          allowDeselect={false}
          data={CourseState.options.map((state) => ({ value: state, label: t(`courses.state.${state}`) }))}
          {...form.getInputProps('Status')}
        />
        <Select
          label={t('settings.progressEvent')}
          allowDeselect={false}
          data={[
            { value: '1', label: t('settings.progressReward') },
            { value: '2', label: t('settings.progressXp') },
          ]}
          value={String(form.values.ProgressEvent)}
          onChange={(value) => form.setFieldValue('ProgressEvent', value === '2' ? 2 : 1)}
        />
        <NumberInput
          label={t('settings.xpPerReward')}
          min={1}
          max={1000}
          allowDecimal={false}
          {...form.getInputProps('XpPerReward')}
        />
        <Switch label={t('settings.certificate')} {...form.getInputProps('CertificateEnabled', { type: 'checkbox' })} />
        <Switch
          label={t('settings.expires')}
          data-testid="certificate-expires"
          {...form.getInputProps('CertificateExpires', { type: 'checkbox' })}
        />
        {expires && (
          <Select
            label={t('settings.validityPeriod')}
            data-testid="validity-period"
            data={validityPeriods.map((months) => ({
              value: String(months),
              label: t('settings.months', { count: months }),
            }))}
            value={
              form.values.CertificateValidityMonths === null ? null : String(form.values.CertificateValidityMonths)
            }
            onChange={(value) => form.setFieldValue('CertificateValidityMonths', value === null ? null : Number(value))}
            error={form.errors.CertificateValidityMonths}
          />
        )}
        <MultiSelect
          label={t('settings.coaches')}
          description={t('settings.coachesHint')}
          data={props.coaches.map((coach) => ({ value: String(coach.Id), label: coach.Name }))}
          value={form.values.CoachIds.map(String)}
          onChange={(values) => form.setFieldValue('CoachIds', values.map(Number))}
          searchable
        />
        <Textarea
          label={t('settings.footerText')}
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps('FooterCoachText')}
        />
        <Switch
          label={t('settings.useCustomText')}
          {...form.getInputProps('UseCustomFooterText', { type: 'checkbox' })}
        />
        <NumberInput
          label={t('settings.inactivity')}
          min={inactivityLimit.min}
          max={inactivityLimit.max}
          allowDecimal={false}
          {...form.getInputProps('InactivityMinutes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone}>
            {t('courses.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="course-settings-save">
            {t('courses.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The name and description in one of the course's other languages; left empty, a learner sees the course's own. */
function TranslationFields({
  language,
  courseName,
  inputProps,
}: {
  language: Language;
  courseName: string;
  inputProps(path: string): object;
}) {
  const { t } = useTranslation('authoring');
  const inLanguage = t(`settings.inLanguage.${language}`);
  return (
    <Fieldset legend={t('settings.translation', { inLanguage })} data-testid={`course-translation-${language}`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('settings.translationHint', { inLanguage })}
        </Text>
        <TextInput
          label={t('settings.nameIn', { inLanguage })}
          lang={language}
          maxLength={200}
          placeholder={courseName}
          data-testid={`course-name-${language}`}
          {...inputProps(`Translations.${language}.Name`)}
        />
        <Textarea
          label={t('settings.descriptionIn', { inLanguage })}
          lang={language}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={DESCRIPTION_MAX}
          data-testid={`course-description-${language}`}
          {...inputProps(`Translations.${language}.Description`)}
        />
      </Stack>
    </Fieldset>
  );
}

/** The settings with a (perhaps empty) translation for each of the course's other languages, as the form edits them. */
function withEveryLanguage(settings: CourseSettingsFields, languages: readonly string[]): CourseSettingsFields {
  const translations = { ...settings.Translations };
  for (const language of languages) translations[language] ??= { Name: '', Description: '' };
  return { ...settings, Description: settings.Description ?? '', Translations: translations };
}
