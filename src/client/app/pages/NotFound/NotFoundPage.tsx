import { Button, Container, Divider, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TicTacToe } from './TicTacToe';

/** /404 and every unmatched path: a short message, the way home, and a game (spec §2). */
export default function NotFoundPage() {
  const { t } = useTranslation('site');
  return (
    <Container size="sm" py="xl">
      <Text fz={64} fw={800} lh={1} c="dimmed" aria-hidden>
        404
      </Text>
      <Title order={1} mt="sm">
        {t('notFound.title')}
      </Title>
      <Text mt="sm">{t('notFound.text')}</Text>
      <Button component={Link} to="/Home" mt="lg">
        {t('notFound.home')}
      </Button>
      <Divider my="xl" />
      <TicTacToe />
    </Container>
  );
}
