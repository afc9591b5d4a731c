import { Anchor, Button, Group, Modal, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceDetail } from '../../../../shared/contract/accounting/accounting';
import { download } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { ErrorAlert } from '../../../components/LoadState';
import { saveFile } from '../../../components/saveFile';
import { showToast } from '../../../components/toast';
import { toMinorUnits, useMoney } from '../money';
import { today } from '../period';
import { useCreditInvoice, useRecordPayment } from '../queries';
import { useInvoiceName } from './InvoiceTable';

/** What can be done with an invoice: its PDF, a credit note, a payment by bank transfer. */
export function InvoiceActions({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('accounting');
  const [busy, setBusy] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const [paying, setPaying] = useState(false);
  const finalised = invoice.Kind === 'invoice' && invoice.Number !== null;
  const cardSale = invoice.Payment === 'card' && invoice.OrderId !== 0;
  const dueCents = invoice.CreditableCents - invoice.PaidCents;
  const payable =
    finalised &&
    invoice.Payment === 'invoice' &&
    (invoice.Status === 'sent' || invoice.Status === 'overdue') &&
    dueCents > 0;

  const downloadPdf = async () => {
    setBusy(true);
    try {
      const { blob, name } = await download('accounting.php', 'download_invoice', { Id: invoice.Id });
      saveFile(blob, name);
    } catch (error) {
      showToast(errorText(error), 'red');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy}
          onClick={() => void downloadPdf()}
          data-testid="invoice-download"
        >
          {t('invoice.download')}
        </Button>
        {finalised && !cardSale && invoice.CreditableCents > 0 && (
          <Button variant="default" onClick={() => setCrediting(true)} data-testid="invoice-credit">
            {t('invoice.credit')}
          </Button>
        )}
        {payable && (
          <Button onClick={() => setPaying(true)} data-testid="invoice-pay">
            {t('invoice.recordPayment')}
          </Button>
        )}
      </Group>
      {finalised && cardSale && invoice.CreditableCents > 0 && (
        <Text size="sm" data-testid="invoice-card-sale">
          {t('invoice.cardSale')}{' '}
          <Anchor component={Link} to="/productlist" size="sm" underline="always">
            {t('invoice.toProducts')}
          </Anchor>
        </Text>
      )}
      <CreditModal invoice={invoice} opened={crediting} onClose={() => setCrediting(false)} />
      <PaymentModal invoice={invoice} dueCents={dueCents} opened={paying} onClose={() => setPaying(false)} />
    </Stack>
  );
}

function CreditModal({ invoice, opened, onClose }: { invoice: InvoiceDetail; opened: boolean; onClose(): void }) {
  const { t } = useTranslation('accounting');
  const name = useInvoiceName();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('credit.title', { name: name(invoice) })}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="credit-modal"
    >
      {opened && <CreditForm invoice={invoice} onDone={onClose} />}
    </Modal>
  );
}

function CreditForm({ invoice, onDone }: { invoice: InvoiceDetail; onDone(): void }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const credit = useCreditInvoice();
  const max = invoice.CreditableCents;
  const form = useForm({
    initialValues: { whole: 'whole' as 'whole' | 'part', amount: '' as number | string, reason: '' },
    validate: {
      amount: (value, values) => {
        if (values.whole === 'whole') return null;
        const cents = toMinorUnits(value);
        return cents !== null && cents >= 1 && cents <= max ? null : t('credit.amountRange', { max: money.euros(max) });
      },
      reason: (value) => (value.trim() === '' ? t('credit.reasonRequired') : null),
    },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await credit.mutateAsync({
        Id: invoice.Id,
        Reason: values.reason.trim(),
        ...(values.whole === 'part' ? { AmountCents: toMinorUnits(values.amount) ?? 0 } : {}),
      });
      showToast(t('credit.done', { number: answer.data.Number ?? '' }), 'green');
      onDone();
    } catch {
      // The alert in the form says what went wrong.
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="credit-form">
      <Stack gap="md">
        <Radio.Group label={t('credit.choice')} {...form.getInputProps('whole')}>
          <Stack gap="xs" mt={6}>
            <Radio value="whole" label={t('credit.whole', { amount: money.euros(max) })} />
            <Radio value="part" label={t('credit.part')} />
          </Stack>
        </Radio.Group>
        {form.values.whole === 'part' && (
          <NumberInput
            label={t('credit.amount')}
            min={0.01}
            max={max / 100}
            decimalScale={2}
            decimalSeparator={money.decimalSeparator}
            allowNegative={false}
            required
            data-autofocus
            data-testid="credit-amount"
            {...form.getInputProps('amount')}
          />
        )}
        <TextInput
          label={t('credit.reason')}
          maxLength={200}
          required
          data-testid="credit-reason"
          {...form.getInputProps('reason')}
        />
        {credit.isError && <ErrorAlert>{errorText(credit.error)}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={credit.isPending} data-testid="credit-submit">
            {t('credit.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PaymentModal({
  invoice,
  dueCents,
  opened,
  onClose,
}: {
  invoice: InvoiceDetail;
  dueCents: number;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('accounting');
  const name = useInvoiceName();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('payment.title', { name: name(invoice) })}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="payment-modal"
    >
      {opened && <PaymentForm invoice={invoice} dueCents={dueCents} onDone={onClose} />}
    </Modal>
  );
}

function PaymentForm({ invoice, dueCents, onDone }: { invoice: InvoiceDetail; dueCents: number; onDone(): void }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const pay = useRecordPayment();
  const form = useForm({
    initialValues: { amount: (dueCents / 100) as number | string, date: today(), reference: '' },
    validate: {
      amount: (value) => {
        const cents = toMinorUnits(value);
        return cents !== null && cents >= 1 && cents <= dueCents
          ? null
          : t('payment.amountRange', { max: money.euros(dueCents) });
      },
      date: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t('payment.dateRequired')),
    },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await pay.mutateAsync({
        Id: invoice.Id,
        AmountCents: toMinorUnits(values.amount) ?? 0,
        Date: values.date,
        Reference: values.reference.trim(),
      });
      showToast(t('payment.done'), 'green');
      onDone();
    } catch {
      // The alert in the form says what went wrong.
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="payment-form">
      <Stack gap="md">
        <Text size="sm">{t('payment.due', { amount: money.euros(dueCents) })}</Text>
        <NumberInput
          label={t('payment.amount')}
          min={0.01}
          max={dueCents / 100}
          decimalScale={2}
          decimalSeparator={money.decimalSeparator}
          allowNegative={false}
          required
          data-autofocus
          {...form.getInputProps('amount')}
        />
        <TextInput type="date" label={t('payment.date')} required {...form.getInputProps('date')} />
        <TextInput
          label={t('payment.reference')}
          description={t('payment.referenceHint')}
          maxLength={100}
          {...form.getInputProps('reference')}
        />
        {pay.isError && <ErrorAlert>{errorText(pay.error)}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={pay.isPending}>
            {t('payment.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
