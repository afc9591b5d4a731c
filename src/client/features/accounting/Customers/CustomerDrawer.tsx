import { Anchor, Button, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Customer } from '../../../../shared/contract/accounting/accounting';
import { isMissing } from '../../../components/errorText';
import { ErrorAlert, Loading } from '../../../components/LoadState';
import { InvoiceTable } from '../Invoices/InvoiceTable';
import { useMoney } from '../money';
import { useCustomer } from '../queries';
import { countryName } from './countries';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** One customer in a drawer over the list: her details, what she owes, and her invoices. */
export function CustomerDrawer({
  customerId,
  onClose,
  onEdit,
}: {
  customerId: number;
  onClose(): void;
  onEdit(customer: Customer): void;
}) {
  const { t } = useTranslation('accounting');
  const phone = useMediaQuery('(max-width: 48em)');
  const answer = useCustomer(customerId);
  return (
    <Drawer
      opened={customerId > 0}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={<span data-testid="customer-drawer-title">{answer.data?.data.Name ?? t('customer.title')}</span>}
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      data-testid="customer-drawer"
    >
      {answer.isError && !answer.data ? (
        <ErrorAlert>{isMissing(answer.error) ? t('customer.notFound') : t('customer.loadFailed')}</ErrorAlert>
      ) : !answer.data ? (
        <Loading section />
      ) : (
        <CustomerView customer={answer.data.data} invoices={answer.data.Invoices} onEdit={onEdit} />
      )}
    </Drawer>
  );
}

function CustomerView({
  customer,
  invoices,
  onEdit,
}: {
  customer: Customer;
  invoices: Parameters<typeof InvoiceTable>[0]['invoices'];
  onEdit(customer: Customer): void;
}) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  return (
    <Stack gap="lg" data-testid="customer-detail">
      <Group>
        <Button
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => onEdit(customer)}
          data-testid="customer-edit"
        >
          {t('customer.edit')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
        <Fact label={t('customer.kind')}>{t(`customerKinds.${customer.Kind}`)}</Fact>
        <Fact label={t('customer.country')}>
          {countryName(customer.Country, money.language)} ({customer.Country})
        </Fact>
        <Fact label={t('customer.address')}>{customer.Address || '—'}</Fact>
        <Fact label={t('customer.email')}>{customer.Email || '—'}</Fact>
        <Fact label={t('customer.vatNumber')}>{customer.VatNumber ?? '—'}</Fact>
        <Fact label={t('customer.orgNumber')}>{customer.OrgNumber ?? '—'}</Fact>
        <Fact label={t('customer.language')}>{t(`languages.${customer.Language}`)}</Fact>
        <Fact label={t('customer.invoiced')}>{money.euros(customer.InvoicedCents)}</Fact>
        <Fact label={t('customer.balance')}>{money.euros(customer.BalanceCents)}</Fact>
      </SimpleGrid>
      <Stack gap="xs" component="section" aria-labelledby="customer-invoices-heading">
        <Group justify="space-between" align="baseline">
          <Title order={3} size="h4" id="customer-invoices-heading">
            {t('customer.invoices')}
          </Title>
          <Anchor component={Link} to={`/invoices?customer=${customer.Id}`} size="sm">
            {t('customer.allInvoices')}
          </Anchor>
        </Group>
        {invoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('customer.noInvoices')}
          </Text>
        ) : (
          <InvoiceTable invoices={invoices} showCustomer={false} page="/invoices" />
        )}
      </Stack>
    </Stack>
  );
}
