import { ActionIcon, Avatar, Badge, Burger, Button, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLanguage, IconPencil, IconPencilOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { type Language, supportedLanguages } from '../../shared/domain/language';
import { adminMenu, mainMenu, visibleItems } from '../../shared/domain/menu';
import { isStaffType, UserType } from '../../shared/domain/roles';
import { useEditMode } from '../editMode';
import { setLanguage } from '../i18n';
import { useSession } from '../session';
import { useMenuViewer } from './useMenuViewer';

const roleColor = (userType: number | null) => (userType === UserType.admin ? 'red' : 'orange');

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const viewer = useMenuViewer();
  const editMode = useEditMode();
  const userType = session.user?.UserType ?? session.userType;
  const admin = visibleItems(adminMenu, viewer);
  const initials = session.user ? `${session.user.FirstName[0] ?? ''}${session.user.LastName[0] ?? ''}` : '';

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={false} onClick={onOpenMenu} size="sm" aria-label={t('menu.openMenu')} />
        <Text component={Link} to="/" fw={700} size="lg" visibleFrom="sm" c="var(--mantine-color-text)" td="none">
          {t('appTitle')}
        </Text>
        {userType !== null && userType > UserType.student && (
          <Badge color={roleColor(userType)} variant="filled" data-testid="role-badge">
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
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="subtle" size="compact-md" rightSection={<IconChevronDown size={14} aria-hidden />}>
                {t('menu.admin')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {admin.map((item) => (
                <Menu.Item key={item.path} component={Link} to={item.path}>
                  {t(item.label as 'menu.home')}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>

      <Group gap="xs" wrap="nowrap">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="subtle"
              size="compact-md"
              leftSection={<IconLanguage size={18} aria-hidden />}
              aria-label={`${t('language.label')}: ${t(`language.${i18n.language as Language}`)}`}
            >
              {i18n.language.toUpperCase()}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {supportedLanguages.map((language) => (
              <Menu.Item key={language} onClick={() => setLanguage(language)} lang={language}>
                {t(`language.${language}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {userType === UserType.admin && (
          <Tooltip label={t(editMode.editing ? 'pageEdit.on' : 'pageEdit.off')}>
            <ActionIcon
              variant={editMode.editing ? 'filled' : 'subtle'}
              size="lg"
              onClick={editMode.toggle}
              aria-pressed={editMode.editing}
              aria-label={t(editMode.editing ? 'pageEdit.on' : 'pageEdit.off')}
              data-testid="page-edit-toggle"
            >
              {editMode.editing ? <IconPencilOff size={20} aria-hidden /> : <IconPencil size={20} aria-hidden />}
            </ActionIcon>
          </Tooltip>
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
          <UnstyledButton onClick={onOpenMenu} aria-label={t('menu.profile')}>
            <Avatar
              radius="xl"
              color="blue"
              style={
                userType !== null && userType > UserType.student
                  ? { outline: `2px solid var(--mantine-color-${roleColor(userType)}-6)`, outlineOffset: 1 }
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
