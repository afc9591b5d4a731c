import { Button, Menu } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminMenu } from '../../../shared/domain/adminMenu';
import { visibleItems } from '../../../shared/domain/menu';
import type { DeferredMenuProps } from './DeferredMenu';
import { useMenuViewer } from './useMenuViewer';

/**
 * The menu a DeferredMenu stands in for, drawn by the click that asked for it: it takes the focus of the
 * button it replaces and opens at once.
 */
export default function TopBarMenu({ trigger, entries: given }: DeferredMenuProps) {
  const { t } = useTranslation();
  const viewer = useMenuViewer();
  const entries =
    given === 'admin'
      ? visibleItems(adminMenu, viewer).map((item) => ({
          key: item.path,
          to: item.path,
          label: t(item.label as 'menu.home'),
          lang: undefined,
          onClick: undefined,
        }))
      : given;
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    target.current?.focus();
    setOpened(true);
  }, []);

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button ref={target} variant="subtle" size="compact-md" {...trigger} />
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map((entry) =>
          entry.to !== undefined ? (
            <Menu.Item key={entry.key} component={Link} to={entry.to} lang={entry.lang}>
              {entry.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={entry.key} onClick={entry.onClick} lang={entry.lang}>
              {entry.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
