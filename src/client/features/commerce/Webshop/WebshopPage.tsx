import { Anchor, Container, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/LoadState';
import { useWebshopUrl } from '../webshop';

/**
 * /webshop: leaves for the site's external store in the same tab (spec §2), replacing this address in the history so
 * that Back returns to the page before. A site without a store says so and points to its own products.
 */
export default function WebshopPage() {
  const { t } = useTranslation('commerce');
  const shop = useWebshopUrl();
  const url = shop.data;

  useEffect(() => {
    if (url) window.location.replace(url);
  }, [url]);

  if (shop.isError) {
    return (
      <Container size="sm" py="xl">
        <LoadError />
      </Container>
    );
  }
  if (url === undefined || url) {
    return (
      <Container size="sm" py="xl">
        <Loading label={t('webshop.leaving')} />
      </Container>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="md">
        {t('webshop.title')}
      </Title>
      <Text>
        {t('webshop.none')}{' '}
        <Anchor component={Link} to="/products" underline="always">
          {t('webshop.products')}
        </Anchor>
      </Text>
    </Container>
  );
}
