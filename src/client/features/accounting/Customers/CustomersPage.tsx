import { Anchor, Button, Container, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '../../../../shared/contract/accounting/accounting';
import { ListPagination } from '../../../components/ListPagination';
import { Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { RetryError } from '../../../components/RetryError';
import { useAddressChange } from '../../../components/useAddressChange';
import { useMoney } from '../money';
import { useCustomers } from '../queries';
import { CustomerDrawer } from './CustomerDrawer';
import { CustomerFormModal } from './CustomerForm';

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : 0;
};

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * /customers (administrators): the books' customers, searched as one types and paged by the server, with what each
 * was invoiced and has left to pay; one of them in a drawer named in the address (`?customer=12`) with her invoices.
 * New customers and changes are made in a dialog.
 */
export default function CustomersPage() {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const [params, change] = useAddressChange();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const page = Math.max(1, positive(params.get('page')) || 1);
  const customerId = positive(params.get('customer'));
  const [editing, setEditing] = useState<Customer | 'new' | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const customers = useCustomers(params.get('q') ?? '', page);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text writes the address
  useEffect(() => {
    if ((params.get('q') ?? '') !== debounced) change({ q: debounced, page: null });
  }, [debounced]);

  const answer = customers.data;
  const totalPages = answer?.TotalPages ?? 0;
  const open = (id: number) => change({ customer: id }, true);

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <PageHeading title={t('customers.title')} intro={t('customers.intro')} />
        </div>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          data-testid="customer-create"
        >
          {t('customers.create')}
        </Button>
      </Group>
      <Stack gap="lg">
        <TextInput
          type="search"
          label={t('customers.search')}
          description={t('customers.searchHint')}
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={420}
          data-testid="customer-search"
        />
        {customers.isError && !answer ? (
          <RetryError message={t('customers.loadFailed')} retry={t('retry')} onRetry={() => void customers.refetch()} />
        ) : !answer ? (
          <Loading />
        ) : (
          <Stack gap="sm">
            {answer.data.length === 0 && (
              <Text c="dimmed" role="status" data-testid="customer-empty">
                {t(debounced ? 'customers.noMatch' : 'customers.empty')}
              </Text>
            )}
            {totalPages > 1 && (
              <Text size="sm" c="dimmed">
                {t('pageOf', { page, pages: totalPages })}
              </Text>
            )}
            {answer.data.length > 0 && (
              <Table.ScrollContainer minWidth={800}>
                <Table striped highlightOnHover data-testid="customer-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('customers.columns.name')}</Table.Th>
                      <Table.Th scope="col">{t('customers.columns.kind')}</Table.Th>
                      <Table.Th scope="col">{t('customers.columns.country')}</Table.Th>
                      <Table.Th scope="col">{t('customers.columns.vatNumber')}</Table.Th>
                      <Table.Th scope="col" ta="right">
                        {t('customers.columns.invoiced')}
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        {t('customers.columns.balance')}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {answer.data.map((customer) => (
                      <Table.Tr key={customer.Id} data-testid="customer-row">
                        <Table.Th scope="row">
                          <Anchor
                            href={`?customer=${customer.Id}`}
                            fw={600}
                            onClick={(event) => {
                              if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                              event.preventDefault();
                              open(customer.Id);
                            }}
                            data-testid="customer-link"
                          >
                            {customer.Name}
                          </Anchor>
                        </Table.Th>
                        <Table.Td>{t(`customerKinds.${customer.Kind}`)}</Table.Td>
                        <Table.Td>{customer.Country}</Table.Td>
                        <Table.Td>{customer.VatNumber ?? '—'}</Table.Td>
                        <Table.Td ta="right" style={numeric}>
                          {money.euros(customer.InvoicedCents)}
                        </Table.Td>
                        <Table.Td ta="right" style={numeric}>
                          {money.euros(customer.BalanceCents)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {totalPages > 1 && (
              <ListPagination
                label={t('customers.pagination')}
                total={totalPages}
                page={page}
                onChange={(next) => change({ page: next })}
                compact={phone}
              />
            )}
          </Stack>
        )}
      </Stack>
      <CustomerDrawer customerId={customerId} onClose={() => change({ customer: null })} onEdit={setEditing} />
      <CustomerFormModal
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={(customer) => {
          setEditing(null);
          if (editing === 'new') open(customer.Id);
        }}
      />
    </Container>
  );
}
