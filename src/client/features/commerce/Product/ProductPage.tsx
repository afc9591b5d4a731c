import { Alert, Anchor, Badge, Button, Card, Container, Grid, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { BackLink } from '../../../components/BackLink';
import { isMissing } from '../../../components/errorText';
import { LoadError, Loading } from '../../../components/LoadState';
import { NotFoundNotice } from '../../../components/Notices';
import { alertTone, tone } from '../../../components/tone';
import { commerceKeys } from '../keys';
import { PriceLine } from '../Products/ProductsPage';
import { useShopLanguage } from '../price';

/**
 * /product/:slug: a product's page — what it is, what is inside (its courses and their pages, a free lesson to try),
 * its price, and the way to buy it (or that the viewer owns it already). An unknown slug is not found.
 */
export default function ProductPage() {
  const { t } = useTranslation('commerce');
  const { slug = '' } = useParams();
  const language = useShopLanguage();
  const session = useSession();
  const product = useQuery({
    queryKey: commerceKeys.product(slug, language, session.token),
    queryFn: async () => (await call('products.php', 'get_product', { Slug: slug, Language: language })).Product,
    retry: (count, error) => !isMissing(error) && count < 2,
  });

  return (
    <Container size="lg" py="xl">
      <BackLink to="/products">{t('product.back')}</BackLink>
      {isMissing(product.error) ? (
        <NotFoundNotice
          title={t('product.notFound')}
          text={t('product.notFoundText')}
          link={{ to: '/products', label: t('product.back') }}
          mt="md"
        />
      ) : product.isError ? (
        <LoadError mt="md">{t('products.loadError')}</LoadError>
      ) : !product.data ? (
        <Loading />
      ) : (
        <Grid mt="md" gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Group gap="xs" mb="xs">
              <Badge variant="light">{t(`kinds.${product.data.Kind}`)}</Badge>
              {product.data.StudentBenefit && (
                <Badge variant="light" {...tone('grape')}>
                  {t('product.studentBenefit')}
                </Badge>
              )}
            </Group>
            <Title order={1} lang={product.data.Language}>
              {product.data.Name}
            </Title>
            <Text mt="sm" lang={product.data.Language}>
              {product.data.Description}
            </Text>
            {product.data.Courses.length > 0 && (
              <Stack gap="md" mt="xl" component="section" aria-labelledby="inside">
                <Title order={2} size="h3" id="inside">
                  {t('product.inside')}
                </Title>
                {product.data.Courses.map((course) => (
                  <div key={course.Id} data-testid="product-course">
                    <Text fw={600}>
                      {course.Name}{' '}
                      <Text span c="dimmed" size="sm">
                        ({t('product.parts', { count: course.Parts.length })})
                      </Text>
                    </Text>
                    <List size="sm" mt={4} spacing={2}>
                      {course.Parts.map((part) => (
                        <List.Item key={part.Id}>
                          {part.Name}
                          {part.Free && (
                            <Text span c="dimmed" size="sm">
                              {' '}
                              ({t('product.free')})
                            </Text>
                          )}
                        </List.Item>
                      ))}
                    </List>
                  </div>
                ))}
              </Stack>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder padding="lg" data-testid="buy-box">
              <Stack gap="md">
                <PriceLine product={product.data} language={language} />
                {product.data.Owned ? (
                  <>
                    <Alert variant="light" {...alertTone('teal')} data-testid="product-owned">
                      {t('product.owned')}
                    </Alert>
                    <Button component={Link} to="/MyCourses" variant="light">
                      {t('product.toMyCourses')}
                    </Button>
                  </>
                ) : product.data.ExternalUrl ? (
                  <Button component="a" href={product.data.ExternalUrl}>
                    {t('product.buyExternal')}
                  </Button>
                ) : product.data.ShopOpen ? (
                  <Button>{t('product.buy')}</Button>
                ) : (
                  <>
                    <Button disabled aria-describedby="shop-closed">
                      {t('product.buy')}
                    </Button>
                    <Text size="sm" id="shop-closed" data-testid="shop-closed">
                      {t('product.shopClosed')}
                    </Text>
                  </>
                )}
                {product.data.Preview && (
                  <Anchor component={Link} to="/FreeLessons" size="sm">
                    {t('product.preview', { name: product.data.Preview.Name })}
                  </Anchor>
                )}
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
