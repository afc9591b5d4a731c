import { Anchor, Badge, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProductSummary } from '../../../../shared/contract/commerce/products';
import { tone } from '../../../components/tone';
import { formatPrice, useShopLanguage } from '../price';

/** A product in a list of the shop (/products, /student-benefits): its kind, name, description and price. */
export function ProductCard({ product }: { product: ProductSummary }) {
  const { t } = useTranslation('commerce');
  const language = useShopLanguage();
  return (
    <Card withBorder padding="lg" component="article" data-testid="product-card" data-slug={product.Slug}>
      {product.ImageUrl && (
        <Card.Section mb="sm">
          <Image src={product.ImageUrl} alt="" h={160} fit="cover" />
        </Card.Section>
      )}
      <Stack gap="sm" h="100%">
        <Group gap="xs">
          <Badge variant="light">{t(`kinds.${product.Kind}`)}</Badge>
          {product.StudentBenefit && (
            <Badge variant="light" {...tone('grape')}>
              {t('product.studentBenefit')}
            </Badge>
          )}
        </Group>
        <Title order={2} size="h3" lang={product.Language}>
          <Anchor component={Link} to={`/product/${product.Slug}`} inherit>
            {product.Name}
          </Anchor>
        </Title>
        <Text size="sm" style={{ flexGrow: 1 }} lang={product.Language}>
          {product.Description}
        </Text>
        <PriceLine product={product} language={language} />
      </Stack>
    </Card>
  );
}

/** A product's price with VAT, and what it gives: how long, or how many sessions. */
export function PriceLine({ product, language }: { product: ProductSummary; language: string }) {
  const { t } = useTranslation('commerce');
  return (
    <div>
      <Text fw={700} size="lg" data-testid="product-price">
        {product.PriceCents === 0 ? t('price.free') : formatPrice(product.PriceCents, language)}{' '}
        <Text span size="sm" fw={400} c="dimmed">
          {t('price.vatIncluded')}
        </Text>
      </Text>
      <Text size="sm" c="dimmed">
        {product.Kind === 'coaching'
          ? t('access.sessions', { count: product.CoachingSessions ?? 0 })
          : product.Kind === 'samples'
            ? t('access.download')
            : product.AccessMonths === null
              ? t('access.lifetime')
              : t('access.months', { count: product.AccessMonths })}
      </Text>
    </div>
  );
}
