import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../shared/contract/administration/users';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../components/dates';
import { errorText } from '../../../components/errorText';
import { useAccountAction } from './queries';

type Confirming = 'lock' | 'end' | 'reset' | null;

/** Her locks, her sessions and a reset mail: each step asked once more before it is taken. */
export function AccessSection({
  user,
  sessions,
  canManage,
  self,
}: {
  user: UserProfile;
  sessions: { Id: number; CreatedAt: string; ExpiresAt: string }[];
  canManage: boolean;
  /** Her page is the caller's own: she does not lock herself. */
  self: boolean;
}) {
  const { t } = useTranslation('administration');
  const action = useAccountAction(user.Id);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const name = `${user.FirstName} ${user.LastName}`.trim();

  const run = async (which: 'lock_user' | 'unlock_user' | 'end_user_sessions' | 'send_password_reset') => {
    try {
      const ended = await action.mutateAsync(which);
      const done = {
        lock_user: t('user.access.lockDone'),
        unlock_user: t('user.access.unlockDone'),
        end_user_sessions: t('user.access.ended', { count: ended ?? 0 }),
        send_password_reset: t('user.access.resetSent'),
      }[which];
      notifications.show({ color: 'green', message: done });
      setConfirming(null);
    } catch (error) {
      notifications.show({ color: 'red', title: t('user.access.failed'), message: errorText(error) });
    }
  };

  const locked = user.LockedAt !== null || user.SignInLocked;
  return (
    <Stack gap="lg">
      <Card withBorder component="section" aria-labelledby="user-lock-title">
        <Title order={2} size="h4" id="user-lock-title" mb="xs">
          {t('user.access.lockTitle')}
        </Title>
        <Stack gap={4} data-testid="user-lock-state">
          {!locked && <Text>{t('user.access.unlocked')}</Text>}
          {user.LockedAt !== null && (
            <Text>
              {user.LockedByName
                ? t('user.access.lockedBy', { name: user.LockedByName, date: formatDateTime(user.LockedAt) })
                : t('user.access.lockedByUnknown', { date: formatDateTime(user.LockedAt) })}
            </Text>
          )}
          {user.SignInLocked && <Text>{t('user.access.lockedByFailures')}</Text>}
        </Stack>
        {canManage && (
          <Group mt="sm">
            {locked ? (
              <Button
                variant="light"
                onClick={() => void run('unlock_user')}
                loading={action.isPending && action.variables === 'unlock_user'}
                data-testid="user-unlock"
              >
                {t('user.access.unlock')}
              </Button>
            ) : (
              !self && (
                <Button variant="light" color="red" onClick={() => setConfirming('lock')} data-testid="user-lock">
                  {t('user.access.lock')}
                </Button>
              )
            )}
          </Group>
        )}
      </Card>
      <Card withBorder component="section" aria-labelledby="user-sessions-title">
        <Title order={2} size="h4" id="user-sessions-title" mb="xs">
          {t('user.access.sessions')}
        </Title>
        {sessions.length === 0 ? (
          <Text c="dimmed" data-testid="user-no-sessions">
            {t('user.access.noSessions')}
          </Text>
        ) : (
          <List spacing={2} data-testid="user-sessions">
            {sessions.map((session) => (
              <List.Item key={session.Id}>
                {t('user.access.sessionStarted', { date: formatDateTime(session.CreatedAt) })}{' '}
                <Text span c="dimmed" size="sm">
                  {t('user.access.sessionEnds', { date: formatDateTime(session.ExpiresAt) })}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        {canManage && sessions.length > 0 && (
          <Button
            mt="sm"
            variant="light"
            color="red"
            onClick={() => setConfirming('end')}
            data-testid="user-end-sessions"
          >
            {t('user.access.endSessions')}
          </Button>
        )}
      </Card>
      {canManage && (
        <Card withBorder component="section" aria-labelledby="user-password-title">
          <Title order={2} size="h4" id="user-password-title" mb="xs">
            {t('user.access.password')}
          </Title>
          <Text size="sm">{t('user.access.passwordText')}</Text>
          <Button mt="sm" variant="light" onClick={() => setConfirming('reset')} data-testid="user-send-reset">
            {t('user.access.reset')}
          </Button>
        </Card>
      )}
      <ConfirmDialog
        opened={confirming === 'lock'}
        title={t('user.access.lockConfirmTitle')}
        text={t('user.access.lockConfirmText', { name })}
        cancel={t('user.access.cancel')}
        onCancel={() => setConfirming(null)}
        confirm={t('user.access.lock')}
        confirmColor="red"
        onConfirm={() => void run('lock_user')}
        busy={action.isPending}
        focusCancel
        data-testid="user-lock-dialog"
        confirmTestId="user-lock-confirm"
      />
      <ConfirmDialog
        opened={confirming === 'end'}
        title={t('user.access.endConfirmTitle')}
        text={t('user.access.endConfirmText', { name })}
        cancel={t('user.access.cancel')}
        onCancel={() => setConfirming(null)}
        confirm={t('user.access.endSessions')}
        confirmColor="red"
        onConfirm={() => void run('end_user_sessions')}
        busy={action.isPending}
        focusCancel
        data-testid="user-end-dialog"
        confirmTestId="user-end-confirm"
      />
      <ConfirmDialog
        opened={confirming === 'reset'}
        title={t('user.access.resetConfirmTitle')}
        text={t('user.access.resetConfirmText', { name })}
        cancel={t('user.access.cancel')}
        onCancel={() => setConfirming(null)}
        confirm={t('user.access.reset')}
        onConfirm={() => void run('send_password_reset')}
        busy={action.isPending}
        focusCancel
        data-testid="user-reset-dialog"
        confirmTestId="user-reset-confirm"
      />
    </Stack>
  );
}
