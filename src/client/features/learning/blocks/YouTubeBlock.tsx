import { Anchor, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBrandYoutube } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockOf } from '../../../../shared/contract/learning/courseShapes';
import classes from './blocks.module.css';
import { isYouTubeId, youTubeEmbedUrl } from './format';

/**
 * A YouTube video behind a click: nothing is loaded from YouTube until the viewer asks for it, and then only
 * from its no-cookie domain.
 */
export function YouTubeBlock({ block }: { block: BlockOf<'YouTube'> }) {
  const { t } = useTranslation('learning');
  const [loaded, setLoaded] = useState(false);
  const { videoId } = block.Content;
  const title = block.Title || t('blocks.youtube.fallbackTitle');
  if (!isYouTubeId(videoId)) return null;
  const watchUrl = `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

  if (loaded) {
    return (
      <div className={classes.frame}>
        <iframe
          src={`${youTubeEmbedUrl(videoId)}?autoplay=1`}
          title={title}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="youtube-frame"
        />
      </div>
    );
  }
  return (
    <div className={`${classes.frame} ${classes.placeholder}`}>
      <Stack align="center" justify="center" gap="xs" p="md" h="100%">
        <Button
          size="md"
          color="red"
          leftSection={<IconBrandYoutube size={22} aria-hidden />}
          onClick={() => setLoaded(true)}
          aria-label={t('blocks.youtube.loadLabel', { title })}
          data-testid="youtube-load"
        >
          {t('blocks.youtube.load')}
        </Button>
        <Text size="sm" ta="center" maw={420}>
          {t('blocks.youtube.notice')}{' '}
          <Anchor href={watchUrl} target="_blank" rel="noopener noreferrer" size="sm" className={classes.onDark}>
            {t('blocks.youtube.openOnYoutube')}
            <VisuallyHidden> {t('blocks.opensInNewTab')}</VisuallyHidden>
          </Anchor>
        </Text>
      </Stack>
    </div>
  );
}
