import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceSummary } from '../../../../shared/contract/accounting/accounting';
import { InvoiceStatusBadge } from '../components/InvoiceStatusBadge';
import { useMoney } from '../money';
import { formatDay } from '../period';

/** An invoice's number as people say it, or that it is a draft. */
export function useInvoiceName() {
  const { t } = useTranslation('accounting');
  return (invoice: Pick<InvoiceSummary, 'Kind' | 'Number'>) =>
    invoice.Number === null
      ? t('invoice.draftName', { kind: t(`kinds.${invoice.Kind}`) })
      : t('invoice.name', { kind: t(`kinds.${invoice.Kind}`), number: invoice.Number });
}

const dayText = (day: string | null) => (day ? formatDay(day) : '—');

/**
 * A link that opens an invoice in the drawer of /invoices: a real link to its address (`?invoice=`), so it opens in
 * a new tab too, and from another page (a customer's) it leads there.
 */
export function InvoiceLink({
  invoice,
  onOpen,
  page,
}: {
  invoice: Pick<InvoiceSummary, 'Id' | 'Kind' | 'Number'>;
  onOpen?: (invoiceId: number) => void;
  /** Another page's link to /invoices, rather than the drawer of this one. */
  page?: string;
}) {
  const { t } = useTranslation('accounting');
  const name = useInvoiceName();
  const common = {
    fw: 600,
    'aria-label': t('invoices.open', { name: name(invoice) }),
    'data-testid': 'invoice-link',
  } as const;
  const text = invoice.Number ?? t('statuses.draft');
  if (page) {
    return (
      <Anchor component={Link} to={`${page}?invoice=${invoice.Id}`} {...common}>
        {text}
      </Anchor>
    );
  }
  return (
    <Anchor
      href={`?invoice=${invoice.Id}`}
      onClick={(event) => {
        if (!onOpen || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        onOpen(invoice.Id);
      }}
      {...common}
    >
      {text}
    </Anchor>
  );
}

/** A page of invoices and credit notes; on a phone the table scrolls sideways. */
export function InvoiceTable({
  invoices,
  onOpen,
  showCustomer = true,
  page,
}: {
  invoices: InvoiceSummary[];
  onOpen?: (invoiceId: number) => void;
  showCustomer?: boolean;
  page?: string;
}) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  return (
    <Table.ScrollContainer minWidth={showCustomer ? 820 : 640}>
      <Table striped highlightOnHover data-testid="invoice-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('invoices.columns.number')}</Table.Th>
            <Table.Th scope="col">{t('invoices.columns.kind')}</Table.Th>
            {showCustomer && <Table.Th scope="col">{t('invoices.columns.customer')}</Table.Th>}
            <Table.Th scope="col">{t('invoices.columns.issued')}</Table.Th>
            <Table.Th scope="col">{t('invoices.columns.due')}</Table.Th>
            <Table.Th scope="col">{t('invoices.columns.status')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('invoices.columns.total')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.Id} data-testid="invoice-row" data-kind={invoice.Kind}>
              <Table.Th scope="row">
                <InvoiceLink invoice={invoice} onOpen={onOpen} page={page} />
              </Table.Th>
              <Table.Td>{t(`kinds.${invoice.Kind}`)}</Table.Td>
              {showCustomer && (
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {invoice.CustomerName}
                  </Text>
                </Table.Td>
              )}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayText(invoice.IssueDate)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayText(invoice.DueDate)}</Table.Td>
              <Table.Td>
                <InvoiceStatusBadge status={invoice.Status} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {money.euros(invoice.TotalCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
