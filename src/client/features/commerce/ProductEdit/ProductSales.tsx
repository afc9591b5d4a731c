import { Badge, Button, Card, Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleOrder } from '../../../../shared/contract/commerce/orders';
import { isAdminRole } from '../../../../shared/domain/roles';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText } from '../../../components/errorText';
import { ErrorAlert, LoadError, Loading } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { type Tone, tone } from '../../../components/tone';
import { commerceKeys } from '../keys';
import { formatPrice, useShopLanguage } from '../price';

const statusTone: Record<SaleOrder['Status'], Tone> = {
  pending: 'yellow',
  paid: 'teal',
  refunded: 'orange',
  cancelled: 'grape',
};

/** A product's sales in its editor (staff): the paid orders and their sum, every order, and refunds (administrators). */
export function ProductSales({ productId }: { productId: number }) {
  const { t, i18n } = useTranslation('commerce');
  const language = useShopLanguage();
  const { user } = useSession();
  const isAdmin = user !== null && isAdminRole(user.UserType, user.privilegies);
  const queryClient = useQueryClient();
  const [refunding, setRefunding] = useState<SaleOrder | null>(null);
  const [keepAccess, setKeepAccess] = useState(false);
  // The first page, then each older one asked for: the id each starts before.
  const [pages, setPages] = useState<number[]>([0]);
  const first = useOrderPage(productId, 0);
  const refund = useMutation({
    mutationFn: (order: SaleOrder) => call('orders.php', 'refund_order', { OrderId: order.Id, KeepAccess: keepAccess }),
    onSuccess: async () => {
      setRefunding(null);
      showToast(t('admin.sales.refunded'), 'green');
      await queryClient.invalidateQueries({ queryKey: commerceKeys.sales(productId) });
    },
  });
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const row = (order: SaleOrder) => (
    <Table.Tr key={order.Id} data-order={order.Id}>
      <Table.Th scope="row" fw={500}>
        <Text size="sm" fw={500}>
          {order.BuyerName || '—'}
        </Text>
        <Text size="xs" c="dimmed">
          {order.BuyerEmail}
        </Text>
      </Table.Th>
      <Table.Td>{date(order.PaidAt ?? order.CreatedAt)}</Table.Td>
      <Table.Td>{formatPrice(order.AmountCents, language)}</Table.Td>
      <Table.Td>
        <Badge variant="light" {...tone(statusTone[order.Status])}>
          {t(`admin.sales.statuses.${order.Status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{[order.BillingCountry, order.CardCountry].map((c) => c ?? '—').join(' / ')}</Table.Td>
      {isAdmin && (
        <Table.Td>
          {order.Status === 'paid' && (
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setKeepAccess(false);
                refund.reset();
                setRefunding(order);
              }}
            >
              {t('admin.sales.refund')}
            </Button>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
  const sales = first.data?.Sales;
  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="sales">
      <Title order={2} size="h3" id="sales">
        {t('admin.sales.title')}
      </Title>
      {first.isError ? (
        <LoadError>{t('admin.sales.loadError')}</LoadError>
      ) : !first.data ? (
        <Loading />
      ) : (
        <>
          {sales && (
            <Text data-testid="sales-summary">
              {t('admin.sales.summary', { count: sales.Count, amount: formatPrice(sales.AmountCents, language) })}
            </Text>
          )}
          {first.data.Orders.length === 0 ? (
            <Text c="dimmed">{t('admin.sales.empty')}</Text>
          ) : (
            <Card withBorder padding={0}>
              <Table.ScrollContainer minWidth={640}>
                <Table data-testid="sales">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('admin.sales.buyer')}</Table.Th>
                      <Table.Th scope="col">{t('admin.sales.date')}</Table.Th>
                      <Table.Th scope="col">{t('admin.sales.amount')}</Table.Th>
                      <Table.Th scope="col">{t('admin.sales.status')}</Table.Th>
                      <Table.Th scope="col">{t('admin.sales.country')}</Table.Th>
                      {isAdmin && <Table.Th scope="col" aria-label={t('admin.sales.refund')} />}
                    </Table.Tr>
                  </Table.Thead>
                  {pages.map((beforeId, index) => (
                    <OrderPage
                      key={beforeId}
                      productId={productId}
                      beforeId={beforeId}
                      row={row}
                      onOlder={index === pages.length - 1 ? (id) => setPages([...pages, id]) : null}
                    />
                  ))}
                </Table>
              </Table.ScrollContainer>
            </Card>
          )}
        </>
      )}
      <ConfirmDialog
        opened={refunding !== null}
        title={t('admin.sales.refundTitle', { number: refunding?.Id ?? 0 })}
        text={t(refunding?.Payment === 'invoice' ? 'admin.sales.refundInvoiceText' : 'admin.sales.refundText', {
          amount: formatPrice(refunding?.AmountCents ?? 0, language),
        })}
        cancel={t('admin.sales.cancel')}
        onCancel={() => setRefunding(null)}
        confirm={t('admin.sales.refundConfirm', { amount: formatPrice(refunding?.AmountCents ?? 0, language) })}
        confirmColor="red"
        onConfirm={() => refunding && refund.mutate(refunding)}
        busy={refund.isPending}
        focusCancel
        data-testid="refund-dialog"
      >
        <Checkbox
          mt="md"
          label={t('admin.sales.keepAccess')}
          checked={keepAccess}
          onChange={(event) => setKeepAccess(event.currentTarget.checked)}
        />
        {refund.isError && <ErrorAlert mt="md">{errorText(refund.error)}</ErrorAlert>}
      </ConfirmDialog>
    </Stack>
  );
}

const useOrderPage = (productId: number, beforeId: number) =>
  useQuery({
    queryKey: [...commerceKeys.sales(productId), beforeId],
    queryFn: () => call('orders.php', 'get_orders', { ProductId: productId, BeforeId: beforeId }),
  });

/** One page of a product's orders, and the way to the older ones when it is the last page shown and there are more. */
function OrderPage({
  productId,
  beforeId,
  row,
  onOlder,
}: {
  productId: number;
  beforeId: number;
  row(order: SaleOrder): React.ReactNode;
  onOlder: ((beforeId: number) => void) | null;
}) {
  const { t } = useTranslation('commerce');
  const page = useOrderPage(productId, beforeId);
  const last = page.data?.Orders.at(-1);
  return (
    <Table.Tbody>
      {page.data?.Orders.map(row)}
      {onOlder && page.data?.More && last && (
        <Table.Tr>
          <Table.Td colSpan={6}>
            <Button variant="default" size="xs" onClick={() => onOlder(last.Id)}>
              {t('admin.sales.more')}
            </Button>
          </Table.Td>
        </Table.Tr>
      )}
    </Table.Tbody>
  );
}
