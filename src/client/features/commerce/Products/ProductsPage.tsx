import { Chip, Container, Group, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ProductKind, productKinds } from '../../../../shared/domain/commerce/products';
import { call } from '../../../app/api';
import { LoadError, Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { commerceKeys } from '../keys';
import { useShopLanguage } from '../price';
import { ProductCard } from './ProductCard';

/** /products: the shop's published products, of one kind or all, with their prices (VAT included). */
export default function ProductsPage() {
  const { t } = useTranslation('commerce');
  const language = useShopLanguage();
  // The kind shown is in the address (`?kind=coaching`), so a link can lead to one kind and Back keeps the choice.
  const [params, setParams] = useSearchParams();
  const asked = params.get('kind');
  const kind: ProductKind | '' = productKinds.find((each) => each === asked) ?? '';
  const setKind = (next: ProductKind | '') => setParams(next ? { kind: next } : {}, { replace: true });
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
