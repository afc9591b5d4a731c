import { type KeyboardEvent, useEffect, useRef } from 'react';
import { LazyRichTextField } from '../../../components/LazyRichTextField';
import classes from './messages.module.css';

export interface MessageEditorProps {
  /** Changing it starts the editor afresh with `initialContent` (after a send, or to put a failed text back). */
  version: number;
  initialContent?: string;
  label: string;
  onChange(html: string): void;
  /** Ctrl+Enter (⌘+Enter on a Mac) in the editor. */
  onSubmit?(): void;
  /** Puts the focus in the editor once it is drawn, and again each time it starts afresh. */
  autoFocus?: boolean;
  /** In a dialog 150 px high; on a page (`inline`) it grows with the text from 80 to 120 px (spec §9). */
  size?: 'dialog' | 'inline';
}

/** The shared rich-text editor at the chat's heights (spec §9); Ctrl+Enter sends. */
export function MessageEditor({
  version,
  initialContent = '',
  label,
  onChange,
  onSubmit,
  autoFocus = false,
  size = 'dialog',
}: MessageEditorProps) {
  const wrapper = useRef<HTMLDivElement>(null);

  // The editor arrives with its chunk, after the dialog has placed the focus; a fresh one (after a send) replaces
  // the element that had it. Either way the focus goes to the editable area as soon as it exists.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version is a new editor to focus
  useEffect(() => {
    const element = wrapper.current;
    if (!autoFocus || !element) return;
    const focusEditable = () => {
      const editable = element.querySelector<HTMLElement>('[contenteditable="true"]');
      if (!editable) return false;
      editable.focus();
      return true;
    };
    if (focusEditable()) return;
    const observer = new MutationObserver(() => {
      if (focusEditable()) observer.disconnect();
    });
    observer.observe(element, { childList: true, subtree: true, attributes: true });
    return () => observer.disconnect();
  }, [autoFocus, version]);

  // Caught on the way down, before the editor's own Mod-Enter (a line break) sees the key.
  const submitShortcut = (event: KeyboardEvent) => {
    if (!onSubmit || event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.stopPropagation();
    onSubmit();
  };
  return (
    <div
      ref={wrapper}
      className={classes.editor}
      data-size={size}
      onKeyDownCapture={submitShortcut}
      data-testid="message-editor"
    >
      <LazyRichTextField
        loaderClassName={classes.editorLoading}
        key={version}
        initialContent={initialContent}
        label={label}
        onChange={onChange}
      />
    </div>
  );
}
