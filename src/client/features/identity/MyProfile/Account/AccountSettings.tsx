import { Card, Divider, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../../shared/contract/identity/profile';
import { EmailChange } from './EmailChange';
import { LanguageChoice } from './LanguageChoice';
import { DeleteAccount, DownloadMyData } from './MyData';
import { PasswordChange } from './PasswordChange';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${id}-title`}>
      <Title order={3} size="h4" id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The account part of /MyProfile: language, password, address, her data and deleting the account. */
export function AccountSettings({ profile }: { profile: Profile }) {
  const { t } = useTranslation('identity');
  return (
    <Card component="section" id="account" aria-labelledby="account-title" withBorder radius="md" padding="lg">
      <Title order={2} size="h3" id="account-title" mb="md">
        {t('account.title')}
      </Title>
      <Stack gap="lg">
        <LanguageChoice />
        <Divider />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Part id="password-change" title={t('account.password.title')}>
            <PasswordChange email={profile.Username} />
          </Part>
          <Part id="email-change" title={t('account.email.title')}>
            <EmailChange profile={profile} />
          </Part>
        </SimpleGrid>
        <Divider />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Part id="my-data" title={t('account.data.title')}>
            <DownloadMyData />
          </Part>
          <Part id="delete-account" title={t('account.delete.title')}>
            <DeleteAccount />
          </Part>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
