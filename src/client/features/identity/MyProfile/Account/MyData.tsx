import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../../app/api';
import { useSession } from '../../../../app/session';
import { ErrorAlert } from '../../../../components/LoadState';
import { saveFile } from '../../../../components/saveFile';
import { PasswordField } from '../../Auth/PasswordField';
import { useErrorText } from '../../Auth/useErrorText';

/** "Download my data": everything stored about her, as a JSON file. */
export function DownloadMyData() {
  const { t } = useTranslation(['identity', 'signIn']);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const answer = await call('profile.php', 'export_data', {});
      const file = new Blob([JSON.stringify(answer.data, null, 2)], { type: 'application/json' });
      saveFile(file, `my-data-${answer.data.ExportedAt.slice(0, 10)}.json`);
    } catch (error) {
      console.warn('export_data failed', error);
      notifications.show({ color: 'red', message: t('account.data.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{t('account.data.intro')}</Text>
      <Button variant="default" loading={busy} onClick={download}>
        {t('account.data.download')}
      </Button>
    </Stack>
  );
}

/** "Delete my account": asked again with her password; afterwards she is signed out. */
export function DeleteAccount() {
  const { t } = useTranslation(['identity', 'signIn']);
  const session = useSession();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(null);
  };
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError(t('signIn:validation.passwordRequired'));
      return;
    }
    setBusy(true);
    try {
      await call('profile.php', 'delete_account', { password });
      close();
      // Her sessions are gone with the account; the browser forgets its own.
      await session.signOut();
      notifications.show({ color: 'green', message: t('account.delete.done') });
      navigate('/login', { replace: true });
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{t('account.delete.intro')}</Text>
      <Button color="red" variant="outline" onClick={() => setOpen(true)}>
        {t('account.delete.open')}
      </Button>
      <Modal opened={open} onClose={close} title={t('account.delete.confirmTitle')} centered>
        <form onSubmit={confirm} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('account.delete.confirmText')}</Text>
            {error && <ErrorAlert>{error}</ErrorAlert>}
            <PasswordField
              label={t('signIn:fields.password')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('account.delete.cancel')}
              </Button>
              <Button type="submit" color="red" loading={busy}>
                {t('account.delete.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
