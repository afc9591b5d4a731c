import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api';
import { EditorLoader } from '../../../components/LazyRichTextField';
import { currentLanguage } from '../../../components/language';
import richText from '../../../components/richText.module.css';
import { useInternalLinks } from '../../../components/useInternalLinks';
import { useEditMode } from '../editMode';
import { siteKeys } from '../keys';

// The editor and its saving load only when an administrator turns editing on: the sign-in page shows texts too,
// and it is the first page most visitors load.
const ContentEditor = lazy(() => import('./ContentEditor'));

export interface ContentAreaProps {
  /** The page text's key (`home.hero`); without one the area says so (spec §5). */
  contentKey?: string;
  /** Trusted HTML from the i18n bundle, shown until a text is stored for the current language. */
  defaultContent: string;
}

/** A page text that administrators edit in place: the stored text of the current language, else the default. */
export function ContentArea({ contentKey, defaultContent }: ContentAreaProps) {
  const { t } = useTranslation(['shell', 'site']);
  const locale = currentLanguage();
  const { editing } = useEditMode();
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
      <Suspense fallback={<EditorLoader />}>
        <ContentEditor contentKey={contentKey} locale={locale} html={html} />
      </Suspense>
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
