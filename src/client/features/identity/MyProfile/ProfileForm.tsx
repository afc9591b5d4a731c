import { Button, Group, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Profile, profile as profileEndpoint } from '../../../../shared/contract/identity/profile';
import { ApiError, call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { errorText } from '../../../components/errorText';
import { UnsavedBadge, UnsavedChangesGuard } from '../../../components/UnsavedChanges';
import { NameFields } from '../Auth/fields';
import { identityKeys } from '../keys';

interface Values {
  FirstName: string;
  LastName: string;
  CollectXp: boolean;
}

const nameFields = ['FirstName', 'LastName'] as const;
type NameField = (typeof nameFields)[number];

/** The shared rules of update_profile, so the form refuses exactly what the server would. */
const nameSchema = profileEndpoint.calls.update_profile.data.shape;

const valuesOf = (profile: Profile): Values => ({
  FirstName: profile.FirstName,
  LastName: profile.LastName,
  CollectXp: profile.CollectXp,
});

/** The server's field of an INVALID_REQUEST answer (`data.FirstName`), when it is one of the form's. */
const serverFieldErrors = (error: unknown): NameField[] => {
  if (!(error instanceof ApiError) || error.code !== 'INVALID_REQUEST' || !Array.isArray(error.body.fields)) return [];
  return nameFields.filter((name) => error.body.fields.some((f: { field?: unknown }) => f.field === `data.${name}`));
};

/** First and last name and the "collect xp" switch (update_profile), rendered once the profile has loaded. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['learning', 'errors']);
  const session = useSession();
  const queryClient = useQueryClient();

  const nameRule = (field: NameField, requiredText: string) => (value: string) => {
    const result = nameSchema[field].safeParse(value);
    if (result.success) return null;
    const issue = result.error.issues[0];
    return issue?.code === 'too_big' ? t('profile.validation.tooLong', { max: Number(issue.maximum) }) : requiredText;
  };

  const form = useForm<Values>({
    initialValues: valuesOf(profile),
    validate: {
      FirstName: nameRule('FirstName', t('profile.validation.firstNameRequired')),
      LastName: nameRule('LastName', t('profile.validation.lastNameRequired')),
    },
  });
  const dirty = form.isDirty();

  const save = form.onSubmit(async (values) => {
    const data = { FirstName: values.FirstName.trim(), LastName: values.LastName.trim(), CollectXp: values.CollectXp };
    try {
      const answer = await call('profile.php', 'update_profile', { UserId: profile.Id, ...data });
      queryClient.setQueryData(identityKeys.profile(profile.Id), answer.data);
      form.setValues(valuesOf(answer.data));
      form.resetDirty(valuesOf(answer.data));
      session.updateUser({
        FirstName: answer.data.FirstName,
        LastName: answer.data.LastName,
        CollectXp: answer.data.CollectXp,
      });
      notifications.show({ color: 'green', message: t('profile.saved') });
    } catch (error) {
      const labels = { FirstName: t('profile.firstName'), LastName: t('profile.lastName') };
      const text = errorText(error, undefined, labels);
      for (const field of serverFieldErrors(error)) form.setFieldError(field, text);
      notifications.show({ color: 'red', title: t('profile.updateFailed'), message: text });
    }
  });

  return (
    <form onSubmit={save} noValidate aria-labelledby="profile-details-title">
      <Stack gap="md">
        <NameFields
          first={{ label: t('profile.firstName'), ...form.getInputProps('FirstName') }}
          last={{ label: t('profile.lastName'), ...form.getInputProps('LastName') }}
        />
        <Switch
          label={t('profile.collectXp')}
          description={t('profile.collectXpHint')}
          {...form.getInputProps('CollectXp', { type: 'checkbox' })}
        />
        <Group gap="sm" mt="xs">
          <Button type="submit" loading={form.submitting} disabled={!dirty}>
            {t('profile.save')}
          </Button>
          {dirty && (
            <>
              <Button variant="default" onClick={() => form.reset()} disabled={form.submitting}>
                {t('profile.discard')}
              </Button>
              <UnsavedBadge data-testid="unsaved-badge">{t('profile.unsaved.badge')}</UnsavedBadge>
            </>
          )}
        </Group>
      </Stack>
      <UnsavedChangesGuard dirty={dirty} text={t('profile.unsaved.text')} />
    </form>
  );
}
