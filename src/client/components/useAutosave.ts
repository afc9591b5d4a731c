import { useCallback, useEffect, useRef } from 'react';
import { autosaveDelay } from '../../shared/domain/autosave';

/**
 * Holds the latest unsaved value and saves it by the autosave rule of spec §4/§9: 5 s after the first
 * unsaved input, and only once input has paused for 3 s. `flush` saves at once (edit mode off, leaving); `cancel`
 * forgets the pending value (its owner saves it another way). Unless `saveOnUnmount` is false, a pending value is
 * saved when the component goes away; a form whose unsaved-changes guard asks before leaving turns that off, so
 * "Leave without saving" means what it says.
 */
export function useAutosave<T>(save: (value: T) => void, { saveOnUnmount = true }: { saveOnUnmount?: boolean } = {}) {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const pending = useRef<{ value: T } | null>(null);
  const firstInputAt = useRef<number | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    firstInputAt.current = null;
    pending.current = null;
  }, []);

  const flush = useCallback(() => {
    const unsaved = pending.current;
    cancel();
    if (unsaved) saveRef.current(unsaved.value);
  }, [cancel]);

  const change = useCallback(
    (value: T) => {
      const now = Date.now();
      pending.current = { value };
      firstInputAt.current ??= now;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(
        flush,
        autosaveDelay({ now, firstInputAt: firstInputAt.current, lastInputAt: now }),
      );
    },
    [flush],
  );

  // The browser asks before closing the tab, and the save starts while it asks; unsaved text is saved when the
  // component goes away unless told otherwise.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!pending.current) return;
      flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (saveOnUnmount) flush();
      else cancel();
    };
  }, [flush, cancel, saveOnUnmount]);

  return { change, flush, cancel };
}
