import { Card, Code, Container, Group, List, Stack, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '../../../components/dates';
import { currentLanguage } from '../../../components/language';
import { versionHistory } from './history';

/** /versions (administrators): the running build and what changed in each version. */
export default function VersionsPage() {
  const { t } = useTranslation('site');
  const language = currentLanguage();

  return (
    <Container size="md" py="xl">
      <Title order={1}>{t('versions.title')}</Title>

      <Card withBorder radius="md" mt="lg" padding="md" component="section" aria-labelledby="running-build">
        <Title order={2} size="h4" id="running-build">
          {t('versions.running')}
        </Title>
        <Group gap="xl" mt="xs">
          <Text>
            {t('versions.version')}: <Code data-testid="running-version">{__APP_VERSION__}</Code>
          </Text>
          <Text>
            {t('versions.build')}: <Code data-testid="running-hash">{__APP_HASH__}</Code>
          </Text>
        </Group>
      </Card>

      <Timeline mt="xl" bulletSize={16} lineWidth={2} active={0}>
        {versionHistory.map((entry) => (
          <Timeline.Item
            key={entry.version}
            title={
              <Title order={2} size="h3">
                {entry.version}
              </Title>
            }
          >
            <Stack gap="xs">
              <Text size="sm">
                <time dateTime={entry.date}>{t('versions.released', { date: formatCalendarDay(entry.date) })}</time>
              </Text>
              <List size="sm" spacing={4}>
                {entry.changes[language].map((change) => (
                  <List.Item key={change}>{change}</List.Item>
                ))}
              </List>
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
    </Container>
  );
}
