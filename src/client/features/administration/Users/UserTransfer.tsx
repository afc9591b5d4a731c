import { Alert, Button, FileInput, Group, List, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserImportRow } from '../../../../shared/contract/administration/userTransfer';
import { userImportLimits } from '../../../../shared/domain/administration/userImport';
import { ApiError, call, download } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { saveFile } from '../../../components/saveFile';
import { showToast } from '../../../components/toast';
import { administrationKeys } from '../keys';
import { filtersData, type UserListFilters } from './format';
import { UserTypeText } from './UserList';

/** "Export CSV": every user the filters find, as a file, however many pages the list has. */
export function ExportUsersButton({ filters }: { filters: UserListFilters }) {
  const { t } = useTranslation('administration');
  const [busy, setBusy] = useState(false);
  const exportList = async () => {
    setBusy(true);
    try {
      const { blob, name } = await download('user_transfer.php', 'export_users', filtersData(filters));
      saveFile(blob, name);
    } catch (error) {
      showToast(errorText(error), 'red');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={() => void exportList()}
      data-testid="users-export"
    >
      {t('transfer.export')}
    </Button>
  );
}

/** Why a whole file was refused, in the user's words: the problem the server named, else the general text. */
function problemText(t: ReturnType<typeof useTranslation<'administration'>>['t'], error: unknown): string {
  if (error instanceof ApiError && error.code === 'IMPORT_INVALID') {
    const { Problem, Line, MaxRows } = error.body as { Problem?: string; Line?: number; MaxRows?: number };
    if (Problem === 'unreadable') return t('transfer.problems.unreadable', { line: Line ?? 1 });
    if (Problem === 'too_many_rows') return t('transfer.problems.too_many_rows', { max: MaxRows ?? 0 });
    if (Problem === 'no_header' || Problem === 'no_rows') return t(`transfer.problems.${Problem}`);
  }
  return errorText(error);
}

/**
 * "Import CSV": a file is read and checked by the server first (nothing written), its rows shown with their
 * errors; only a file without errors can be imported, all of it at once, each new user invited by mail.
 */
export function ImportUsersButton() {
  const { t } = useTranslation('administration');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const check = useMutation({
    mutationFn: (text: string) => call('user_transfer.php', 'import_users', { Csv: text, Commit: false }),
  });
  const commit = useMutation({
    mutationFn: () => call('user_transfer.php', 'import_users', { Csv: csv, Commit: true }),
    onSuccess: (answer) => {
      showToast(t('transfer.imported', { count: answer.Created }), 'green');
      void queryClient.invalidateQueries({ queryKey: administrationKeys.users.all });
      close();
    },
    // The file changed meanwhile (an address taken since): checked again, the rows say what.
    onError: () => check.mutate(csv),
  });

  function close() {
    setOpen(false);
    setFile(null);
    setCsv('');
    setFileProblem(null);
    check.reset();
    commit.reset();
  }

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    check.reset();
    commit.reset();
    setFileProblem(null);
    if (!chosen) return;
    // Checked here first: a file far too large is never read into the page.
    if (chosen.size > userImportLimits.maxChars * 4) {
      setFileProblem(t('transfer.tooLarge'));
      return;
    }
    const text = await chosen.text();
    if (text.length > userImportLimits.maxChars) {
      setFileProblem(t('transfer.tooLarge'));
      return;
    }
    setCsv(text);
    check.mutate(text);
  };

  const answer = check.data;
  const invalidRows = answer?.data.filter((row) => row.Errors.length > 0) ?? [];
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="users-import"
      >
        {t('transfer.import')}
      </Button>
      <Modal
        opened={open}
        onClose={close}
        title={t('transfer.importTitle')}
        size="xl"
        closeButtonProps={{ 'aria-label': t('transfer.cancel') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('transfer.importIntro', { max: userImportLimits.maxRows })}</Text>
          <FileInput
            label={t('transfer.file')}
            placeholder={t('transfer.choose')}
            accept=".csv,text/csv"
            value={file}
            onChange={(chosen) => void choose(chosen)}
            clearable
            clearButtonProps={{ 'aria-label': t('transfer.clearFile') }}
            data-testid="users-import-file"
          />
          {fileProblem && (
            <Alert color="red" role="alert">
              {fileProblem}
            </Alert>
          )}
          {check.isPending && <Text size="sm">{t('transfer.checking')}</Text>}
          {check.isError && (
            <Alert color="red" role="alert" data-testid="users-import-problem">
              {problemText(t, check.error)}
            </Alert>
          )}
          {commit.isError && (
            <Alert color="red" role="alert">
              {errorText(commit.error)}
            </Alert>
          )}
          {answer && (
            <Stack gap="sm" data-testid="users-import-preview">
              <Text size="sm" role="status">
                {answer.Invalid === 0
                  ? t('transfer.allValid', { count: answer.Valid })
                  : t('transfer.someInvalid', { count: answer.Invalid, valid: answer.Valid })}
              </Text>
              {invalidRows.length > 0 ? <RowErrors rows={invalidRows} /> : <RowPreview rows={answer.data} />}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('transfer.cancel')}
            </Button>
            <Button
              disabled={!answer || answer.Invalid > 0 || answer.Valid === 0}
              loading={commit.isPending}
              onClick={() => commit.mutate()}
              data-testid="users-import-commit"
            >
              {t('transfer.importCount', { count: answer?.Valid ?? 0 })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The rows to correct: line, address and what is wrong. */
function RowErrors({ rows }: { rows: UserImportRow[] }) {
  const { t } = useTranslation('administration');
  return (
    <ScrollArea.Autosize mah={320}>
      <Table striped data-testid="users-import-errors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('transfer.line')}</Table.Th>
            <Table.Th>{t('users.columns.email')}</Table.Th>
            <Table.Th>{t('transfer.problem')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.Line}>
              <Table.Td>{row.Line}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{row.Email}</Table.Td>
              <Table.Td>
                <List size="sm">
                  {row.Errors.map((error) => (
                    <List.Item key={error}>{t(`transfer.errors.${error}`)}</List.Item>
                  ))}
                </List>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** The first rows of a file without errors, as they will be created. */
function RowPreview({ rows }: { rows: UserImportRow[] }) {
  const { t } = useTranslation('administration');
  const shown = rows.slice(0, 10);
  return (
    <ScrollArea.Autosize mah={320}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.columns.name')}</Table.Th>
            <Table.Th>{t('users.columns.email')}</Table.Th>
            <Table.Th>{t('users.columns.type')}</Table.Th>
            <Table.Th>{t('users.columns.company')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((row) => (
            <Table.Tr key={row.Line}>
              <Table.Td>
                {row.FirstName} {row.LastName}
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{row.Email}</Table.Td>
              <Table.Td>
                <UserTypeText type={row.UserType} />
              </Table.Td>
              <Table.Td>{row.Company}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length > shown.length && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('transfer.more', { count: rows.length - shown.length })}
        </Text>
      )}
    </ScrollArea.Autosize>
  );
}
