import { Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail } from '../../../../shared/contract/accounting/accounting';
import { ScrollTable } from '../components/ScrollTable';
import { useMoney } from '../money';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const percent = (rateBp: number, language: string) =>
  new Intl.NumberFormat(language === 'sv' ? 'sv-SE' : 'en-GB', { style: 'percent', maximumFractionDigits: 2 }).format(
    rateBp / 10_000,
  );

/** A titled part of the invoice drawer. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The per-rate sums of the lines: what a VAT return reads. */
function ratesOf(invoice: InvoiceDetail) {
  const rates = new Map<number, { net: number; vat: number }>();
  for (const line of invoice.Lines) {
    const sum = rates.get(line.RateBp) ?? { net: 0, vat: 0 };
    rates.set(line.RateBp, { net: sum.net + line.NetCents, vat: sum.vat + line.VatCents });
  }
  return [...rates.entries()].sort(([a], [b]) => b - a);
}

/** The invoice's lines, each with its VAT rate. */
export function InvoiceLines({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  return (
    <Section id="invoice-lines" title={t('invoice.lines.heading')}>
      <ScrollTable minWidth={560} label={t('invoice.lines.heading')}>
        <Table data-testid="invoice-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('invoice.lines.description')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('invoice.lines.quantity')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('invoice.lines.unitPrice')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('invoice.lines.vatRate')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('invoice.lines.net')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('invoice.lines.vat')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.Lines.map((line, index) => (
              // Lines have no id of their own; their order is the invoice's.
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an invoice never change order
              <Table.Tr key={index}>
                <Table.Td>{line.Description}</Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {line.Quantity}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {money.euros(line.UnitCents)}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {percent(line.RateBp, money.language)}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {money.euros(line.NetCents)}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {money.euros(line.VatCents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Section>
  );
}

/** The sums per VAT rate and of the whole, and what is paid of it. */
export function InvoiceTotals({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  return (
    <Section id="invoice-totals" title={t('invoice.totals.heading')}>
      <ScrollTable minWidth={420} label={t('invoice.totals.heading')}>
        <Table data-testid="invoice-totals">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('invoice.totals.rate')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('invoice.totals.net')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('invoice.totals.vat')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('invoice.totals.total')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ratesOf(invoice).map(([rate, sum]) => (
              <Table.Tr key={rate}>
                <Table.Th scope="row" fw={400}>
                  {percent(rate, money.language)}
                </Table.Th>
                <Table.Td ta="right" style={numeric}>
                  {money.euros(sum.net)}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {money.euros(sum.vat)}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {money.euros(sum.net + sum.vat)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Th scope="row">{t('invoice.totals.sum')}</Table.Th>
              <Table.Td ta="right" style={numeric}>
                {money.euros(invoice.NetCents)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {money.euros(invoice.VatCents)}
              </Table.Td>
              <Table.Td ta="right" style={numeric} data-testid="invoice-total">
                {money.euros(invoice.TotalCents)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollTable>
      {invoice.Kind === 'invoice' && (
        <Text size="sm">{t('invoice.totals.paid', { amount: money.euros(invoice.PaidCents) })}</Text>
      )}
    </Section>
  );
}
