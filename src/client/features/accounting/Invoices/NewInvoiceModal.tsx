import {
  ActionIcon,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId, useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '../../../../shared/contract/accounting/accounting';
import { type TaxCategory, taxCategories } from '../../../../shared/domain/commerce/products';
import { errorText } from '../../../components/errorText';
import { ErrorAlert } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { toMinorUnits, useMoney } from '../money';
import { useCreateInvoice, useCustomers } from '../queries';

/** The lines an invoice may have (the contract's limit). */
const MAX_LINES = 50;

interface Line {
  key: string;
  description: string;
  quantity: number | string;
  unitPrice: number | string;
}

const newLine = (): Line => ({ key: randomId(), description: '', quantity: 1, unitPrice: '' });

/** "New invoice": an invoice to pay for a customer, for something sold outside the shop. */
export function NewInvoiceModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose(): void;
  onCreated(invoiceId: number): void;
}) {
  const { t } = useTranslation('accounting');
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('newInvoice.title')}
      size="xl"
      fullScreen={phone}
      // A click beside the dialog must not throw away what was typed.
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="new-invoice-modal"
    >
      {opened && <NewInvoiceForm onCancel={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

/** A customer chosen by typing part of her name: the server searches, each answer is an option. */
export function CustomerSelect({
  value,
  onChange,
  error,
}: {
  value: Customer | null;
  onChange(customer: Customer | null): void;
  error?: string | null;
}) {
  const { t } = useTranslation('accounting');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Once a customer is chosen the field shows her name: the list is not searched by it.
  const query = value && debounced === value.Name ? '' : debounced;
  const found = useCustomers(query, 1);
  const options = new Map<number, Customer>();
  if (value) options.set(value.Id, value);
  for (const customer of found.data?.data ?? []) options.set(customer.Id, customer);
  return (
    <Select
      label={t('newInvoice.customer')}
      description={t('newInvoice.customerHint')}
      placeholder={t('newInvoice.customerPlaceholder')}
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={[...options.values()].map((customer) => ({
        value: String(customer.Id),
        // Two customers may share a name: her country and VAT number or address tell them apart.
        label: `${customer.Name} (${[customer.Country, customer.VatNumber ?? customer.Email].filter(Boolean).join(', ')})`,
      }))}
      value={value ? String(value.Id) : null}
      onChange={(id) => onChange(id === null ? null : (options.get(Number(id)) ?? null))}
      nothingFoundMessage={found.isFetching ? undefined : t('newInvoice.noCustomers')}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-autofocus
      data-testid="new-invoice-customer"
    />
  );
}

function NewInvoiceForm({ onCancel, onCreated }: { onCancel(): void; onCreated(invoiceId: number): void }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const create = useCreateInvoice();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [customerError, setCustomerError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { taxCategory: 'electronic' as TaxCategory, lines: [newLine()] },
    validate: {
      lines: {
        description: (value) => (value.trim() === '' ? t('newInvoice.descriptionRequired') : null),
        quantity: (value) =>
          typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100_000
            ? null
            : t('newInvoice.quantityRange'),
        unitPrice: (value) => {
          const cents = toMinorUnits(value);
          return cents !== null && cents >= 1 ? null : t('newInvoice.priceRequired');
        },
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    if (!customer) {
      setCustomerError(t('newInvoice.customerRequired'));
      return;
    }
    try {
      const answer = await create.mutateAsync({
        CustomerId: customer.Id,
        TaxCategory: values.taxCategory,
        Lines: values.lines.map((line) => ({
          Description: line.description.trim(),
          Quantity: Number(line.quantity),
          UnitCents: toMinorUnits(line.unitPrice) ?? 0,
        })),
      });
      showToast(t('newInvoice.done', { number: answer.data.Number ?? '' }), 'green');
      onCreated(answer.data.Id);
    } catch {
      // The alert in the form says what went wrong.
    }
  });

  const lines = form.values.lines;
  return (
    <form onSubmit={submit} noValidate data-testid="new-invoice-form">
      <Stack gap="md">
        <CustomerSelect
          value={customer}
          onChange={(chosen) => {
            setCustomer(chosen);
            setCustomerError(null);
          }}
          error={customerError}
        />
        <Radio.Group label={t('newInvoice.category')} {...form.getInputProps('taxCategory')}>
          <Group gap="lg" mt={6}>
            {taxCategories.map((category) => (
              <Radio key={category} value={category} label={t(`taxCategories.${category}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} size="sm" p={0}>
            {t('newInvoice.lines')}
          </Text>
          {customer && (
            <Text size="sm" c="dimmed">
              {t(customer.Kind === 'company' ? 'newInvoice.netPrices' : 'newInvoice.grossPrices')}
            </Text>
          )}
          {lines.map((line, index) => (
            <Card key={line.key} withBorder padding="sm" data-testid="new-invoice-line">
              <Group gap="sm" align="flex-start" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
                  <TextInput
                    label={t('newInvoice.description')}
                    aria-label={t('newInvoice.lineField', { field: t('newInvoice.description'), number: index + 1 })}
                    maxLength={200}
                    required
                    data-testid="line-description"
                    {...form.getInputProps(`lines.${index}.description`)}
                  />
                  <NumberInput
                    label={t('newInvoice.quantity')}
                    aria-label={t('newInvoice.lineField', { field: t('newInvoice.quantity'), number: index + 1 })}
                    min={1}
                    max={100_000}
                    allowDecimal={false}
                    allowNegative={false}
                    required
                    data-testid="line-quantity"
                    {...form.getInputProps(`lines.${index}.quantity`)}
                  />
                  <NumberInput
                    label={t('newInvoice.unitPrice')}
                    aria-label={t('newInvoice.lineField', { field: t('newInvoice.unitPrice'), number: index + 1 })}
                    min={0.01}
                    decimalScale={2}
                    decimalSeparator={money.decimalSeparator}
                    allowNegative={false}
                    required
                    data-testid="line-price"
                    {...form.getInputProps(`lines.${index}.unitPrice`)}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={26}
                  disabled={lines.length === 1}
                  aria-label={t('newInvoice.removeLine', { number: index + 1 })}
                  onClick={() => form.removeListItem('lines', index)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Card>
          ))}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={lines.length >= MAX_LINES}
              onClick={() => form.insertListItem('lines', newLine())}
            >
              {t('newInvoice.addLine')}
            </Button>
          </Group>
        </Stack>
        {create.isError && <ErrorAlert>{errorText(create.error)}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="new-invoice-submit">
            {t('newInvoice.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
