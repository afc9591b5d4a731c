import { Anchor, Card, Drawer, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceDetail } from '../../../../shared/contract/accounting/accounting';
import { isMissing } from '../../../components/errorText';
import { ErrorAlert, Loading } from '../../../components/LoadState';
import { InvoiceStatusBadge } from '../components/InvoiceStatusBadge';
import { ScrollTable } from '../components/ScrollTable';
import { useMoney } from '../money';
import { formatDay } from '../period';
import { useInvoice } from '../queries';
import { InvoiceActions } from './InvoiceActions';
import { InvoiceLines, InvoiceTotals, Section } from './InvoiceLines';
import { useInvoiceName } from './InvoiceTable';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** One invoice or credit note in a drawer over the list: its parties, lines, totals, payments and vouchers. */
export function InvoiceDrawer({
  invoiceId,
  onOpen,
  onClose,
}: {
  invoiceId: number;
  onOpen(invoiceId: number): void;
  onClose(): void;
}) {
  const { t } = useTranslation('accounting');
  const phone = useMediaQuery('(max-width: 48em)');
  const invoice = useInvoice(invoiceId);
  const name = useInvoiceName();
  return (
    <Drawer
      opened={invoiceId > 0}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={<span data-testid="invoice-drawer-title">{invoice.data ? name(invoice.data) : t('invoice.title')}</span>}
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      data-testid="invoice-drawer"
    >
      {invoice.isError && !invoice.data ? (
        <ErrorAlert>{isMissing(invoice.error) ? t('invoice.notFound') : t('invoice.loadFailed')}</ErrorAlert>
      ) : !invoice.data ? (
        <Loading section />
      ) : (
        <InvoiceView key={invoice.data.Id} invoice={invoice.data} onOpen={onOpen} />
      )}
    </Drawer>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

function PartyCard({ id, title, party }: { id: string; title: string; party: InvoiceDetail['Buyer'] }) {
  const { t } = useTranslation('accounting');
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb={4}>
        {title}
      </Title>
      <Text size="sm" fw={600}>
        {party.Name}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {party.Address}
      </Text>
      <Text size="sm">{party.Country}</Text>
      {party.VatNumber && <Text size="sm">{t('invoice.vatNumber', { value: party.VatNumber })}</Text>}
      {party.OrgNumber && <Text size="sm">{t('invoice.orgNumber', { value: party.OrgNumber })}</Text>}
      {party.Email && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {party.Email}
        </Text>
      )}
    </Card>
  );
}

function InvoiceView({ invoice, onOpen }: { invoice: InvoiceDetail; onOpen(invoiceId: number): void }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const name = useInvoiceName();
  const day = (value: string | null) => (value ? formatDay(value) : '—');
  return (
    <Stack gap="lg" data-testid="invoice-detail">
      <Group gap="sm">
        <InvoiceStatusBadge status={invoice.Status} />
        <Text size="sm">{t(`payments.${invoice.Payment}`)}</Text>
      </Group>
      <InvoiceActions invoice={invoice} />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="dl" m={0}>
        <Fact label={t('invoice.issued')}>{day(invoice.IssueDate)}</Fact>
        <Fact label={t('invoice.due')}>{day(invoice.DueDate)}</Fact>
        <Fact label={t('invoice.customer')}>
          <Anchor component={Link} to={`/customers?customer=${invoice.CustomerId}`} size="sm">
            {invoice.CustomerName}
          </Anchor>
        </Fact>
        <Fact label={t('invoice.treatment')}>
          {t(`treatments.${invoice.Treatment}`)}
          {invoice.VatCountry ? ` (${invoice.VatCountry})` : ''}
        </Fact>
        <Fact label={t('invoice.rate')}>
          {t('invoice.rateValue', { rate: invoice.Rate.toLocaleString(money.language) })}
        </Fact>
        {invoice.OrderId > 0 && <Fact label={t('invoice.order')}>{invoice.OrderId}</Fact>}
        {invoice.CreditsInvoiceId > 0 && (
          <Fact label={t('invoice.credits')}>
            <Anchor
              href={`?invoice=${invoice.CreditsInvoiceId}`}
              size="sm"
              onClick={(event) => {
                event.preventDefault();
                onOpen(invoice.CreditsInvoiceId);
              }}
            >
              {t('invoice.openCredited', { number: invoice.CreditsInvoiceNumber ?? '' })}
            </Anchor>
          </Fact>
        )}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PartyCard id="invoice-seller" title={t('invoice.seller')} party={invoice.Seller} />
        <PartyCard id="invoice-buyer" title={t('invoice.buyer')} party={invoice.Buyer} />
      </SimpleGrid>

      <InvoiceLines invoice={invoice} />

      <InvoiceTotals invoice={invoice} />

      <Section id="invoice-payments" title={t('invoice.payments.heading')}>
        {invoice.Payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('invoice.payments.none')}
          </Text>
        ) : (
          <ScrollTable minWidth={420} label={t('invoice.payments.heading')}>
            <Table data-testid="invoice-payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('invoice.payments.date')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('invoice.payments.amount')}
                  </Table.Th>
                  <Table.Th scope="col">{t('invoice.payments.method')}</Table.Th>
                  <Table.Th scope="col">{t('invoice.payments.reference')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.Payments.map((payment, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: payments are only ever added, in order
                  <Table.Tr key={index}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(payment.Date)}</Table.Td>
                    <Table.Td ta="right" style={numeric}>
                      {money.euros(payment.AmountCents)}
                    </Table.Td>
                    <Table.Td>
                      {payment.Method === 'card' || payment.Method === 'bank'
                        ? t(`invoice.payments.methods.${payment.Method}`)
                        : payment.Method}
                    </Table.Td>
                    <Table.Td>{payment.Reference || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Section>

      {invoice.Kind === 'invoice' && (
        <Section id="invoice-credit-notes" title={t('invoice.creditNotes.heading')}>
          {invoice.CreditNotes.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('invoice.creditNotes.none')}
            </Text>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {invoice.CreditNotes.map((note) => (
                <Group key={note.Id} component="li" gap="sm" data-testid="invoice-credit-note">
                  <Anchor
                    href={`?invoice=${note.Id}`}
                    size="sm"
                    onClick={(event) => {
                      event.preventDefault();
                      onOpen(note.Id);
                    }}
                  >
                    {name({ Kind: 'credit_note', Number: note.Number })}
                  </Anchor>
                  <Text size="sm" style={numeric}>
                    {money.euros(note.TotalCents)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Section>
      )}

      <Section id="invoice-vouchers" title={t('invoice.vouchers.heading')}>
        {invoice.Vouchers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('invoice.vouchers.none')}
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {invoice.Vouchers.map((voucher) => (
              <li key={voucher.Id}>
                <Anchor
                  component={Link}
                  to={`/accounting?tab=vouchers&from=${voucher.Date}&to=${voucher.Date}`}
                  size="sm"
                >
                  {t('invoice.vouchers.item', {
                    series: voucher.Series,
                    number: voucher.Number,
                    date: day(voucher.Date),
                  })}
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
