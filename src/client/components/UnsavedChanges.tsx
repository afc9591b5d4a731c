import { Badge } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';

/** The in-app address a plain click on a link would go to, or null when the click leaves it alone. */
function internalTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a') : null;
  if (!anchor?.href || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || !url.protocol.startsWith('http')) return null;
  // A link to a place on this very page (#certificates) keeps the form.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Guards unsaved changes while `dirty`: the browser asks before the tab closes or reloads, and a click on any
 * link to another page of the app asks first in a dialog. React Router's declarative mode has no navigation
 * blocking, so clicks are caught on the document before the router's links see them; the browser's back button
 * is not caught.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const navigate = useNavigate();
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      const to = internalTarget(event);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(to);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  const stay = useCallback(() => setTarget(null), []);
  const leave = useCallback(() => {
    setTarget(null);
    if (target !== null) navigate(target);
  }, [navigate, target]);

  return { target, stay, leave };
}

/**
 * The question the guard asks before a link leaves the page with unsaved changes: the asking page says what is
 * unsaved (`text`, and a `title` of its own if "Unsaved changes" does not fit); the buttons are the shell's.
 */
export function UnsavedChangesDialog({
  opened,
  onStay,
  onLeave,
  text,
  title,
}: {
  opened: boolean;
  onStay(): void;
  onLeave(): void;
  text: string;
  title?: string;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={opened}
      title={title ?? t('unsaved.title')}
      text={text}
      cancel={t('unsaved.stay')}
      closeLabel={t('unsaved.close')}
      onCancel={onStay}
      confirm={t('unsaved.leave')}
      onConfirm={onLeave}
      confirmColor="red.8"
      focusCancel
    />
  );
}

/** Guards a form's unsaved changes while `dirty`, asking with UnsavedChangesDialog before a link leaves the page. */
export function UnsavedChangesGuard({ dirty, text, title }: { dirty: boolean; text: string; title?: string }) {
  const guard = useUnsavedChangesGuard(dirty);
  return (
    <UnsavedChangesDialog
      opened={guard.target !== null}
      onStay={guard.stay}
      onLeave={guard.leave}
      text={text}
      title={title}
    />
  );
}

/** The mark beside a form's buttons while it holds unsaved changes. */
export function UnsavedBadge({ children, 'data-testid': testId }: { children: ReactNode; 'data-testid': string }) {
  return (
    <Badge color="orange" variant="dot" data-testid={testId}>
      {children}
    </Badge>
  );
}
