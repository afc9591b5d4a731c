import { Anchor, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { footerMenu, visibleItems } from '../../../shared/domain/menu';
import { UserType } from '../../../shared/domain/roles';
import { useSession } from '../session';
import { useMenuViewer } from './useMenuViewer';

const SUPPORT_EMAIL = 'support@learning-platform.example';

/** Footer links (spec §2) and the version label, which opens the version history for administrators. */
export function Footer() {
  const { t } = useTranslation();
  const viewer = useMenuViewer();
  const session = useSession();
  const navigate = useNavigate();
  const isAdmin = (session.user?.UserType ?? session.userType) === UserType.admin;
  const label = t('version', { version: `${__APP_VERSION__} (${__APP_HASH__.slice(0, 7)})` });

  return (
    <Box
      component="footer"
      py="lg"
      px="md"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" gap="md">
        <Group component="nav" aria-label={t('menu.footerNavigation')} gap="md">
          {visibleItems(footerMenu, viewer).map((item) => (
            <Anchor key={item.path} component={Link} to={item.path} size="sm">
              {t(item.label as 'menu.home')}
            </Anchor>
          ))}
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">
            {t('menu.emailUs')}
          </Anchor>
        </Group>
        <Group gap="md">
          <Text size="sm" c="dimmed">
            {t('footer.rights', { year: new Date().getFullYear() })}
          </Text>
          {isAdmin ? (
            <UnstyledButton
              onClick={() => navigate('/versions')}
              aria-label={t('versionOpen', { version: __APP_VERSION__ })}
              data-testid="version-label"
            >
              <Text size="sm" c="dimmed" td="underline">
                {label}
              </Text>
            </UnstyledButton>
          ) : (
            <Text size="sm" c="dimmed" data-testid="version-label">
              {label}
            </Text>
          )}
        </Group>
      </Group>
    </Box>
  );
}
