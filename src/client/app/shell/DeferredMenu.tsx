import { Button, type ButtonProps } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { loadTopBarMenu, preload } from './deferred';

export interface MenuEntry {
  key: string;
  label: ReactNode;
  /** A link to this path, or else a button running `onClick`. */
  to?: string;
  onClick?: () => void;
  lang?: string;
}

export interface DeferredMenuProps {
  /** The props of the menu's button (label, icons, aria-label); its look is the top bar's subtle button. */
  trigger: ButtonProps & { 'aria-label'?: string };
  /** The menu's entries, or `admin`: the staff's admin submenu, which the menu's own chunk brings. */
  entries: MenuEntry[] | 'admin';
}

const TopBarMenu = lazy(loadTopBarMenu);

/**
 * A top-bar menu whose dropdown code (Mantine's Menu and its floating positioning) is not part of the first
 * page: the button is drawn at once, the menu is fetched when the pointer or focus reaches it, and the first
 * click draws it open in the button's place.
 */
export function DeferredMenu({ trigger, entries }: DeferredMenuProps) {
  const [wanted, setWanted] = useState(false);
  const fetchMenu = preload(loadTopBarMenu);
  const standIn = (
    <Button
      variant="subtle"
      size="compact-md"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={fetchMenu}
      onFocus={fetchMenu}
      onClick={() => setWanted(true)}
      {...trigger}
    />
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <TopBarMenu trigger={trigger} entries={entries} />
    </Suspense>
  );
}
