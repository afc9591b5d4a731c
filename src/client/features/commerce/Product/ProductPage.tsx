import { Alert, Badge, Container, Group, Image, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { BackLink } from '../../../components/BackLink';
import { formatBytes } from '../../../components/bytes';
import { isMissing } from '../../../components/errorText';
import { LoadError, Loading } from '../../../components/LoadState';
import { NotFoundNotice } from '../../../components/Notices';
import { alertTone, tone } from '../../../components/tone';
import { commerceKeys } from '../keys';
import { useShopLanguage } from '../price';
import { BuyBox } from './BuyBox';
import { OrderReturn } from './OrderReturn';
import classes from './product.module.css';

/** An order number from the address (`?order=12`), or null. */
const orderParam = (value: string | null): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /product/:slug: a product's page — what it is, its price and the way to buy it (or that the viewer owns it
 * already), what is inside (its courses and their pages, a free lesson to try). Back from the payment page, what
 * became of the order. An unknown slug is not found.
 */
export default function ProductPage() {
  const { t, i18n } = useTranslation('commerce');
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const language = useShopLanguage();
  const session = useSession();
  const product = useQuery({
    queryKey: commerceKeys.product(slug, language, session.token),
    queryFn: async () => (await call('products.php', 'get_product', { Slug: slug, Language: language })).Product,
    retry: (count, error) => !isMissing(error) && count < 2,
  });
  const returned = orderParam(params.get('order'));
  const cancelled = orderParam(params.get('cancelled'));

  return (
    <Container size="lg" py="xl">
      <BackLink to="/products">{t('product.back')}</BackLink>
      {returned !== null && session.token && (
        <Stack mt="md">
          <OrderReturn orderId={returned} />
        </Stack>
      )}
      {cancelled !== null && (
        <Alert variant="light" {...alertTone('yellow')} mt="md" role="status" data-testid="order-cancelled">
          {t('order.notPaid')}
        </Alert>
      )}
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
        // On a phone the buy box follows the description, before the long list of what is inside; beside them on a
        // wide screen (product.module.css).
        <div className={classes.layout}>
          <div className={classes.head}>
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
            {product.data.ImageUrl && (
              <Image src={product.data.ImageUrl} alt="" radius="md" mt="md" mah={360} fit="contain" />
            )}
            <Text mt="sm" lang={product.data.Language}>
              {product.data.Description}
            </Text>
          </div>
          <div className={classes.buy}>
            <BuyBox product={product.data} language={language} />
          </div>
          {product.data.Files.length > 0 && (
            <Stack gap="xs" component="section" aria-labelledby="files" className={classes.inside}>
              <Title order={2} size="h3" id="files">
                {t('product.files')}
              </Title>
              <List size="sm" spacing={2} data-testid="product-files">
                {product.data.Files.map((file, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a file is known by its place in the pack
                  <List.Item key={index}>
                    {file.Name}{' '}
                    <Text span c="dimmed" size="sm">
                      ({formatBytes(file.Bytes, i18n.language)})
                    </Text>
                  </List.Item>
                ))}
              </List>
              <Text size="sm" c="dimmed">
                {t(product.data.Owned ? 'product.filesOwned' : 'product.filesAfter')}
              </Text>
            </Stack>
          )}
          {product.data.Courses.length > 0 && (
            <Stack gap="md" component="section" aria-labelledby="inside" className={classes.inside}>
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
        </div>
      )}
    </Container>
  );
}
