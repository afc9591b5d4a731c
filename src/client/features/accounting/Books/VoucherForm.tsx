import {
  ActionIcon,
  Button,
  Card,
  Grid,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId, useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/errorText';
import { ErrorAlert, LoadError, Loading } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { toneText } from '../../../components/tone';
import { toMinorUnits, useMoney } from '../money';
import { today } from '../period';
import { useBooks, usePostVoucher } from '../queries';

/** The rows a voucher may have (the contract's limit). */
const MAX_ROWS = 100;

interface Row {
  key: string;
  account: string | null;
  debit: number | string;
  credit: number | string;
  text: string;
}

const newRow = (): Row => ({ key: randomId(), account: null, debit: '', credit: '', text: '' });

/** A row's amount in öre, debit positive; null when it has none, or both. */
function rowAmount(row: Row): number | null {
  const debit = toMinorUnits(row.debit) ?? 0;
  const credit = toMinorUnits(row.credit) ?? 0;
  if ((debit === 0) === (credit === 0)) return null;
  return debit - credit;
}

/** "New voucher": a manual voucher (series M) of balanced rows in kronor. */
export function VoucherModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation('accounting');
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('voucherForm.title')}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="voucher-modal"
    >
      {opened && <VoucherFormLoader onDone={onClose} />}
    </Modal>
  );
}

function VoucherFormLoader({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('accounting');
  const books = useBooks();
  if (books.isError) return <LoadError>{t('books.loadFailed')}</LoadError>;
  if (!books.data) return <Loading section />;
  const accounts = books.data.Accounts.filter((account) => account.Active).map((account) => ({
    value: String(account.Number),
    label: `${account.Number} ${account.Name}`,
  }));
  return <VoucherForm accounts={accounts} onDone={onDone} />;
}

function VoucherForm({ accounts, onDone }: { accounts: { value: string; label: string }[]; onDone(): void }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const post = usePostVoucher();
  const form = useForm({
    initialValues: { date: today(), text: '', rows: [newRow(), newRow()] },
    validate: {
      date: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t('voucherForm.dateRequired')),
      text: (value) => (value.trim() === '' ? t('voucherForm.textRequired') : null),
      rows: {
        account: (value) => (value ? null : t('voucherForm.accountRequired')),
        debit: (_value, values, path) => {
          const index = Number(path.split('.')[1]);
          const row = values.rows[index];
          return row && rowAmount(row) === null ? t('voucherForm.oneAmount') : null;
        },
      },
    },
  });
  const rows = form.values.rows;
  const difference = rows.reduce((sum, row) => sum + (rowAmount(row) ?? 0), 0);
  const balanced = difference === 0 && rows.some((row) => rowAmount(row) !== null);

  const submit = form.onSubmit(async (values) => {
    if (!balanced) return;
    try {
      const answer = await post.mutateAsync({
        Date: values.date,
        Text: values.text.trim(),
        Lines: values.rows.map((row) => ({
          Account: Number(row.account),
          AmountOre: rowAmount(row) ?? 0,
          Text: row.text.trim(),
        })),
      });
      showToast(t('voucherForm.done', { series: answer.data.Series, number: answer.data.Number }), 'green');
      onDone();
    } catch {
      // The alert in the form says what went wrong.
    }
  });

  const amountProps = {
    min: 0,
    decimalScale: 2,
    decimalSeparator: money.decimalSeparator,
    allowNegative: false,
    // The room goes to the amount: arrows that step a krona at a time are of no use here.
    hideControls: true,
  } as const;
  return (
    <form onSubmit={submit} noValidate data-testid="voucher-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label={t('voucherForm.date')} required {...form.getInputProps('date')} />
          <TextInput
            label={t('voucherForm.text')}
            maxLength={200}
            required
            data-autofocus
            data-testid="voucher-text"
            {...form.getInputProps('text')}
          />
        </SimpleGrid>
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} size="sm" p={0}>
            {t('voucherForm.rows')}
          </Text>
          {rows.map((row, index) => {
            const label = (field: string) => t('voucherForm.rowField', { field, number: index + 1 });
            return (
              <Card key={row.key} withBorder padding="sm" data-testid="voucher-row">
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  <Grid gap="sm" style={{ flex: 1 }}>
                    <Grid.Col span={{ base: 12, sm: 5 }}>
                      <Select
                        label={t('voucherForm.account')}
                        aria-label={label(t('voucherForm.account'))}
                        data={accounts}
                        searchable
                        required
                        nothingFoundMessage={t('voucherForm.noAccount')}
                        comboboxProps={{ withinPortal: true }}
                        data-testid="voucher-account"
                        {...form.getInputProps(`rows.${index}.account`)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 6, sm: 2 }}>
                      <NumberInput
                        label={t('voucherForm.debit')}
                        aria-label={label(t('voucherForm.debit'))}
                        data-testid="voucher-debit"
                        {...amountProps}
                        {...form.getInputProps(`rows.${index}.debit`)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 6, sm: 2 }}>
                      <NumberInput
                        label={t('voucherForm.credit')}
                        aria-label={label(t('voucherForm.credit'))}
                        data-testid="voucher-credit"
                        {...amountProps}
                        {...form.getInputProps(`rows.${index}.credit`)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 3 }}>
                      <TextInput
                        label={t('voucherForm.rowText')}
                        aria-label={label(t('voucherForm.rowText'))}
                        maxLength={200}
                        {...form.getInputProps(`rows.${index}.text`)}
                      />
                    </Grid.Col>
                  </Grid>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mt={26}
                    disabled={rows.length <= 2}
                    aria-label={t('voucherForm.removeRow', { number: index + 1 })}
                    onClick={() => form.removeListItem('rows', index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Card>
            );
          })}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={rows.length >= MAX_ROWS}
              onClick={() => form.insertListItem('rows', newRow())}
            >
              {t('voucherForm.addRow')}
            </Button>
            <Text
              fw={600}
              role="status"
              {...(difference === 0 ? (balanced ? toneText('teal') : {}) : toneText('red'))}
              data-testid="voucher-difference"
            >
              {balanced ? t('voucherForm.balanced') : t('voucherForm.difference', { amount: money.kronor(difference) })}
            </Text>
          </Group>
        </Stack>
        {post.isError && <ErrorAlert>{errorText(post.error)}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={post.isPending} disabled={!balanced} data-testid="voucher-submit">
            {t('voucherForm.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
