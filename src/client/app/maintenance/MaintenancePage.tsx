import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { supportedLanguages } from '../../../shared/domain/language';
import { setLanguage } from '../i18n';
import { useSession } from '../session';
import { useMaintenance } from './useMaintenance';

/**
 * What everyone but administrators sees while the site is in maintenance (spec §9): what is going on, in her
 * language, and the way in for an administrator. It asks every 30 s whether the site is back, and the app returns
 * by itself when it is.
 */
export default function MaintenancePage() {
  const { t, i18n } = useTranslation('site');
  const { t: tShell } = useTranslation();
  const session = useSession();
  useMaintenance({ recheck: true });
  const name = session.user ? `${session.user.FirstName} ${session.user.LastName}`.trim() : '';

  return (
    <main id="main" data-testid="maintenance-page">
      <Container size="sm" py={64}>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Stack gap="md" align="flex-start">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconTool size={32} />
            </ThemeIcon>
            <Title order={1}>{t('maintenance.title')}</Title>
            <Text>{t('maintenance.text')}</Text>
            <Text size="sm" c="dimmed">
              {t('maintenance.checking')}
            </Text>
            {session.user ? (
              <Group gap="sm">
                <Text size="sm">{t('maintenance.signedInAs', { name })}</Text>
                <Button variant="default" onClick={() => void session.signOut()}>
                  {t('maintenance.signOut')}
                </Button>
              </Group>
            ) : (
              <Button component={Link} to="/login" variant="default">
                {t('maintenance.signIn')}
              </Button>
            )}
            <Group gap="xs" role="group" aria-label={tShell('language.label')}>
              {supportedLanguages.map((language) => (
                <Button
                  key={language}
                  lang={language}
                  size="compact-sm"
                  variant={i18n.language === language ? 'filled' : 'subtle'}
                  aria-pressed={i18n.language === language}
                  onClick={() => setLanguage(language)}
                >
                  {tShell(`language.${language}`)}
                </Button>
              ))}
            </Group>
          </Stack>
        </Paper>
      </Container>
    </main>
  );
}
