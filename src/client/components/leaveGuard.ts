import { hearHistoryFirst } from './historyFirst';

/**
 * The one guard of every way out of a page with unsaved changes (components/UnsavedChanges.tsx asks with it): the
 * browser's reload and close, clicks on the app's links, the browser's Back and Forward, and the app's own buttons
 * that navigate (`askBeforeLeaving`). React Router's declarative mode has no navigation blocking (docs/decisions.md).
 */

/** A way out of the page: to a path of the app, or a step through the browser's history (Back, Forward). */
export type Exit = { to: string } | { delta: number };

export interface ArmedGuard {
  ask(exit: Exit): void;
}

/**
 * The guards holding unsaved changes now, in the order they were armed. The first one asks, so a page with two
 * unsaved forms asks once.
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

const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();

// Links are caught on the document, in the capture phase, before the router's links see the click.
const onClick = (event: MouseEvent) => {
  const to = internalTarget(event);
  if (to === null) return;
  event.preventDefault();
  event.stopPropagation();
  armed[0]?.ask({ to });
};

/**
 * Back and Forward: a step the router would show is undone with `history.go` before the router hears of it (its
 * own popstate is swallowed), and the guard asks, as React Router's data router does for `useBlocker`. Listeners on
 * the window run in the order they were added, so this one is heard through the entry's first listener
 * (historyFirst.ts).
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

/** A guard with unsaved changes from now on; the function answered disarms it. */
export function arm(guard: ArmedGuard): () => void {
  hearHistoryFirst(onPopState);
  if (armed.length === 0) {
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
  }
  armed.push(guard);
  return () => {
    const index = armed.indexOf(guard);
    if (index >= 0) armed.splice(index, 1);
    if (armed.length > 0) return;
    window.removeEventListener('beforeunload', onBeforeUnload);
    document.removeEventListener('click', onClick, true);
  };
}

/** The router shows another entry (read after its push or pop has landed). */
export function noteShownEntry() {
  shownIndex = historyIndex(window.history.state);
}

/** Takes a confirmed step through the history, past the guard. */
export function leaveThroughHistory(delta: number) {
  passing = true;
  window.history.go(delta);
}

/** Asks the first armed guard about leaving for `to`; answers false when nothing is unsaved (go at once). */
export function askBeforeLeaving(to: string): boolean {
  const guard = armed[0];
  if (!guard) return false;
  guard.ask({ to });
  return true;
}
