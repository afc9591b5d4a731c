import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

type Flush = () => void;

interface EditMode {
  /** True while an administrator edits the page texts in place. */
  editing: boolean;
  toggle(): void;
  /** Turns editing on (a page that opens for editing, /login/edit); on already, nothing changes. */
  start(): void;
  /** Content areas register a flush so that turning edit mode off saves their pending text at once. */
  registerFlush(flush: Flush): () => void;
}

const EditModeContext = createContext<EditMode>({
  editing: false,
  toggle() {},
  start() {},
  registerFlush: () => () => {},
});

export function EditModeProvider({ children }: { children: ReactNode }) {
  const [editing, setEditing] = useState(false);
  const editingRef = useRef(false);
  const flushes = useRef(new Set<Flush>());

  const toggle = useCallback(() => {
    if (editingRef.current) for (const flush of flushes.current) flush();
    editingRef.current = !editingRef.current;
    setEditing(editingRef.current);
  }, []);

  const start = useCallback(() => {
    editingRef.current = true;
    setEditing(true);
  }, []);

  const registerFlush = useCallback((flush: Flush) => {
    flushes.current.add(flush);
    return () => {
      flushes.current.delete(flush);
    };
  }, []);

  const value = useMemo(() => ({ editing, toggle, start, registerFlush }), [editing, toggle, start, registerFlush]);
  return <EditModeContext.Provider value={value}>{children}</EditModeContext.Provider>;
}

export const useEditMode = () => useContext(EditModeContext);
