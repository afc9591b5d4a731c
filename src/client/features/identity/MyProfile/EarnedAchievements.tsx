import { Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EarnedAchievement } from '../../../../shared/contract/learning/achievements';
import { formatDate } from '../../../components/dates';
import { Loading, QueryState } from '../../../components/LoadState';
import { useAchievements } from './queries';

/** The achievements the user has earned, newest first, each linking to its page. */
export function EarnedAchievements({ userId }: { userId: number }) {
  return (
    <QueryState query={useAchievements(userId)} loading={<Loading section />}>
      {(achievements) => <EarnedList achievements={achievements} />}
    </QueryState>
  );
}

function EarnedList({ achievements }: { achievements: readonly EarnedAchievement[] }) {
  const { t } = useTranslation('learning');
  const earned = achievements
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
