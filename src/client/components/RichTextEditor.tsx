import '@mantine/tiptap/styles.css';
import { RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextFieldProps {
  /** The HTML the editor starts with; later changes are not applied (remount with a new key instead). */
  initialContent: string;
  /** The accessible name of the editable area. */
  label: string;
  onChange(html: string): void;
}

/**
 * The rich-text editor (Tiptap with Mantine's toolbar). Loaded lazily, so pages that only show text do not
 * carry the editor's code.
 */
export default function RichTextField({ initialContent, label, onChange }: RichTextFieldProps) {
  const { t } = useTranslation('site');
  const editor = useEditor({
    // StarterKit 3 brings Link and Underline. Links open in a new tab only when the author asks for it
    // (the link control's "new tab" switch); the server adds rel="noopener noreferrer" to those.
    extensions: [StarterKit.configure({ link: { openOnClick: false, HTMLAttributes: { target: null, rel: null } } })],
    content: initialContent,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
    },
    onUpdate: ({ editor: updated }) => onChange(updated.getHTML()),
  });

  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('editor.bold'),
      italicControlLabel: t('editor.italic'),
      underlineControlLabel: t('editor.underline'),
      strikeControlLabel: t('editor.strike'),
      clearFormattingControlLabel: t('editor.clearFormatting'),
      h2ControlLabel: t('editor.h2'),
      h3ControlLabel: t('editor.h3'),
      bulletListControlLabel: t('editor.bulletList'),
      orderedListControlLabel: t('editor.orderedList'),
      blockquoteControlLabel: t('editor.blockquote'),
      linkControlLabel: t('editor.link'),
      unlinkControlLabel: t('editor.unlink'),
      undoControlLabel: t('editor.undo'),
      redoControlLabel: t('editor.redo'),
      linkEditorInputLabel: t('editor.linkUrl'),
      linkEditorInputPlaceholder: 'https://',
      linkEditorExternalLink: t('editor.linkExternal'),
      linkEditorInternalLink: t('editor.linkInternal'),
      linkEditorSave: t('editor.linkSave'),
    }),
    [t],
  );

  return (
    <RichTextEditor editor={editor} labels={labels}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content className="rich-text" />
    </RichTextEditor>
  );
}
