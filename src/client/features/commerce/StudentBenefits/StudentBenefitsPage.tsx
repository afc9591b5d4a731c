import { Container, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api';
import { LoadError, Loading } from '../../../components/LoadState';
import { ContentArea } from '../../site';
import { commerceKeys } from '../keys';
import { ProductCard } from '../Products/ProductCard';
import { useShopLanguage } from '../price';

/**
 * /student-benefits: the school's page of benefits for students, a page text its administrators edit in place, with
 * the offers of the shop's products marked as a student benefit.
 */
export default function StudentBenefitsPage() {
  const { t } = useTranslation('commerce');
  const language = useShopLanguage();
  // The whole catalogue, as /products loads it (the same answer, kept by the server and here).
  const products = useQuery({
    queryKey: commerceKeys.products('', language),
    queryFn: async () => (await call('products.php', 'get_products', { Kind: '', Language: language })).Products,
  });
  const offers = products.data?.filter((product) => product.StudentBenefit);

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('benefits.title')}
      </Title>
      <ContentArea contentKey="studentBenefits.body" defaultContent={t('benefits.body')} />
      <Title order={2} mt="xl" mb="md">
        {t('benefits.offers')}
      </Title>
      {products.isError ? (
        <LoadError>{t('products.loadError')}</LoadError>
      ) : !offers ? (
        <Loading />
      ) : offers.length === 0 ? (
        <Text>{t('benefits.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="benefit-offers">
          {offers.map((product) => (
            <ProductCard key={product.Id} product={product} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
