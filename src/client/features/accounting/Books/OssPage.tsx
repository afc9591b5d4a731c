import { Anchor, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { OssReturn } from './VatReports';

/** /oss (administrators): the quarterly One-Stop-Shop return, as the VAT tab of /accounting shows it. */
export default function OssPage() {
  const { t } = useTranslation('accounting');
  return (
    <Container size="xl" py="xl">
      <PageHeading title={t('oss.title')} intro={t('oss.intro')} />
      <Stack gap="lg">
        <Anchor component={Link} to="/accounting?tab=vat" size="sm">
          {t('mainbook.back')}
        </Anchor>
        <OssReturn />
      </Stack>
    </Container>
  );
}
