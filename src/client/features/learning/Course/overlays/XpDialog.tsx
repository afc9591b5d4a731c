import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LEVEL_XP,
  levelOf,
  XP_COUNT_STEP_MS,
  xpCountAt,
  xpDialogDuration,
} from '../../../../../shared/domain/learning/xp';
import { playTick } from '../sounds';
import { dismissMoment, useCourseView } from '../store';
import { MomentDialog } from './MomentDialog';
import classes from './overlays.module.css';

/**
 * The xp progress dialog (spec §4): counts one point per 80 ms from the old total to the new one with a tick,
 * shows the level it makes, and closes itself after the count plus 1.5 s, at least 4 s.
 */
export function XpDialog() {
  const { t } = useTranslation('learning');
  const count = useCourseView((state) => state.xpCount);
  return (
    <MomentDialog
      opened={count !== null}
      title={t('xpDialog.title')}
      closeLabel={t('xpDialog.close')}
      size="sm"
      data-testid="xp-dialog"
    >
      {count && <XpCounter key={`${count.from}-${count.to}`} from={count.from} to={count.to} />}
    </MomentDialog>
  );
}

function XpCounter({ from, to }: { from: number; to: number }) {
  const { t } = useTranslation('learning');
  const [value, setValue] = useState(from);

  useEffect(() => {
    const started = performance.now();
    let shown = from;
    const timer = setInterval(() => {
      const next = xpCountAt(from, to, performance.now() - started);
      if (next !== shown) {
        shown = next;
        setValue(next);
        playTick();
      }
      if (next >= to) clearInterval(timer);
    }, XP_COUNT_STEP_MS / 2);
    const close = setTimeout(dismissMoment, xpDialogDuration(from, to));
    return () => {
      clearInterval(timer);
      clearTimeout(close);
    };
  }, [from, to]);

  const { level, intoLevel, toNext } = levelOf(value);
  return (
    <Stack gap="md" align="stretch">
      <Stack gap={0} align="center">
        <Text className={classes.earned} data-testid="xp-earned">
          {t('xpDialog.earned', { count: to - from })}
        </Text>
        <Text size="lg" fw={600} data-testid="xp-dialog-total" data-final={to} aria-live="off">
          {t('xpDialog.total', { count: value })}
        </Text>
      </Stack>
      <Stack gap={6}>
        <Group justify="space-between">
          <Badge variant="filled" size="lg">
            {t('xpDialog.level', { level })}
          </Badge>
          <Text size="sm">{t('xpDialog.toNext', { count: toNext, level: level + 1 })}</Text>
        </Group>
        <Progress
          value={Math.round((intoLevel * 100) / LEVEL_XP)}
          size="lg"
          transitionDuration={XP_COUNT_STEP_MS}
          aria-label={t('xpDialog.levelLabel', { level: level + 1 })}
        />
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={dismissMoment}>
          {t('xpDialog.close')}
        </Button>
      </Group>
    </Stack>
  );
}
