import { useCallback, useEffect, useRef } from 'react';
import { autosaveDelay } from '../../shared/domain/autosave';

/**
 * Holds the latest unsaved value and saves it by the autosave rule of spec §4/§9: 5 s after the first
 * unsaved input, and only once input has paused for 3 s. `flush` saves at once (edit mode off, leaving).
 */
export function useAutosave<T>(save: (value: T) => void) {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const pending = useRef<{ value: T } | null>(null);
  const firstInputAt = useRef<number | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    firstInputAt.current = null;
    const unsaved = pending.current;
    pending.current = null;
    if (unsaved) saveRef.current(unsaved.value);
  }, []);

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

  // Unsaved text is saved when the component goes away, and the browser asks before closing the tab.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!pending.current) return;
      flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      flush();
    };
  }, [flush]);

  return { change, flush };
}
