import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { alertTone } from '../../../components/tone';
import { commerceKeys } from '../keys';

/** How often, and how many times, the page asks whether Stripe's word of the payment has come. */
const ASK_EVERY_MS = 1500;
const ASK_AT_MOST = 40;

/**
 * Back from Stripe's payment page (`?order=<id>`): the payment is confirmed by Stripe's webhook, which may come a
 * moment after the buyer, so the page asks until the order is paid, then says so and shows the product as hers.
 */
export function OrderReturn({ orderId }: { orderId: number }) {
  const { t } = useTranslation('commerce');
  const session = useSession();
  const queryClient = useQueryClient();
  const key = commerceKeys.order(orderId, session.token);
  const order = useQuery({
    queryKey: key,
    queryFn: async () => (await call('orders.php', 'get_order', { OrderId: orderId })).Order,
    enabled: session.token !== null,
    refetchInterval: (query) =>
      query.state.data?.Status === 'pending' && query.state.dataUpdateCount < ASK_AT_MOST ? ASK_EVERY_MS : false,
  });
  const status = order.data?.Status;
  useEffect(() => {
    if (status === 'paid') void queryClient.invalidateQueries({ queryKey: ['commerce', 'product'] });
  }, [status, queryClient]);

  if (order.isError || (!order.data && !order.isPending)) return null;
  if (status === 'paid') {
    return (
      <Alert variant="light" {...alertTone('teal')} title={t('order.paidTitle')} role="status" data-testid="order-paid">
        <Text size="sm">{t('order.paid', { number: orderId })}</Text>
        <Group mt="sm">
          <Button component={Link} to={order.data?.ProductKind === 'coaching' ? '/MyProfile' : '/MyCourses'} size="xs">
            {order.data?.ProductKind === 'coaching' ? t('order.toProfile') : t('product.toMyCourses')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (status === 'pending' || !order.data) {
    const waitedLong = (queryClient.getQueryState(key)?.dataUpdateCount ?? 0) >= ASK_AT_MOST;
    return (
      <Alert variant="light" role="status" data-testid="order-pending">
        <Group gap="sm" wrap="nowrap">
          {!waitedLong && <Loader size="xs" aria-hidden />}
          <Text size="sm">{waitedLong ? t('order.slow') : t('order.confirming')}</Text>
        </Group>
      </Alert>
    );
  }
  return (
    <Alert variant="light" {...alertTone('yellow')} role="status" data-testid="order-closed">
      {status === 'refunded' ? t('order.refunded') : t('order.cancelled')}
    </Alert>
  );
}
