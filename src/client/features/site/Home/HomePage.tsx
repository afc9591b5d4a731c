import { ActionIcon, Anchor, Box, Button, Container, Group, Stack, Title, Tooltip } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session';
import { ContentArea } from '../Texts/ContentArea';
import { PricingCards } from './PricingCards';

/** A section that the shell's hash scrolling can reach (#top, #pricing, #about-us, #contact-us). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} py="xl">
      <Title order={2} id={`${id}-title`} mb="md">
        {title}
      </Title>
      {children}
    </Box>
  );
}

/** /Home: the public front page with pricing, about us and contact (spec §2). */
export default function HomePage() {
  const { t } = useTranslation('site');
  const { token } = useSession();

  return (
    <Container size="lg" py="xl">
      <Box component="section" id="top" aria-labelledby="top-title" pb="xl">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <Title order={1} id="top-title">
            {t('home.title')}
          </Title>
          {token && (
            <Tooltip label={t('home.news')}>
              <ActionIcon
                component={Link}
                to="/News"
                variant="light"
                size="xl"
                aria-label={t('home.news')}
                data-testid="home-news-link"
              >
                <IconNews size={24} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <Box fz="lg" mt="md" maw={720}>
          <ContentArea contentKey="home.hero" defaultContent={t('home.heroDefault')} />
        </Box>
        <Group mt="lg" gap="sm">
          {!token && (
            <Button component={Link} to="/login" size="md">
              {t('home.signIn')}
            </Button>
          )}
          <Button component={Link} to="/Home#pricing" size="md" variant={token ? 'filled' : 'outline'}>
            {t('home.seePricing')}
          </Button>
        </Group>
        <Group component="nav" aria-label={t('home.onThisPage')} gap="md" mt="lg">
          <Anchor component={Link} to="/Home#pricing">
            {t('home.pricing.title')}
          </Anchor>
          <Anchor component={Link} to="/Home#about-us">
            {t('home.about.title')}
          </Anchor>
          <Anchor component={Link} to="/Home#contact-us">
            {t('home.contact.title')}
          </Anchor>
        </Group>
      </Box>

      <Stack gap={0}>
        <Section id="pricing" title={t('home.pricing.title')}>
          <PricingCards />
        </Section>
        <Section id="about-us" title={t('home.about.title')}>
          <ContentArea contentKey="home.about" defaultContent={t('home.about.default')} />
        </Section>
        <Section id="contact-us" title={t('home.contact.title')}>
          <ContentArea contentKey="home.contact" defaultContent={t('home.contact.default')} />
        </Section>
      </Stack>
    </Container>
  );
}
