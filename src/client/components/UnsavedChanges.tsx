import { Badge } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
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

/** A way out of the page: to a path of the app, or a step through the browser's history (Back, Forward). */
export type Exit = { to: string } | { delta: number };

interface ArmedGuard {
  ask(exit: Exit): void;
}

/**
 * The guards holding unsaved changes now, in the order they were armed. The first one asks, so a page with two
 * unsaved forms asks once; the document's listeners are there only while one is armed.
 */
const armed: ArmedGuard[] = [];
/** The router's index (`history.state.idx`) of the entry shown, to tell how far a Back or Forward went. */
let shownIndex: number | null = null;
/** A history step is being undone (its popstate is swallowed), or a confirmed one goes through to the router. */
let undoing = false;
let passing = false;

const historyIndex = (state: unknown): number | null => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();

const onClick = (event: MouseEvent) => {
  const to = internalTarget(event);
  if (to === null) return;
  event.preventDefault();
  event.stopPropagation();
  armed[0]?.ask({ to });
};

/**
 * Back and Forward. The router listens to popstate on the window too, but this listener runs first (capture at the
 * target), so the router never sees a step that is undone: the step is reversed with `history.go`, whose own
 * popstate is swallowed, and the guard asks. What React Router's data router does for `useBlocker`.
 */
const onPopState = (event: PopStateEvent) => {
  if (undoing) {
    undoing = false;
    event.stopImmediatePropagation();
    return;
  }
  if (passing) {
    passing = false;
    return;
  }
  const to = historyIndex(event.state);
  const guard = armed[0];
  // A step between entries the router did not make (a #fragment) cannot be measured: it goes through.
  if (!guard || to === null || shownIndex === null || to === shownIndex) return;
  event.stopImmediatePropagation();
  undoing = true;
  window.history.go(shownIndex - to);
  guard.ask({ delta: to - shownIndex });
};

function arm(guard: ArmedGuard): () => void {
  if (armed.length === 0) {
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
  }
  armed.push(guard);
  return () => {
    armed.splice(armed.indexOf(guard), 1);
    if (armed.length > 0) return;
    window.removeEventListener('beforeunload', onBeforeUnload);
    document.removeEventListener('click', onClick, true);
    window.removeEventListener('popstate', onPopState, true);
  };
}

/**
 * Guards unsaved changes while `dirty`: every way out of the page asks first. The browser asks before the tab
 * closes or reloads; a click on a link to another page of the app, the browser's Back and Forward, and the app's
 * own buttons that navigate through `useGuardedNavigate` (a course's Back and Forward) ask in a dialog. React
 * Router's declarative mode has no navigation blocking (docs/decisions.md), so links are caught on the document
 * before the router's links see them and history steps before the router hears of them.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const [target, setTarget] = useState<Exit | null>(null);

  useEffect(() => {
    if (!dirty) return;
    return arm({ ask: setTarget });
  }, [dirty]);

  // The entry shown, each time the router shows another (read after its push or pop has landed).
  useEffect(() => {
    if (dirty && location.key) shownIndex = historyIndex(window.history.state);
  }, [dirty, location.key]);

  const stay = useCallback(() => setTarget(null), []);
  const leave = useCallback(() => {
    setTarget(null);
    if (target === null) return;
    if ('to' in target) {
      navigate(target.to);
    } else {
      passing = true;
      window.history.go(target.delta);
    }
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
      const guard = armed[0];
      if (guard) guard.ask({ to });
      else navigate(to);
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
