import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallOf } from '../../../../shared/contract';
import type { CallAnswer } from '../../../../shared/contract/define';
import type { Language } from '../../../../shared/domain/language';
import { call } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { EditorLoader, LazyRichTextField } from '../../../components/LazyRichTextField';
import { currentLanguage } from '../../../components/language';
import richText from '../../../components/richText.module.css';
import { useAutosave } from '../../../components/useAutosave';
import { useInternalLinks } from '../../../components/useInternalLinks';
import { useEditMode } from '../editMode';
import { siteKeys } from '../keys';

// The editor is only needed by administrators in edit mode, so its code loads on demand.

export interface ContentAreaProps {
  /** The page text's key (`home.hero`); without one the area says so (spec §5). */
  contentKey?: string;
  /** Trusted HTML from the i18n bundle, shown until a text is stored for the current language. */
  defaultContent: string;
}

interface Edit {
  key: string;
  locale: Language;
  html: string;
}
type StoredText = NonNullable<CallAnswer<CallOf<'content/get_content.php', 'get_content'>>['data']>;

/** A page text that administrators edit in place: the stored text of the current language, else the default. */
export function ContentArea({ contentKey, defaultContent }: ContentAreaProps) {
  const { t } = useTranslation(['shell', 'site']);
  const locale = currentLanguage();
  const { editing, registerFlush } = useEditMode();
  const queryClient = useQueryClient();
  const linkRef = useInternalLinks();

  const stored = useQuery({
    queryKey: siteKeys.content(contentKey ?? '', locale),
    queryFn: async () =>
      (
        await call('content/get_content.php', 'get_content', {
          TheKey: contentKey ?? '',
          DefaultContent: defaultContent,
          Locale: locale,
        })
      ).data,
    enabled: Boolean(contentKey),
  });

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

  if (!contentKey) {
    return (
      <Text fs="italic" role="status">
        {t('noKey')}
      </Text>
    );
  }

  // Nothing stored: the server answers the default this area sent, marked; the bundle's own copy is shown as it is.
  const html = stored.data && !stored.data.IsDefault ? stored.data.Content : defaultContent;

  if (editing) {
    if (stored.isPending) return <EditorLoader />;
    return (
      <LazyRichTextField
        key={`${contentKey}:${locale}`}
        initialContent={html}
        label={t('editArea', { key: contentKey })}
        onChange={(value) => change({ key: contentKey, locale, html: value })}
      />
    );
  }

  if (stored.isPending) {
    // While the stored text loads, the default holds its place unseen, so nothing jumps or flickers.
    return (
      <div
        aria-busy
        style={{ visibility: 'hidden', lineHeight: 1.6 }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted HTML from our own i18n bundle
        dangerouslySetInnerHTML={{ __html: defaultContent }}
      />
    );
  }

  return (
    <div
      ref={linkRef}
      className={`rich-text ${richText.content}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: stored texts are sanitized by the server; defaults come from our own bundle
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
