import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

type Flush = () => void;

interface EditMode {
  /** True while an administrator edits the page texts in place. */
  editing: boolean;
  toggle(): void;
  /** Turns editing on (a page that opens for editing, /login/edit); on already, nothing changes. */
  start(): void;
  /** Turns editing off, saving what is pending (that page, when it is left); off already, nothing changes. */
  stop(): void;
  /** Content areas register a flush so that turning edit mode off saves their pending text at once. */
  registerFlush(flush: Flush): () => void;
}

const EditModeContext = createContext<EditMode>({
  editing: false,
  toggle() {},
  start() {},
  stop() {},
  registerFlush: () => () => {},
});

export function EditModeProvider({ children }: { children: ReactNode }) {
  const [editing, setEditing] = useState(false);
  const editingRef = useRef(false);
  const flushes = useRef(new Set<Flush>());

  const turn = useCallback((on: boolean) => {
    if (editingRef.current && !on) for (const flush of flushes.current) flush();
    editingRef.current = on;
    setEditing(on);
  }, []);
  const toggle = useCallback(() => turn(!editingRef.current), [turn]);
  const start = useCallback(() => turn(true), [turn]);
  const stop = useCallback(() => turn(false), [turn]);

  const registerFlush = useCallback((flush: Flush) => {
    flushes.current.add(flush);
    return () => {
      flushes.current.delete(flush);
    };
  }, []);

  const value = useMemo(
    () => ({ editing, toggle, start, stop, registerFlush }),
    [editing, toggle, start, stop, registerFlush],
  );
  return <EditModeContext.Provider value={value}>{children}</EditModeContext.Provider>;
}

export const useEditMode = () => useContext(EditModeContext);
