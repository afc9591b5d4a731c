import {
  Button,
  Divider,
  Drawer,
  NavLink as MantineNavLink,
  Stack,
  Switch,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { adminMenu } from '../../../shared/domain/adminMenu';
import { drawerActions, type MenuItem, mainMenu, visibleItems } from '../../../shared/domain/menu';
import { isStaffType } from '../../../shared/domain/roles';
import { useOpenedAfterMount } from '../../components/useOpenedAfterMount';
import { openSupport } from '../../features/coaching/messages/dialogs';
import { useWebshopUrl } from '../../features/commerce/webshop';
import { MaintenanceSwitch } from '../maintenance/MaintenanceSwitch';
import { useSession } from '../session';
import { useMenuViewer } from './useMenuViewer';

/** The side drawer (300 px, spec §9): every menu item, the dark-mode switch and sign out. Loaded on first open. */
export default function NavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  // The webshop's address, asked for once the drawer opens: its item shows only when the site has one.
  const webshopUrl = useWebshopUrl(opened).data;
  const viewer = { ...useMenuViewer(), webshopUrl };
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();
  // Until she chooses, the scheme follows the system's ("auto"): the switch shows the one on screen.
  const colorScheme = useComputedColorScheme('light');
  const shown = useOpenedAfterMount(opened);
  const admin = isStaffType(session.user?.UserType ?? session.userType) ? visibleItems(adminMenu, viewer) : [];

  // A menu item's link; the main menu's match their path exactly. The webshop's leaves for its address.
  const link = (item: MenuItem, end: boolean) =>
    item.webshop && webshopUrl ? (
      <MantineNavLink
        key={item.path}
        component="a"
        href={webshopUrl}
        label={t(item.label as 'menu.home')}
        pl={item.parent ? 'xl' : undefined}
      />
    ) : (
      <MantineNavLink
        key={item.path}
        component={NavLink}
        to={item.path}
        label={t(item.label as 'menu.home')}
        onClick={onClose}
        end={end}
        pl={item.parent ? 'xl' : undefined}
      />
    );

  const signOut = async () => {
    onClose();
    await session.signOut();
    navigate('/');
  };

  return (
    <Drawer
      opened={shown}
      onClose={onClose}
      size={300}
      title={t('appTitle')}
      closeButtonProps={{ 'aria-label': t('menu.closeMenu') }}
    >
      <Stack gap="xs">
        <nav aria-label={t('menu.drawerNavigation')}>
          {visibleItems(mainMenu, viewer).map((item) => link(item, true))}
          {visibleItems(drawerActions, viewer).map((item) => (
            <MantineNavLink
              key={item.action}
              component="button"
              label={t(item.label as 'menu.home')}
              aria-haspopup="dialog"
              onClick={() => {
                onClose();
                openSupport();
              }}
              data-testid="tech-support"
            />
          ))}
          {admin.length > 0 && <Divider my="xs" label={t('menu.admin')} labelPosition="left" />}
          {admin.map((item) => link(item, false))}
        </nav>
        <MaintenanceSwitch />
        <Divider my="xs" />
        <Switch
          label={t('darkMode')}
          checked={colorScheme === 'dark'}
          onChange={(event) => setColorScheme(event.currentTarget.checked ? 'dark' : 'light')}
          data-testid="dark-mode-switch"
        />
        {session.token && (
          <Button variant="filled" color="red.9" onClick={signOut} mt="md">
            {t('menu.signOut')}
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
