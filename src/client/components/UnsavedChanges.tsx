import { Badge } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';
import { arm, askBeforeLeaving, type Exit, leaveThroughHistory, noteShownEntry } from './leaveGuard';

/**
 * Guards unsaved changes while `dirty`: every way out of the page asks first (components/leaveGuard.ts). The
 * browser asks before the tab closes or reloads; a click on a link to another page of the app, the browser's Back
 * and Forward, and the app's own buttons that navigate through `useGuardedNavigate` (a course's Back and Forward)
 * ask in a dialog.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const [target, setTarget] = useState<Exit | null>(null);

  useEffect(() => {
    if (!dirty) return;
    return arm({ ask: setTarget });
  }, [dirty]);

  useEffect(() => {
    if (dirty && location.key) noteShownEntry();
  }, [dirty, location.key]);

  const stay = useCallback(() => setTarget(null), []);
  const leave = useCallback(() => {
    setTarget(null);
    if (target === null) return;
    if ('to' in target) navigate(target.to);
    else leaveThroughHistory(target.delta);
  }, [navigate, target]);

  return { target, stay, leave };
}

/**
 * `navigate` for the app's own buttons that leave a page (links are caught by themselves): while a guard holds
 * unsaved changes it asks first, else it goes at once.
 */
export function useGuardedNavigate(): (to: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      if (!askBeforeLeaving(to)) navigate(to);
    },
    [navigate],
  );
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
