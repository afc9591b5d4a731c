import { Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './blockEditor.module.css';
import { Advice, RichField, SharedNote, useOriginal } from './fields';
import { MediaField } from './MediaField';
import type { RichTextType } from './model';
import { type KindProps, useScope } from './scope';

/** Text, exam, final exam, reward and question: one rich text. */
export function RichTextKind({ block, content, base, change }: KindProps<RichTextType>) {
  const { t } = useTranslation('blockEditor');
  return (
    <RichField
      label={t(`richText.${block.BlockType as RichTextType}`)}
      html={content.html}
      original={base.html}
      onChange={(html) => change((current) => ({ ...current, html }))}
    />
  );
}

/** An image: its upload and preview, the alternative text screen readers read, a caption. */
export function ImageKind({ content, base, change }: KindProps<'Image'>) {
  const { t } = useTranslation('blockEditor');
  const scope = useScope();
  const original = useOriginal();
  const adviceId = `${scope.idPrefix}-alt-advice`;
  const noAlt = content.mediaId > 0 && !content.alt.trim();
  return (
    <Stack gap="sm">
      <MediaField
        kind="image"
        mediaId={content.mediaId}
        alt={content.alt}
        onUploaded={(mediaId) => change((current) => ({ ...current, mediaId }))}
      />
      <TextInput
        label={t('image.alt')}
        description={original(base.alt) ?? t('image.altDescription')}
        value={content.alt}
        onChange={(event) => {
          const alt = event.currentTarget.value;
          change((current) => ({ ...current, alt }));
        }}
        aria-describedby={noAlt ? adviceId : undefined}
        data-testid="image-alt"
      />
      {noAlt && <Advice id={adviceId}>{t('image.altMissing')}</Advice>}
      <TextInput
        label={t('image.caption')}
        description={original(base.caption) ?? t('image.captionDescription')}
        value={content.caption}
        onChange={(event) => {
          const caption = event.currentTarget.value;
          change((current) => ({ ...current, caption }));
        }}
      />
    </Stack>
  );
}

/** A video: its upload, and the length the server read from the file (which the block keeps). */
export function VideoKind({ content, change }: KindProps<'Video'>) {
  return (
    <MediaField
      kind="video"
      mediaId={content.mediaId}
      durationSeconds={content.durationSeconds}
      onUploaded={(mediaId, info) => change(() => ({ mediaId, durationSeconds: info.DurationSeconds }))}
    />
  );
}

export function AudioKind({ content, change }: KindProps<'Audio'>) {
  return <MediaField kind="audio" mediaId={content.mediaId} onUploaded={(mediaId) => change(() => ({ mediaId }))} />;
}

export function FileKind({ content, change }: KindProps<'File'>) {
  return <MediaField kind="file" mediaId={content.mediaId} onUploaded={(mediaId) => change(() => ({ mediaId }))} />;
}

/** An address the author typed without its scheme (`example.org/page`) gets https:// in front when she leaves it. */
export const completeUrl = (value: string) => {
  const text = value.trim();
  if (!text || /^[a-z][a-z\d+.-]*:/i.test(text) || /\s/.test(text) || !/^[^/]+\.[^/]+/.test(text)) return text;
  return `https://${text}`;
};

/** An external link: its address (http or https) and a description; its title is the link's text. */
export function LinkKind({ content, base, change }: KindProps<'Link'>) {
  const { t } = useTranslation('blockEditor');
  const scope = useScope();
  const original = useOriginal();
  const translating = scope.translation !== null;
  return (
    <Stack gap="sm">
      {translating ? (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t('link.url')}
          </Text>
          <Text size="sm" className={classes.breakAll}>
            {content.url}
          </Text>
          <SharedNote>{t('translation.linkShared')}</SharedNote>
        </Stack>
      ) : (
        <TextInput
          label={t('link.url')}
          description={t('link.urlDescription')}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          withAsterisk
          value={content.url}
          error={scope.issue('url')}
          onChange={(event) => {
            const url = event.currentTarget.value;
            change((current) => ({ ...current, url }));
          }}
          onBlur={(event) => {
            const completed = completeUrl(event.currentTarget.value);
            if (completed !== content.url) change((current) => ({ ...current, url: completed }));
            scope.touch('url');
          }}
          data-testid="link-url"
        />
      )}
      <Textarea
        label={t('link.description')}
        description={original(base.description) ?? t('link.descriptionHint')}
        autosize
        minRows={2}
        value={content.description}
        onChange={(event) => {
          const description = event.currentTarget.value;
          change((current) => ({ ...current, description }));
        }}
      />
    </Stack>
  );
}

/** A link to another page of the course: which one (its title is the link's text). */
export function PostKind({ block, update }: KindProps<'Post'>) {
  const { t } = useTranslation('blockEditor');
  const scope = useScope();
  const postId = block.PostId ?? 0;
  const linked = scope.parts.find((part) => part.Id === postId);
  const unknownName = t('post.unknown', { id: postId });
  if (scope.translation !== null) {
    return (
      <Stack gap={4}>
        <Text size="sm">{t('post.linked', { name: linked?.Name ?? (postId ? unknownName : '–') })}</Text>
        <SharedNote>{t('translation.titleOnly')}</SharedNote>
      </Stack>
    );
  }
  const data = scope.parts.map((part) => ({ value: String(part.Id), label: part.Name || `#${part.Id}` }));
  if (postId && !linked) data.unshift({ value: String(postId), label: unknownName });
  return (
    <Stack gap={4}>
      <Select
        label={t('post.label')}
        placeholder={t('post.placeholder')}
        data={data}
        value={postId ? String(postId) : null}
        searchable
        allowDeselect={false}
        withAsterisk
        nothingFoundMessage={t('post.nothingFound')}
        error={scope.issue('post') ?? (postId && !linked ? unknownName : undefined)}
        onChange={(value) => {
          update((current) => ({ ...current, PostId: value ? Number(value) : 0 }));
          scope.touch('post');
        }}
        onBlur={() => scope.touch('post')}
        comboboxProps={{ withinPortal: true }}
        data-testid="post-part"
      />
      {scope.parts.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('post.noParts')}
        </Text>
      )}
    </Stack>
  );
}
