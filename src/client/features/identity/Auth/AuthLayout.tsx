import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface AuthLayoutProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card (sign in, register, forgot password). */
  footer?: ReactNode;
}

/** The narrow card every sign-in and account page uses: the page's h1, an optional intro, the form. */
export function AuthLayout({ title, intro, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation('shell');
  const appTitle = t('appTitle');
  // The tab's title names the page too, so screen reader users and tab lists can tell the pages apart.
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${appTitle}`;
    return () => {
      document.title = previous;
    };
  }, [title, appTitle]);

  return (
    <Container size={420} px="md" py="xl">
      <Title order={1} ta="center" fz={{ base: 26, xs: 34 }} mb={intro ? 'xs' : 'lg'}>
        {title}
      </Title>
      {/* A text is a paragraph; anything else (a page text, which brings its own paragraphs) is laid out alike. */}
      {typeof intro === 'string' ? (
        <Text ta="center" mb="lg">
          {intro}
        </Text>
      ) : (
        intro && (
          <Box ta="center" mb="lg">
            {intro}
          </Box>
        )
      )}
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
        {children}
      </Paper>
      {footer && (
        <Stack gap="xs" align="center" mt="lg">
          {footer}
        </Stack>
      )}
    </Container>
  );
}
