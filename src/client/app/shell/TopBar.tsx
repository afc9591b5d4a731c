import { Burger, Button, Group, Text } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { supportedLanguages } from '../../../shared/domain/language';
import { barItems, mainMenu, visibleItems } from '../../../shared/domain/menu';
import { isStaffType, UserType } from '../../../shared/domain/roles';
import { currentLanguage } from '../../components/language';
import { setLanguage } from '../i18n';
import { useSession } from '../session';
import classes from './AppLayout.module.css';
import { DeferredMenu } from './DeferredMenu';
import { loadNavDrawer, preload } from './deferred';
import { useMenuViewer } from './useMenuViewer';

// What only a signed-in user sees is a chunk of its own: the sign-in page, the first most visitors load, skips it.
const loadUserControls = () => import('./UserControls');
const UserControls = lazy(loadUserControls);
const RoleBadge = lazy(() => loadUserControls().then((m) => ({ default: m.RoleBadge })));

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const viewer = useMenuViewer();
  const userType = session.user?.UserType ?? session.userType;
  const fetchDrawer = preload(loadNavDrawer);
  const [nav, overflowing] = useOverflowing<HTMLDivElement>();

  return (
    <Group h="100%" px={{ base: 'sm', xs: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" className={`${classes.barEnd} ${classes.barStart}`}>
        <Burger
          opened={false}
          onClick={onOpenMenu}
          onPointerEnter={fetchDrawer}
          onFocus={fetchDrawer}
          size="sm"
          aria-label={t('menu.openMenu')}
        />
        <Text
          component={Link}
          to="/"
          fw={700}
          c="var(--mantine-color-text)"
          td="none"
          className={classes.title}
          data-testid="site-title"
        >
          {t('appTitle')}
        </Text>
        {userType !== null && userType > UserType.student && (
          <Suspense fallback={null}>
            <RoleBadge userType={userType} />
          </Suspense>
        )}
      </Group>

      {/* Narrower than this the main menu lives in the drawer only: beside the title, the staff's badge and menus
          and the user's controls, it would push them off the bar. Wider, it still hides while it does not fit. */}
      <Group
        ref={nav}
        component="nav"
        aria-label={t('menu.mainNavigation')}
        gap={4}
        visibleFrom={isStaffType(userType) ? 'xl' : 'lg'}
        wrap="nowrap"
        className={classes.inlineNav}
        data-staff={isStaffType(userType) || undefined}
        data-overflowing={overflowing || undefined}
      >
        {barItems(visibleItems(mainMenu, viewer), viewer.hasToken).map((item) => (
          <Button key={item.path} component={NavLink} to={item.path} variant="subtle" size="compact-md" end>
            {t(item.label as 'menu.home')}
          </Button>
        ))}
        {/* Every staff type has pages in the admin menu; its items come with the menu's own chunk. */}
        {isStaffType(userType) && (
          <DeferredMenu
            trigger={{ children: t('menu.admin'), rightSection: <IconChevronDown size={14} aria-hidden /> }}
            entries="admin"
          />
        )}
      </Group>

      <Group gap="xs" wrap="nowrap" className={classes.barEnd}>
        <DeferredMenu
          trigger={{
            children: <span className={classes.languageCode}>{i18n.language.toUpperCase()}</span>,
            className: classes.languageButton,
            leftSection: <IconLanguage size={18} aria-hidden />,
            'aria-label': `${t('language.label')}: ${t(`language.${currentLanguage()}`)}`,
          }}
          entries={supportedLanguages.map((language) => ({
            key: language,
            lang: language,
            label: t(`language.${language}`),
            onClick: () => setLanguage(language),
          }))}
        />
        {userType !== null && (
          <Suspense fallback={null}>
            <UserControls userType={userType} />
          </Suspense>
        )}
      </Group>
    </Group>
  );
}

/**
 * Whether an element's content is wider than the element, kept up to date as either changes size (the window, the
 * language of its texts, the items it holds).
 */
function useOverflowing<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(check);
    const observeAll = () => {
      observer.disconnect();
      observer.observe(element);
      for (const child of element.children) observer.observe(child);
      check();
    };
    const children = new MutationObserver(observeAll);
    children.observe(element, { childList: true });
    observeAll();
    return () => {
      observer.disconnect();
      children.disconnect();
    };
  }, []);
  return [ref, overflowing] as const;
}
