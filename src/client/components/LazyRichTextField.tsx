import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichTextFieldProps } from './RichTextEditor';

// Tiptap is the heaviest code of the client: it loads where an editor is first shown, not with the pages.
const RichTextField = lazy(() => import('./RichTextEditor'));

/** What holds the editor's place while its code loads: a spinner named "Loading the editor". */
export function EditorLoader({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Center py={className ? undefined : 'md'} className={className}>
      <Loader size="sm" role="status" aria-label={t('editorLoading')} />
    </Center>
  );
}

/** The rich-text editor, loaded on first use; `loaderClassName` sizes its placeholder meanwhile. */
export function LazyRichTextField({ loaderClassName, ...field }: RichTextFieldProps & { loaderClassName?: string }) {
  return (
    <Suspense fallback={<EditorLoader className={loaderClassName} />}>
      <RichTextField {...field} />
    </Suspense>
  );
}
