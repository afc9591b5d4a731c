import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { type UserProfile, users } from '../../../../shared/contract/administration/users';
import { supportedLanguages } from '../../../../shared/domain/language';
import { UserType } from '../../../../shared/domain/roles';
import { ApiError } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { UnsavedBadge, UnsavedChangesGuard } from '../../../components/UnsavedChanges';
import { useCompanyOptions } from '../Users/queries';
import { assignableTypes } from './format';
import { useSaveUser } from './queries';

interface Values {
  FirstName: string;
  LastName: string;
  Email: string;
  UserType: string;
  Privilegies: number | string;
  CompanyId: string;
  Language: string;
}

const fields = ['FirstName', 'LastName', 'Email', 'Privilegies', 'CompanyId'] as const;

/** The shared rules of save_user, so the form refuses what the server would. */
const rules = users.calls.save_user.data.shape;

const valuesOf = (user: UserProfile | null): Values => ({
  FirstName: user?.FirstName ?? '',
  LastName: user?.LastName ?? '',
  Email: user?.Email ?? '',
  UserType: String(user?.UserType ?? UserType.student),
  Privilegies: user?.Privilegies ?? 0,
  CompanyId: user?.CompanyId ? String(user.CompanyId) : '',
  Language: user?.Language ?? '',
});

/** The fields of an INVALID_REQUEST answer (`data.Email`) that are the form's. */
const serverFieldErrors = (error: unknown) => {
  if (!(error instanceof ApiError)) return [];
  if (error.code === 'EMAIL_TAKEN') return ['Email' as const];
  if (error.code !== 'INVALID_REQUEST' || !Array.isArray(error.body.fields)) return [];
  return fields.filter((name) => error.body.fields.some((f: { field?: unknown }) => f.field === `data.${name}`));
};

/**
 * Her profile, company, type and privilegies (save_user), or a new user's (`user` null: she is invited by mail).
 * Type and privilegies are for administrators alone; a coach sees them but cannot change them.
 */
