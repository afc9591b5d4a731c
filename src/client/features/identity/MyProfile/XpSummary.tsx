import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LEVEL_XP, levelOf } from '../../../../shared/domain/learning/xp';

/** Total xp, the level it makes (levelOf) and the way to the next level. */
export function XpSummary({ totalXp, collectXp }: { totalXp: number; collectXp: boolean }) {
  const { t } = useTranslation('learning');
  const { level, intoLevel, toNext } = levelOf(totalXp);
  return (
    <Stack gap="xs" data-testid="xp-summary">
      <Group justify="space-between" align="baseline" gap="xs">
        <div>
          <Text size="sm" c="dimmed">
            {t('profile.xp.total')}
          </Text>
          <Text fz={32} fw={700} lh={1.1} data-testid="profile-xp">
            {t('xp', { count: totalXp })}
          </Text>
        </div>
        <Badge size="lg" variant="filled" data-testid="profile-level">
          {t('profile.xp.level', { level })}
        </Badge>
      </Group>
      <Progress
        value={Math.round((intoLevel * 100) / LEVEL_XP)}
        size="lg"
        aria-label={t('profile.xp.progressLabel', { level: level + 1 })}
      />
      <Text size="sm" c="dimmed">
        {t('profile.xp.toNext', { count: toNext, level: level + 1 })}
      </Text>
      {!collectXp && (
        <Text size="sm" c="dimmed">
          {t('profile.xp.notCollecting')}
        </Text>
      )}
    </Stack>
  );
}
