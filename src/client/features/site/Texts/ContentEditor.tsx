import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallOf } from '../../../../shared/contract';
import type { CallAnswer } from '../../../../shared/contract/define';
import type { Language } from '../../../../shared/domain/language';
import { call } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { LazyRichTextField } from '../../../components/LazyRichTextField';
import { useAutosave } from '../../../components/useAutosave';
import { useEditMode } from '../editMode';
import { siteKeys } from '../keys';

type StoredText = NonNullable<CallAnswer<CallOf<'content/get_content.php', 'get_content'>>['data']>;

interface Edit {
  key: string;
  locale: Language;
  html: string;
}

/**
 * A page text in the rich-text editor, saved as it is typed (autosave) and when editing ends. Loaded only when an
 * administrator turns editing on, so the pages that show texts do not carry it.
 */
export default function ContentEditor({
  contentKey,
  locale,
  html,
}: {
  contentKey: string;
  locale: Language;
  html: string;
}) {
  const { t } = useTranslation(['shell', 'site']);
  const { registerFlush } = useEditMode();
  const queryClient = useQueryClient();

  const save = useCallback(
    (edit: Edit) => {
      const queryKey = siteKeys.content(edit.key, edit.locale);
      // Shown at once, so the text does not flicker back while the save is on its way; an older fetch
      // still running must not overwrite it.
      void queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<StoredText | null>(queryKey, (old) => ({
        Key: edit.key,
        Content: edit.html,
        Locale: edit.locale,
        CreationDate: old?.CreationDate ?? new Date().toISOString(),
        ModificationDate: new Date().toISOString(),
        IsDefault: false,
      }));
      const id = notifications.show({ message: t('saving'), loading: true, autoClose: false });
      call('content/save_content.php', 'save_content', { TheKey: edit.key, content: edit.html, Locale: edit.locale })
        .then(({ datetime }) => {
          queryClient.setQueryData<StoredText | null>(queryKey, (old) =>
            old ? { ...old, ModificationDate: datetime } : old,
          );
          // The server stores the sanitized text; fetch that version.
          void queryClient.invalidateQueries({ queryKey });
          notifications.update({ id, message: t('saved'), color: 'green', loading: false, autoClose: 3000 });
        })
        .catch((error: unknown) => {
          // The edited text stays in the cache, so the author can see it and edit again to retry.
          console.warn('save_content failed', error);
          const message = errorText(error, (code) => code);
          notifications.update({ id, message, color: 'red', loading: false, autoClose: 3000 });
        });
    },
    [queryClient, t],
  );

  const { change, flush } = useAutosave(save);
  useEffect(() => registerFlush(flush), [registerFlush, flush]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another key or language first saves what was typed for the current one
  useEffect(() => flush, [flush, contentKey, locale]);

  return (
    <LazyRichTextField
      key={`${contentKey}:${locale}`}
      initialContent={html}
      label={t('editArea', { key: contentKey })}
      onChange={(value) => change({ key: contentKey, locale, html: value })}
    />
  );
}
