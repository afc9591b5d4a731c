import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContentArea } from './ContentArea';

export type TextPageName = 'faq' | 'terms' | 'privacy';

/** /faq, /terms-of-service and /privacy: a title and one editable page text. */
export default function TextPage({ page }: { page: TextPageName }) {
  const { t } = useTranslation('site');
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {t(`texts.${page}.title`)}
      </Title>
      <ContentArea contentKey={`${page}.body`} defaultContent={t(`texts.${page}.body`)} />
    </Container>
  );
}
