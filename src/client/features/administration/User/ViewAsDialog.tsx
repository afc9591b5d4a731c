import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../shared/contract/administration/users';
import { VIEW_AS_REASON_MAX } from '../../../../shared/domain/administration/viewAs';
import { UserType } from '../../../../shared/domain/roles';
import { storageKeys } from '../../../../shared/domain/storage';
import { useSession, type ViewAs } from '../../../app/session';
import { storage } from '../../../app/storage';
import { errorText } from '../../../components/errorText';
import { useStartViewAs } from './queries';

/**
 * "View as this user" (docs/decisions.md): the button on a student's page, for administrators, and its dialog, which
 * asks why. Started, the app starts anew on the home page with the student's read-only session.
 */
export function ViewAsButton({ user }: { user: UserProfile }) {
  const { t } = useTranslation('administration');
  const session = useSession();
  const startViewAs = useStartViewAs();
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const name = `${user.FirstName} ${user.LastName}`.trim();

  const close = () => {
    setOpened(false);
    setMissing(false);
    startViewAs.reset();
  };
  const submit = async () => {
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    try {
      const answer = await startViewAs.mutateAsync({ Id: user.Id, Reason: reason.trim() });
      const entry = answer.data.Entry;
      if (!session.token || !session.userType) return;
      // Her own token set aside, the student's taken; the app then starts anew on the home page as the student
      // (nothing cached of the administrator's pages, and no guard of this page sees a student meanwhile).
      const viewAs: ViewAs = {
        adminToken: session.token,
        adminUserType: session.userType,
        entryId: entry.Id,
        userId: entry.UserId,
        userName: entry.UserName,
        expiresAt: entry.ExpiresAt,
      };
      storage.setJson(storageKeys.viewAs, viewAs);
      storage.set(storageKeys.token, answer.data.Token);
      storage.set(storageKeys.userType, String(UserType.student));
      window.location.assign('/');
    } catch {
      // Shown in the dialog (startViewAs.error).
    }
  };

  return (
    <>
      <Button variant="light" color="grape" onClick={() => setOpened(true)} data-testid="view-as-open">
        {t('viewAs.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('viewAs.dialogTitle', { name })}
        centered
        closeButtonProps={{ 'aria-label': t('viewAs.cancel') }}
        data-testid="view-as-dialog"
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t('viewAs.dialogText', { name })}</Text>
            <Textarea
              label={t('viewAs.reason')}
              description={t('viewAs.reasonHint')}
              required
              autosize
              minRows={2}
              maxLength={VIEW_AS_REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setMissing(false);
              }}
              error={missing ? t('viewAs.reasonRequired') : undefined}
              data-autofocus
              data-testid="view-as-reason"
            />
            {startViewAs.error && (
              <Alert color="red" title={t('viewAs.failed')} data-testid="view-as-error">
                {errorText(startViewAs.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('viewAs.cancel')}
              </Button>
              <Button type="submit" color="grape.9" loading={startViewAs.isPending} data-testid="view-as-start">
                {t('viewAs.start')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
