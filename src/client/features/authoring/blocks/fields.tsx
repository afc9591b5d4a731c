import { Paper, Spoiler, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazyRichTextField } from '../../../components/LazyRichTextField';
import { RichText } from '../../../components/RichText';
import { toneText } from '../../../components/tone';
import { useScope } from './scope';

/** Whether rich text holds no words (Tiptap writes an empty document as `<p></p>`). */
export const isBlankHtml = (html: string) =>
  !html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();

/**
 * The default language's text of a field, as a field's description while a translation is written; undefined
 * while the default language is edited.
 */
export function useOriginal() {
  const { t } = useTranslation('blockEditor');
  const scope = useScope();
  return (text: string): string | undefined => {
    if (scope.translation === null) return undefined;
    const language = scope.defaultLanguageName;
    return text.trim() ? t('translation.original', { language, text }) : t('translation.originalEmpty', { language });
  };
}

/** The default language's rich text above its translation, folded when long. */
function OriginalHtml({ html }: { html: string }) {
  const { t } = useTranslation('blockEditor');
  const scope = useScope();
  const heading = t('translation.originalHeading', { language: scope.defaultLanguageName });
  return (
    <Paper withBorder p="xs" radius="sm" bg="var(--mantine-color-default-hover)">
      <Text size="xs" fw={600} c="dimmed" mb={4}>
        {heading}
      </Text>
      {isBlankHtml(html) ? (
        <Text size="sm" c="dimmed">
          {t('translation.originalEmpty', { language: scope.defaultLanguageName })}
        </Text>
      ) : (
        <Spoiler maxHeight={96} showLabel={t('translation.showMore')} hideLabel={t('translation.showLess')}>
          <RichText html={html} />
        </Spoiler>
      )}
    </Paper>
  );
}

/**
 * A rich-text field with its visible name; while translating, the original above it. Tiptap reads its content
 * when it mounts, so the field is remounted for another language.
 */
export function RichField({
  label,
  html,
  original,
  onChange,
}: {
  label: string;
  html: string;
  /** The default language's text, shown while translating. */
  original?: string;
  onChange(html: string): void;
}) {
  const scope = useScope();
  return (
    <Stack gap={6}>
      <Text component="div" size="sm" fw={500}>
        {label}
      </Text>
      {scope.translation !== null && original !== undefined && <OriginalHtml html={original} />}
      <LazyRichTextField key={scope.translation ?? ''} initialContent={html} label={label} onChange={onChange} />
    </Stack>
  );
}

/** Advice on something the block may be saved without, but should not be (an image without alt text). */
export function Advice({ children, id }: { children: string; id?: string }) {
  return (
    <Text size="sm" {...toneText('orange')} id={id}>
      {children}
    </Text>
  );
}

/** A note on what a translation cannot change. */
export function SharedNote({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
