import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACHIEVEMENT_DIALOG_MS } from '../../../../../shared/domain/learning/xp';
import { dismissMoment, useCourseView } from '../store';
import { MomentDialog } from './MomentDialog';

/** The achievement celebration (spec §2): its title and required xp; it closes itself after 5000 ms. */
export function AchievementDialog() {
  const { t } = useTranslation('learning');
  const celebration = useCourseView((state) => state.celebration);
  const achievement = celebration.achievement;

  useEffect(() => {
    if (!celebration.show) return;
    const timer = setTimeout(dismissMoment, ACHIEVEMENT_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [celebration]);

  return (
    <MomentDialog
      opened={celebration.show}
      title={t('achievementDialog.title')}
      closeLabel={t('achievementDialog.close')}
      size="sm"
      data-testid="achievement-dialog"
    >
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={72} radius="xl" color="yellow" variant="light" aria-hidden>
          <IconTrophy size={44} />
        </ThemeIcon>
        <Title order={3} data-testid="achievement-title">
          {celebration.title}
        </Title>
        {celebration.subtitle && <Text>{celebration.subtitle}</Text>}
        {achievement && (
          <Text size="sm" fw={600} data-testid="achievement-required">
            {t('achievementDialog.requires', { count: achievement.required_xp })}
          </Text>
        )}
      </Stack>
      <Group justify="center" mt="lg" gap="sm">
        {achievement && (
          <Button
            component={Link}
            to={`/achievement/${achievement.Id}/${achievement.CourseId}`}
            variant="light"
            onClick={dismissMoment}
          >
            {t('achievementDialog.open')}
          </Button>
        )}
        <Button variant="default" onClick={dismissMoment}>
          {t('achievementDialog.close')}
        </Button>
      </Group>
    </MomentDialog>
  );
}