export function ProfileForm({
  user,
  canManage,
  canChangeRole,
  onCreated,
}: {
  user: UserProfile | null;
  canManage: boolean;
  canChangeRole: boolean;
  onCreated?(id: number): void;
}) {
  const { t } = useTranslation('administration');
  const companies = useCompanyOptions();
  const save = useSaveUser(user?.Id ?? 0);

  const nameRule = (field: 'FirstName' | 'LastName', required: string) => (value: string) => {
    const result = rules[field].safeParse(value);
    if (result.success) return null;
    const issue = result.error.issues[0];
    return issue?.code === 'too_big' ? t('user.profile.tooLong', { max: Number(issue.maximum) }) : required;
  };
  const form = useForm<Values>({
    initialValues: valuesOf(user),
    validate: {
      FirstName: nameRule('FirstName', t('user.profile.firstNameRequired')),
      LastName: nameRule('LastName', t('user.profile.lastNameRequired')),
      Email: (value) => (rules.Email.safeParse(value).success ? null : t('user.profile.emailInvalid')),
    },
  });
  const dirty = form.isDirty();
  const readOnly = !canManage;

  const submit = form.onSubmit(async (values) => {
    const privilegies = Number(values.Privilegies);
    try {
      const answer = await save.mutateAsync({
        Id: user?.Id ?? 0,
        FirstName: values.FirstName.trim(),
        LastName: values.LastName.trim(),
        Email: values.Email.trim(),
        ...(canChangeRole ? { UserType: Number(values.UserType) as 1 | 2 | 8, Privilegies: privilegies } : {}),
        CompanyId: values.CompanyId ? Number(values.CompanyId) : null,
        Language: values.Language === 'en' || values.Language === 'sv' ? values.Language : null,
      });
      form.resetDirty();
      if (answer.Created) {
        notifications.show({ color: 'green', message: t('user.profile.created') });
        onCreated?.(answer.Id);
      } else {
        notifications.show({ color: 'green', message: t('user.profile.saved') });
      }
    } catch (error) {
      const labels = {
        FirstName: t('user.profile.firstName'),
        LastName: t('user.profile.lastName'),
        Email: t('user.profile.email'),
      };
      const text = errorText(error, undefined, labels);
      for (const field of serverFieldErrors(error)) form.setFieldError(field, text);
      notifications.show({ color: 'red', title: t('user.profile.saveFailed'), message: text });
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="user-profile-form">
      <Stack gap="md">
        {readOnly && (
          <Text size="sm" c="dimmed" data-testid="user-read-only">
            {t('user.profile.readOnly')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('user.profile.firstName')}
            required
            autoComplete="off"
            readOnly={readOnly}
            {...form.getInputProps('FirstName')}
            data-testid="user-first-name"
          />
          <TextInput
            label={t('user.profile.lastName')}
            required
            autoComplete="off"
            readOnly={readOnly}
            {...form.getInputProps('LastName')}
            data-testid="user-last-name"
          />
          <TextInput
            label={t('user.profile.email')}
            type="email"
            required
            autoComplete="off"
            readOnly={readOnly}
            {...form.getInputProps('Email')}
            data-testid="user-email-input"
          />
          <NativeSelect
            label={t('user.profile.company')}
            disabled={readOnly}
            data={[
              { value: '', label: t('user.profile.noCompany') },
              ...(companies.data ?? []).map((company) => ({ value: String(company.Id), label: company.Name })),
              // Her company while the list loads.
              ...(user?.CompanyId && !companies.data
                ? [{ value: String(user.CompanyId), label: user.CompanyName ?? '' }]
                : []),
            ]}
            {...form.getInputProps('CompanyId')}
            data-testid="user-company"
          />
          <NativeSelect
            label={t('user.profile.type')}
            disabled={!canChangeRole || readOnly}
            description={canChangeRole ? undefined : t('user.profile.roleOnlyAdmins')}
            data={[
              ...assignableTypes.map((option) => ({
                value: String(option.type),
                label: t(`users.types.${option.key}`),
              })),
              // A type no one gives any more stays as it is, named by its number.
              ...(user && !assignableTypes.some((option) => option.type === user.UserType)
                ? [{ value: String(user.UserType), label: t('users.types.other', { type: user.UserType }) }]
                : []),
            ]}
            {...form.getInputProps('UserType')}
            data-testid="user-type"
          />
          <NumberInput
            label={t('user.profile.privilegies')}
            description={t('user.profile.privilegiesHint')}
            disabled={!canChangeRole || readOnly}
            min={0}
            max={100}
            clampBehavior="strict"
            allowDecimal={false}
            {...form.getInputProps('Privilegies')}
            data-testid="user-privilegies"
          />
          <NativeSelect
            label={t('user.profile.language')}
            disabled={readOnly}
            data={[
              { value: '', label: t('user.profile.siteLanguage') },
              ...supportedLanguages.map((language) => ({
                value: language,
                label: t(`user.profile.languages.${language}`),
              })),
            ]}
            {...form.getInputProps('Language')}
            data-testid="user-language"
          />
        </SimpleGrid>
        {!readOnly && (
          <Group gap="sm">
            <Button type="submit" loading={form.submitting} disabled={user !== null && !dirty} data-testid="user-save">
              {user === null ? t('user.profile.create') : t('user.profile.save')}
            </Button>
            {dirty && user !== null && (
              <>
                <Button variant="default" onClick={() => form.reset()} disabled={form.submitting}>
                  {t('user.profile.discard')}
                </Button>
                <UnsavedBadge data-testid="user-unsaved">{t('user.profile.unsaved.badge')}</UnsavedBadge>
              </>
            )}
          </Group>
        )}
      </Stack>
      <UnsavedChangesGuard dirty={dirty && !form.submitting} text={t('user.profile.unsaved.text')} />
    </form>
  );
}
