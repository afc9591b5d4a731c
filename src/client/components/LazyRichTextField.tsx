import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from './LoadState';
import type { RichTextFieldProps } from './RichTextEditor';

// Tiptap is the heaviest code of the client: it loads where an editor is first shown, not with the pages.
const RichTextField = lazy(() => import('./RichTextEditor'));

/** What holds the editor's place while its code loads: a spinner named "Loading the editor". */
export function EditorLoader({ className }: { className?: string }) {
  const { t } = useTranslation();
  // A sized placeholder keeps its own height; the bare one takes a section's space.
  return <Loading section label={t('editorLoading')} className={className} py={className ? 0 : undefined} />;
}

/** The rich-text editor, loaded on first use; `loaderClassName` sizes its placeholder meanwhile. */
export function LazyRichTextField({ loaderClassName, ...field }: RichTextFieldProps & { loaderClassName?: string }) {
  return (
    <Suspense fallback={<EditorLoader className={loaderClassName} />}>
      <RichTextField {...field} />
    </Suspense>
  );
}
