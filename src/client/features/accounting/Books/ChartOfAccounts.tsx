import {
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NAME_MAX, ACCOUNT_NUMBER } from '../../../../shared/domain/accounting/chart';
import { call } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { ErrorAlert, LoadError, Loading } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { ToneBadge } from '../../../components/tone';
import { useBooks, useBooksChange } from '../queries';

interface Account {
  Number: number;
  Name: string;
  Kind: 'asset' | 'liability' | 'income' | 'expense';
  Active: boolean;
}

/** The "Chart of accounts" tab: the BAS accounts of the books, each renamed or hidden here; new ones added. */
export function ChartOfAccounts() {
  const { t } = useTranslation('accounting');
  const books = useBooks();
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const known = new Set(books.data?.Accounts.map((account) => account.Number));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          {t('chart.heading')}
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          data-testid="account-create"
        >
          {t('chart.create')}
        </Button>
      </Group>
      <Text size="sm">{t('chart.intro')}</Text>
      {books.isError ? (
        <LoadError>{t('books.loadFailed')}</LoadError>
      ) : !books.data ? (
        <Loading section />
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table striped highlightOnHover data-testid="account-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('chart.number')}</Table.Th>
                <Table.Th scope="col">{t('chart.name')}</Table.Th>
                <Table.Th scope="col">{t('chart.kind')}</Table.Th>
                <Table.Th scope="col">{t('chart.state')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('chart.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {books.data.Accounts.map((account) => (
                <Table.Tr key={account.Number} data-account={account.Number}>
                  <Table.Th scope="row" fw={500}>
                    {account.Number}
                  </Table.Th>
                  <Table.Td>{account.Name}</Table.Td>
                  <Table.Td>{t(`chart.kinds.${account.Kind}`)}</Table.Td>
                  <Table.Td>
                    {account.Active ? (
                      <ToneBadge tone="teal">{t('chart.active')}</ToneBadge>
                    ) : (
                      <ToneBadge tone="orange">{t('chart.hidden')}</ToneBadge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('chart.editLabel', { number: account.Number })}
                      onClick={() => setEditing(account)}
                    >
                      {t('chart.edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' || editing === null ? t('chart.newTitle') : t('chart.editTitle', { number: editing.Number })
        }
        centered
        closeButtonProps={{ 'aria-label': t('close') }}
        data-testid="account-modal"
      >
        {editing !== null && (
          <AccountForm
            key={editing === 'new' ? 'new' : editing.Number}
            account={editing === 'new' ? null : editing}
            known={known}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

function AccountForm({ account, known, onDone }: { account: Account | null; known: Set<number>; onDone(): void }) {
  const { t } = useTranslation('accounting');
  const save = useBooksChange((data: { Number: number; Name: string; Active: boolean }) =>
    call('accounting.php', 'save_account', data),
  );
  const form = useForm({
    initialValues: {
      number: (account?.Number ?? '') as number | string,
      name: account?.Name ?? '',
      active: account?.Active ?? true,
    },
    validate: {
      number: (value) => {
        if (
          typeof value !== 'number' ||
          !Number.isInteger(value) ||
          value < ACCOUNT_NUMBER.min ||
          value > ACCOUNT_NUMBER.max
        )
          return t('chart.numberRange', { min: ACCOUNT_NUMBER.min, max: ACCOUNT_NUMBER.max });
        return !account && known.has(value) ? t('chart.numberTaken', { number: value }) : null;
      },
      name: (value) => (value.trim() === '' ? t('chart.nameRequired') : null),
    },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ Number: Number(values.number), Name: values.name.trim(), Active: values.active });
      showToast(t('chart.saved', { number: values.number }), 'green');
      onDone();
    } catch {
      // The alert in the form says what went wrong.
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="account-form">
      <Stack gap="md">
        <NumberInput
          label={t('chart.number')}
          description={t('chart.numberHint')}
          min={ACCOUNT_NUMBER.min}
          max={ACCOUNT_NUMBER.max}
          allowDecimal={false}
          allowNegative={false}
          disabled={account !== null}
          required
          data-autofocus={account === null || undefined}
          {...form.getInputProps('number')}
        />
        <TextInput
          label={t('chart.name')}
          maxLength={ACCOUNT_NAME_MAX}
          required
          data-autofocus={account !== null || undefined}
          {...form.getInputProps('name')}
        />
        <Switch
          label={t('chart.activeLabel')}
          description={t('chart.activeHint')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        {save.isError && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('chart.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
