import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandYoutube } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './blockEditor.module.css';
import { SharedNote } from './fields';
import { type KindProps, useScope } from './scope';
import { parseYouTube, youTubeEmbedUrl, youTubeWatchUrl } from './youtube';

/**
 * A YouTube video from its address (or id): the block keeps the id, so what is pasted must name one; an address
 * that does not is refused on the spot.
 */
export function YouTubeKind({ block, content, change }: KindProps<'YouTube'>) {
  const { t } = useTranslation('blockEditor');
  const scope = useScope();
  const [typed, setTyped] = useState(() => (content.videoId ? youTubeWatchUrl(content.videoId) : ''));
  const parsed = parseYouTube(typed);
  const invalid = typed.trim() !== '' && parsed === null;

  // Content replaced from outside (a restored revision) shows its own video's address.
  useEffect(() => {
    setTyped((current) => {
      const named = parseYouTube(current) ?? '';
      // In step with the block, or an address still being typed (or refused) while the block has none.
      if (named === content.videoId || (!content.videoId && !named)) return current;
      return content.videoId ? youTubeWatchUrl(content.videoId) : '';
    });
  }, [content.videoId]);

  const title = block.Title || t('youtube.fallbackTitle');
  if (scope.translation !== null) {
    return (
      <Stack gap="sm">
        {content.videoId && <Text size="sm">{t('youtube.videoId', { id: content.videoId })}</Text>}
        {content.videoId && <YouTubePreview key={content.videoId} videoId={content.videoId} title={title} />}
        <SharedNote>{t('translation.titleOnly')}</SharedNote>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <TextInput
        label={t('youtube.label')}
        description={t('youtube.description')}
        placeholder="https://www.youtube.com/watch?v="
        inputMode="url"
        withAsterisk
        value={typed}
        error={invalid ? t('youtube.invalid') : scope.issue('videoId')}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setTyped(value);
          const videoId = parseYouTube(value) ?? '';
          change(() => ({ videoId }));
        }}
        onBlur={() => scope.touch('videoId')}
        data-testid="youtube-url"
      />
      {content.videoId && (
        <>
          <Text size="sm" c="dimmed">
            {t('youtube.videoId', { id: content.videoId })}
          </Text>
          <YouTubePreview key={content.videoId} videoId={content.videoId} title={title} />
        </>
      )}
    </Stack>
  );
}

/** The video behind a click: nothing is fetched from YouTube until the author asks, then from its no-cookie host. */
function YouTubePreview({ videoId, title }: { videoId: string; title: string }) {
  const { t } = useTranslation('blockEditor');
  const [shown, setShown] = useState(false);
  return (
    <div className={classes.frame}>
      {shown ? (
        <iframe
          src={youTubeEmbedUrl(videoId)}
          title={t('youtube.previewTitle', { title })}
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="youtube-preview-frame"
        />
      ) : (
        <Stack align="center" justify="center" gap="xs" p="md" h="100%">
          <Button
            color="red"
            leftSection={<IconBrandYoutube size={20} aria-hidden />}
            onClick={() => setShown(true)}
            data-testid="youtube-preview"
          >
            {t('youtube.showPreview')}
          </Button>
          <Text size="sm" ta="center" maw={360}>
            {t('youtube.previewNotice')}
          </Text>
        </Stack>
      )}
    </div>
  );
}
