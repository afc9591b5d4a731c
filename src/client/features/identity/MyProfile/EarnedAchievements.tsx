import { Alert, Anchor, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../components/dates';
import { useAchievements } from './queries';

/** The achievements the user has earned, newest first, each linking to its page. */
export function EarnedAchievements({ userId }: { userId: number }) {
  const { t } = useTranslation(['learning', 'shell']);
  const achievements = useAchievements(userId);

  if (achievements.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" role="status" aria-label={t('shell:loading')} />
      </Center>
    );
  }
  if (achievements.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  }
  const earned = achievements.data
    .filter((a) => a.earned)
    .sort((a, b) => (b.EarnedDate ?? '').localeCompare(a.EarnedDate ?? ''));
  if (earned.length === 0) return <Text c="dimmed">{t('profile.achievements.empty')}</Text>;

  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="earned-achievements">
      {earned.map((achievement) => (
        <Group
          component="li"
          key={`${achievement.CourseId}-${achievement.Id}`}
          gap="sm"
          wrap="nowrap"
          align="flex-start"
        >
          <ThemeIcon color="yellow.5" radius="xl" size="lg" aria-hidden>
            <IconAward size={20} color="var(--mantine-color-black)" />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/achievement/${achievement.Id}/${achievement.CourseId}`} fw={600}>
              {achievement.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              {achievement.CourseName} · {t('xp', { count: achievement.required_xp })}
              {achievement.EarnedDate &&
                ` · ${t('profile.achievements.earnedOn', { date: formatDate(achievement.EarnedDate) })}`}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}
