import { Anchor, Button, Container, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ShownInvoiceStatus, shownInvoiceStatuses } from '../../../../shared/domain/accounting/invoices';
import { ListPagination } from '../../../components/ListPagination';
import { Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { RetryError } from '../../../components/RetryError';
import { useAddressChange } from '../../../components/useAddressChange';
import { useCustomer, useInvoices } from '../queries';
import { InvoiceDrawer } from './InvoiceDrawer';
import { InvoiceTable } from './InvoiceTable';
import { NewInvoiceModal } from './NewInvoiceModal';

/** The states the filter offers: a draft is never listed apart (the books finalise at once). */
const filterStatuses: readonly ShownInvoiceStatus[] = shownInvoiceStatuses.filter((status) => status !== 'draft');

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : 0;
};

/**
 * /invoices (administrators): the invoices and credit notes, filtered by state, searched as one types and paged by
 * the server; one of them in a drawer named in the address (`?invoice=12`), from where it is downloaded, credited
 * or paid. `?customer=` narrows the list to one customer (her page links here).
 */
export default function InvoicesPage() {
  const { t } = useTranslation('accounting');
  const [params, change] = useAddressChange();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const askedStatus = params.get('status') as ShownInvoiceStatus | null;
  const status = askedStatus && filterStatuses.includes(askedStatus) ? askedStatus : '';
  const page = Math.max(1, positive(params.get('page')) || 1);
  const customerId = positive(params.get('customer'));
  const invoiceId = positive(params.get('invoice'));
  const [creating, setCreating] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  const invoices = useInvoices({ status, search: params.get('q') ?? '', customerId, page });
  const customer = useCustomer(customerId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text writes the address
  useEffect(() => {
    if ((params.get('q') ?? '') !== debounced) change({ q: debounced, page: null });
  }, [debounced]);

  const answer = invoices.data;
  const totalPages = answer?.TotalPages ?? 0;
  const filtered = status !== '' || debounced !== '' || customerId > 0;

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <PageHeading title={t('invoices.title')} intro={t('invoices.intro')} />
        </div>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setCreating(true)}
          data-testid="invoice-create"
        >
          {t('invoices.create')}
        </Button>
      </Group>
      <Stack gap="lg">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('invoices.status')}
            value={status}
            onChange={(event) => change({ status: event.currentTarget.value, page: null })}
            data={[
              { value: '', label: t('invoices.allStatuses') },
              ...filterStatuses.map((each) => ({ value: each, label: t(`statuses.${each}`) })),
            ]}
            data-testid="invoice-status-filter"
          />
          <TextInput
            type="search"
            label={t('invoices.search')}
            description={t('invoices.searchHint')}
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', xs: 340 }}
            data-testid="invoice-search"
          />
        </Group>
        {customerId > 0 && (
          <Group gap="sm" data-testid="invoice-customer-filter">
            <Text fw={600}>{t('invoices.customerFilter', { name: customer.data?.data.Name ?? `#${customerId}` })}</Text>
            <Anchor component="button" type="button" onClick={() => change({ customer: null, page: null })}>
              {t('invoices.allCustomers')}
            </Anchor>
          </Group>
        )}
        {invoices.isError && !answer ? (
          <RetryError message={t('invoices.loadFailed')} retry={t('retry')} onRetry={() => void invoices.refetch()} />
        ) : !answer ? (
          <Loading />
        ) : (
          <Stack gap="sm">
            {answer.data.length === 0 && (
              <Text c="dimmed" role="status" data-testid="invoice-empty">
                {t(filtered ? 'invoices.noMatch' : 'invoices.empty')}
              </Text>
            )}
            {totalPages > 1 && (
              <Text size="sm" c="dimmed">
                {t('pageOf', { page, pages: totalPages })}
              </Text>
            )}
            {answer.data.length > 0 && (
              <InvoiceTable invoices={answer.data} onOpen={(id) => change({ invoice: id }, true)} />
            )}
            {totalPages > 1 && (
              <ListPagination
                label={t('invoices.pagination')}
                total={totalPages}
                page={page}
                onChange={(next) => change({ page: next })}
                compact={phone}
              />
            )}
          </Stack>
        )}
      </Stack>
      <InvoiceDrawer
        invoiceId={invoiceId}
        onOpen={(id) => change({ invoice: id }, true)}
        onClose={() => change({ invoice: null })}
      />
      <NewInvoiceModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          change({ invoice: id }, true);
        }}
      />
    </Container>
  );
}
