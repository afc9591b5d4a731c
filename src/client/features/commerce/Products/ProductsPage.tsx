import { Anchor, Badge, Card, Chip, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProductSummary } from '../../../../shared/contract/commerce/products';
import { type ProductKind, productKinds } from '../../../../shared/domain/commerce/products';
import { call } from '../../../app/api';
import { LoadError, Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { tone } from '../../../components/tone';
import { commerceKeys } from '../keys';
import { formatPrice, useShopLanguage } from '../price';

/** /products: the shop's published products, of one kind or all, with their prices (VAT included). */
export default function ProductsPage() {
  const { t } = useTranslation('commerce');
  const language = useShopLanguage();
  const [kind, setKind] = useState<ProductKind | ''>('');
  const products = useQuery({
    queryKey: commerceKeys.products(kind, language),
    queryFn: async () => (await call('products.php', 'get_products', { Kind: kind, Language: language })).Products,
  });

  return (
    <Container size="lg" py="xl">
      <PageHeading title={t('products.title')} intro={t('products.intro')} />
      <Group gap="xs" mb="lg" role="radiogroup" aria-label={t('products.filter')}>
        <Chip.Group value={kind} onChange={(value) => setKind(value as ProductKind | '')}>
          <Chip value="" type="radio">
            {t('products.all')}
          </Chip>
          {productKinds.map((each) => (
            <Chip key={each} value={each} type="radio" data-testid={`kind-${each}`}>
              {t(`kinds.${each}`)}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
      {products.isError ? (
        <LoadError>{t('products.loadError')}</LoadError>
      ) : !products.data ? (
        <Loading />
      ) : products.data.length === 0 ? (
        <Text>{t('products.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="products">
          {products.data.map((product) => (
            <ProductCard key={product.Id} product={product} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}

function ProductCard({ product }: { product: ProductSummary }) {
  const { t } = useTranslation('commerce');
  const language = useShopLanguage();
  return (
    <Card withBorder padding="lg" component="article" data-testid="product-card" data-slug={product.Slug}>
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
          : product.AccessMonths === null
            ? t('access.lifetime')
            : t('access.months', { count: product.AccessMonths })}
      </Text>
    </div>
  );
}
