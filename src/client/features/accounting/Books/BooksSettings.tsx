import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { AccountingSettings } from '../../../../shared/contract/accounting/accounting';
import { ApiError, call } from '../../../app/api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText } from '../../../components/errorText';
import { ErrorAlert, LoadError, Loading } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { UnsavedChangesGuard } from '../../../components/UnsavedChanges';
import { ScrollTable } from '../components/ScrollTable';
import { useMoney } from '../money';
import { dayOf, formatDay } from '../period';
import { useBooks, useBooksChange } from '../queries';

type Settings = z.output<typeof AccountingSettings>;
type Year = { Id: number; Start: string; End: string; LockedThrough: string | null };

/** The "Settings" tab: the company on the invoices and the books' rules, the fiscal years and closing, the rates. */
export function BooksSettings() {
  const { t } = useTranslation('accounting');
  const books = useBooks();
  if (books.isError) return <LoadError>{t('books.loadFailed')}</LoadError>;
  if (!books.data) return <Loading section />;
  return (
    <Stack gap={48}>
      <SettingsForm key={books.dataUpdatedAt} settings={books.data.Settings} />
      <FiscalYears years={books.data.Years} />
      <ImportRates />
    </Stack>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const save = useBooksChange((data: Settings) => call('accounting.php', 'save_books_settings', data));
  const form = useForm({
    initialValues: settings as Omit<Settings, 'PaymentTermsDays' | 'DefaultRate'> & {
      PaymentTermsDays: number | string;
      DefaultRate: number | string;
    },
    validate: {
      CompanyName: (value) => (value.trim() === '' ? t('settings.companyNameRequired') : null),
      PaymentTermsDays: (value) =>
        typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 120
          ? null
          : t('settings.termsRange'),
      DefaultRate: (value) =>
        typeof value === 'number' && value > 0 && value <= 1000 ? null : t('settings.rateRange'),
    },
  });
  const dirty = form.isDirty();
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({
        ...values,
        PaymentTermsDays: Number(values.PaymentTermsDays),
        DefaultRate: Number(values.DefaultRate),
      });
      form.resetDirty();
      showToast(t('settings.saved'), 'green');
    } catch {
      // The alert in the form says what went wrong.
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="books-settings">
      <UnsavedChangesGuard dirty={dirty} text={t('settings.unsaved')} />
      <Stack gap="md" maw={760} component="section" aria-labelledby="settings-heading">
        <Title order={2} size="h3" id="settings-heading">
          {t('settings.heading')}
        </Title>
        <Text size="sm">{t('settings.intro')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('settings.companyName')}
            required
            maxLength={200}
            {...form.getInputProps('CompanyName')}
          />
          <TextInput type="email" label={t('settings.email')} maxLength={254} {...form.getInputProps('Email')} />
          <TextInput label={t('settings.orgNumber')} maxLength={11} {...form.getInputProps('OrgNumber')} />
          <TextInput label={t('settings.vatNumber')} maxLength={20} {...form.getInputProps('VatNumber')} />
        </SimpleGrid>
        <Textarea
          label={t('settings.address')}
          maxLength={500}
          autosize
          minRows={3}
          maxRows={6}
          {...form.getInputProps('Address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('settings.bankAccount')}
            description={t('settings.bankAccountHint')}
            maxLength={100}
            {...form.getInputProps('BankAccount')}
          />
          <NumberInput
            label={t('settings.paymentTerms')}
            description={t('settings.paymentTermsHint')}
            min={0}
            max={120}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('PaymentTermsDays')}
          />
          <NumberInput
            label={t('settings.defaultRate')}
            description={t('settings.defaultRateHint')}
            min={0.0001}
            max={1000}
            decimalScale={4}
            decimalSeparator={money.decimalSeparator}
            allowNegative={false}
            {...form.getInputProps('DefaultRate')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('settings.belowThreshold')}
          description={t('settings.belowThresholdHint')}
          {...form.getInputProps('SwedishVatBelowThreshold', { type: 'checkbox' })}
        />
        {save.isError && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="settings-save">
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The last day of the month before this one: what is usually closed next. */
const endOfLastMonth = () => {
  const now = new Date();
  return dayOf(new Date(now.getFullYear(), now.getMonth(), 0));
};

function FiscalYears({ years }: { years: Year[] }) {
  const { t } = useTranslation('accounting');
  const [through, setThrough] = useState(endOfLastMonth());
  const [asking, setAsking] = useState(false);
  const close = useBooksChange((day: string) => call('accounting.php', 'close_period', { Through: day }));
  const confirm = async () => {
    try {
      await close.mutateAsync(through);
      setAsking(false);
      showToast(t('years.closed', { date: formatDay(through) }), 'green');
    } catch {
      setAsking(false);
    }
  };
  return (
    <Stack gap="md" maw={760} component="section" aria-labelledby="years-heading">
      <Title order={2} size="h3" id="years-heading">
        {t('years.heading')}
      </Title>
      {years.length === 0 ? (
        <Text c="dimmed">{t('years.none')}</Text>
      ) : (
        <ScrollTable minWidth={480} label={t('years.heading')}>
          <Table data-testid="fiscal-years">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('years.year')}</Table.Th>
                <Table.Th scope="col">{t('years.closedThrough')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {years.map((year) => (
                <Table.Tr key={year.Id}>
                  <Table.Th scope="row" fw={500}>
                    {formatDay(year.Start)} – {formatDay(year.End)}
                  </Table.Th>
                  <Table.Td>{year.LockedThrough ? formatDay(year.LockedThrough) : t('years.open')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Group gap="sm" align="flex-end">
        <TextInput
          type="date"
          label={t('years.through')}
          description={t('years.throughHint')}
          value={through}
          onChange={(event) => setThrough(event.currentTarget.value)}
          data-testid="close-through"
        />
        <Button variant="default" disabled={!through} onClick={() => setAsking(true)} data-testid="close-period">
          {t('years.close')}
        </Button>
      </Group>
      {close.isError && <ErrorAlert>{errorText(close.error)}</ErrorAlert>}
      <ConfirmDialog
        opened={asking}
        title={t('years.confirmTitle')}
        text={t('years.confirmText', { date: through ? formatDay(through) : '' })}
        cancel={t('cancel')}
        onCancel={() => setAsking(false)}
        confirm={t('years.confirm')}
        confirmColor="red.8"
        focusCancel
        busy={close.isPending}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}

function ImportRates() {
  const { t } = useTranslation('accounting');
  const [text, setText] = useState('');
  const importRates = useBooksChange((value: string) => call('accounting.php', 'import_rates', { Text: value }));
  const submit = async () => {
    try {
      const answer = await importRates.mutateAsync(text);
      showToast(t('rates.imported', { count: answer.Imported }), 'green');
      setText('');
    } catch {
      // The alert below says what went wrong.
    }
  };
  const refusal = importRates.error;
  const badLine = refusal instanceof ApiError && typeof refusal.body.line === 'number' ? refusal.body.line : null;
  return (
    <Stack gap="md" maw={760} component="section" aria-labelledby="rates-heading">
      <Title order={2} size="h3" id="rates-heading">
        {t('rates.heading')}
      </Title>
      <Textarea
        label={t('rates.label')}
        description={t('rates.hint')}
        placeholder={'2026-01-02;11.1225\n2026-01-05;11.0950'}
        autosize
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="rates-text"
      />
      {refusal && (
        <ErrorAlert>{badLine !== null ? t('rates.badLine', { line: badLine }) : errorText(refusal)}</ErrorAlert>
      )}
      <Group>
        <Button
          variant="default"
          disabled={text.trim() === ''}
          loading={importRates.isPending}
          onClick={() => void submit()}
          data-testid="rates-import"
        >
          {t('rates.import')}
        </Button>
      </Group>
    </Stack>
  );
}
