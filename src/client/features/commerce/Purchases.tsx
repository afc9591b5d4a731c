import { Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { formatBytes } from '../../components/bytes';
import { LoadError } from '../../components/LoadState';
import { tone } from '../../components/tone';
import { commerceKeys } from './keys';
import { formatPrice, useShopLanguage } from './price';

/**
 * My profile's purchases: her paid and refunded orders, and the coaching sessions she holds. Shown once she has
 * bought something; a school that sells nothing shows nothing here.
 */
export default function Purchases() {
  const { t, i18n } = useTranslation('commerce');
  const language = useShopLanguage();
  const session = useSession();
  const orders = useQuery({
    queryKey: commerceKeys.myOrders(session.token),
    queryFn: () => call('orders.php', 'get_my_orders', {}),
  });
  if (orders.isError) return <LoadError>{t('purchases.loadError')}</LoadError>;
  if (!orders.data || (orders.data.Orders.length === 0 && orders.data.CoachingCredits === 0)) return null;
  const downloads = orders.data.Downloads.filter((pack) => pack.Files.length > 0);
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  return (
    <Card component="section" id="purchases" aria-labelledby="purchases-title" withBorder radius="md" padding="lg">
      <Title order={2} size="h3" id="purchases-title" mb="md">
        {t('purchases.title')}
      </Title>
      {orders.data.CoachingCredits > 0 && (
        <Text mb="sm" data-testid="coaching-credits">
          {t('purchases.credits', { count: orders.data.CoachingCredits })}
        </Text>
      )}
      {downloads.length > 0 && (
        <Stack gap="xs" mb="md" data-testid="downloads">
          <Title order={3} size="h4">
            {t('purchases.downloads')}
          </Title>
          {downloads.map((pack) => (
            <div key={pack.ProductId}>
              <Text fw={500}>{pack.ProductName}</Text>
              <List size="sm" spacing={2}>
                {pack.Files.map((file) => (
                  <List.Item key={file.Url}>
                    <Anchor
                      href={file.Url}
                      download={file.Name}
                      aria-label={t('purchases.download', { name: file.Name })}
                    >
                      {file.Name}
                    </Anchor>{' '}
                    <Text span size="sm" c="dimmed">
                      ({formatBytes(file.Bytes, i18n.language)})
                    </Text>
                  </List.Item>
                ))}
              </List>
            </div>
          ))}
        </Stack>
      )}
      <List spacing="xs" listStyleType="none" data-testid="purchases">
        {orders.data.Orders.map((order) => (
          <List.Item key={order.Id}>
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={`/product/${order.ProductSlug}`} fw={500}>
                {order.ProductName}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t('purchases.order', { number: order.Id })} · {date(order.PaidAt ?? order.CreatedAt)} ·{' '}
                {formatPrice(order.AmountCents, language)}
              </Text>
              {order.Status === 'refunded' && (
                <Badge variant="light" {...tone('orange')}>
                  {t('purchases.refunded')}
                </Badge>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
