import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../api';
import { useSession } from '../session';
import classes from './AppLayout.module.css';

/** Minutes and seconds, `mm:ss`. */
const clock = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * On every page while an administrator views as a student (docs/decisions.md, "View as this user"): whom she sees
 * as, that it is read-only, the time left, and the end in one click. When the time is up the app returns to her by
 * itself; either way she lands on the student's page.
 */
export function ViewAsBanner() {
  const { t } = useTranslation('administration');
  const session = useSession();
  const navigate = useNavigate();
  const viewAs = session.viewAs;
  const expiresMs = viewAs ? Date.parse(viewAs.expiresAt) : 0;
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [ending, setEnding] = useState(false);

  useEffect(() => {
    if (!viewAs) return;
    const timer = window.setInterval(() => setNowMs(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [viewAs]);

  const end = async () => {
    setEnding(true);
    const left = session.leaveViewAs();
    if (left) {
      // Made with the administrator's token, the stored one again. Should it fail, the view-as ends in time anyway.
      await call('view_as.php', 'end_view_as', { Id: left.entryId }).catch((error) =>
        console.warn('end_view_as failed', error),
      );
      navigate(`/user/${left.userId}`);
    }
    setEnding(false);
    notifications.show({ color: 'green', message: t('viewAs.banner.ended') });
  };

  const left = expiresMs - nowMs;
  // biome-ignore lint/correctness/useExhaustiveDependencies: ends once, when the time runs out
  useEffect(() => {
    if (viewAs && left <= 0 && !ending) void end();
  }, [viewAs, left <= 0]);

  if (!viewAs) return null;
  return (
    <section aria-label={t('viewAs.banner.label')} className={classes.viewAs} data-testid="view-as-banner">
      <Alert color="grape" variant="light" radius={0} icon={<IconEye size={20} aria-hidden />}>
        <Group justify="space-between" gap="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('viewAs.banner.text', { name: viewAs.userName })}{' '}
            <Text span size="sm" fw={700} data-testid="view-as-left">
              {t('viewAs.banner.left', { time: clock(left) })}
            </Text>
          </Text>
          <Button
            size="compact-sm"
            color="grape.9"
            onClick={() => void end()}
            loading={ending}
            data-testid="view-as-end"
          >
            {t('viewAs.banner.end')}
          </Button>
        </Group>
      </Alert>
    </section>
  );
}
