import { ActionIcon, Avatar, Badge, Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLanguage, IconPencil, IconPencilOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { type Language, supportedLanguages } from '../../shared/domain/language';
import { adminMenu, mainMenu, visibleItems } from '../../shared/domain/menu';
import { isStaffType, UserType } from '../../shared/domain/roles';
import { useEditMode } from '../editMode';
import { setLanguage } from '../i18n';
import { useSession } from '../session';
import { DeferredMenu } from './DeferredMenu';
import { loadNavDrawer, preload } from './deferred';
import { useMenuViewer } from './useMenuViewer';

/** The avatar's ring marks staff: red for administrators, orange for coaches. */
const ringColor = (userType: number) => (userType === UserType.admin ? 'red' : 'orange');

/** Red for administrators, orange for coaches (spec §6), in shades whose text passes 4.5:1 contrast. */
const badgeColors = (userType: number | null) =>
  userType === UserType.admin ? { color: 'red.9', c: 'white' } : { color: 'orange.7', c: 'black' };

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const viewer = useMenuViewer();
  const editMode = useEditMode();
  const userType = session.user?.UserType ?? session.userType;
  const admin = visibleItems(adminMenu, viewer);
  const initials = session.user ? `${session.user.FirstName[0] ?? ''}${session.user.LastName[0] ?? ''}` : '';
  const fetchDrawer = preload(loadNavDrawer);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={false}
          onClick={onOpenMenu}
          onPointerEnter={fetchDrawer}
          onFocus={fetchDrawer}
          size="sm"
          aria-label={t('menu.openMenu')}
        />
        <Text component={Link} to="/" fw={700} size="lg" visibleFrom="sm" c="var(--mantine-color-text)" td="none">
          {t('appTitle')}
        </Text>
        {userType !== null && userType > UserType.student && (
          <Badge {...badgeColors(userType)} variant="filled" data-testid="role-badge">
            {session.user?.CompanyName ?? t(userType === UserType.admin ? 'roles.admin' : 'roles.coach')}
          </Badge>
        )}
      </Group>

      <Group component="nav" aria-label={t('menu.mainNavigation')} gap={4} visibleFrom="md" wrap="nowrap">
        {visibleItems(mainMenu, viewer).map((item) => (
          <Button key={item.path} component={NavLink} to={item.path} variant="subtle" size="compact-md" end>
            {t(item.label as 'menu.home')}
          </Button>
        ))}
        {isStaffType(userType) && admin.length > 0 && (
          <DeferredMenu
            trigger={{ children: t('menu.admin'), rightSection: <IconChevronDown size={14} aria-hidden /> }}
            entries={admin.map((item) => ({ key: item.path, to: item.path, label: t(item.label as 'menu.home') }))}
          />
        )}
      </Group>

      <Group gap="xs" wrap="nowrap">
        <DeferredMenu
          trigger={{
            children: i18n.language.toUpperCase(),
            leftSection: <IconLanguage size={18} aria-hidden />,
            'aria-label': `${t('language.label')}: ${t(`language.${i18n.language as Language}`)}`,
          }}
          entries={supportedLanguages.map((language) => ({
            key: language,
            lang: language,
            label: t(`language.${language}`),
            onClick: () => setLanguage(language),
          }))}
        />
        {userType === UserType.admin && (
          // A native title rather than Mantine's Tooltip, whose positioning code would weigh on every first page.
          <ActionIcon
            variant={editMode.editing ? 'filled' : 'subtle'}
            size="lg"
            onClick={editMode.toggle}
            aria-pressed={editMode.editing}
            aria-label={t(editMode.editing ? 'pageEdit.on' : 'pageEdit.off')}
            title={t(editMode.editing ? 'pageEdit.on' : 'pageEdit.off')}
            data-testid="page-edit-toggle"
          >
            {editMode.editing ? <IconPencilOff size={20} aria-hidden /> : <IconPencil size={20} aria-hidden />}
          </ActionIcon>
        )}
        {session.user && (
          <Badge
            variant="light"
            size="lg"
            aria-label={`${t('xpLabel')}: ${session.user.TotalXp}`}
            data-testid="xp-total"
          >
            {t('xp', { count: session.user.TotalXp })}
          </Badge>
        )}
        {session.user && (
          <UnstyledButton
            onClick={onOpenMenu}
            onPointerEnter={fetchDrawer}
            onFocus={fetchDrawer}
            aria-label={t('menu.profile')}
          >
            <Avatar
              radius="xl"
              color="blue"
              style={
                userType !== null && userType > UserType.student
                  ? { outline: `2px solid var(--mantine-color-${ringColor(userType)}-6)`, outlineOffset: 1 }
                  : undefined
              }
            >
              {initials}
            </Avatar>
          </UnstyledButton>
        )}
      </Group>
    </Group>
  );
}
