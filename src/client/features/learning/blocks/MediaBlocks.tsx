import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileOff, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BlockOf } from '../../../../shared/contract/learning/courseShapes';
import { formatBytes } from '../../../components/bytes';
import { useBlockHost } from './BlockHost';
import classes from './blocks.module.css';

function MissingFile() {
  const { t } = useTranslation('learning');
  return (
    <Alert variant="light" color="gray" icon={<IconFileOff size={18} aria-hidden />}>
      {t('blocks.missingFile')}
    </Alert>
  );
}

export function ImageBlock({ block }: { block: BlockOf<'Image'> }) {
  const { url, alt, caption } = block.Content;
  if (!url) return <MissingFile />;
  return (
    <figure className={classes.figure}>
      <img src={url} alt={alt} loading="lazy" className={classes.image} />
      {caption && (
        <Text component="figcaption" size="sm" c="dimmed" mt={6}>
          {caption}
        </Text>
      )}
    </figure>
  );
}

/** An episode's video: when the part is completed by its video, playing it to the end records the progress. */
export function VideoBlock({ block }: { block: BlockOf<'Video'> }) {
  const { t } = useTranslation('learning');
  const host = useBlockHost();
  const { url, mimeType } = block.Content;
  if (!url) return <MissingFile />;
  const completesPart = host.mode === 'course' && host.part.ProgressCriteria === 'video';
  const watched = host.part.VideoPlay === 1;
  return (
    <div>
      {/* biome-ignore lint/a11y/useMediaCaption: the contract carries no caption track for course videos yet */}
      <video
        className={classes.video}
        controls
        playsInline
        preload="metadata"
        aria-label={block.Title || t('blocks.video.fallbackTitle')}
        data-testid="course-video"
        onEnded={() => host.onVideoEnded?.()}
      >
        <source src={url} type={mimeType || undefined} />
        {t('blocks.video.unsupported')}
      </video>
      {completesPart && (
        <Group gap={6} mt={6} data-testid="video-status" data-watched={watched}>
          {watched ? (
            <IconCircleCheck size={18} aria-hidden color="var(--mantine-color-teal-filled)" />
          ) : (
            <IconPlayerPlay size={18} aria-hidden />
          )}
          <Text size="sm" c={watched ? undefined : 'dimmed'}>
            {watched ? t('blocks.video.completed') : t('blocks.video.watchToEnd')}
          </Text>
        </Group>
      )}
    </div>
  );
}

export function AudioBlock({ block }: { block: BlockOf<'Audio'> }) {
  const { t } = useTranslation('learning');
  const { url, mimeType } = block.Content;
  if (!url) return <MissingFile />;
  return (
    // biome-ignore lint/a11y/useMediaCaption: the contract carries no caption track for course audio yet
    <audio
      className={classes.audio}
      controls
      preload="metadata"
      aria-label={block.Title || t('blocks.audio.fallbackTitle')}
    >
      <source src={url} type={mimeType || undefined} />
      {t('blocks.audio.unsupported')}
    </audio>
  );
}

export function FileBlock({ block }: { block: BlockOf<'File'> }) {
  const { t, i18n } = useTranslation('learning');
  const { url, fileName, sizeBytes } = block.Content;
  if (!url) return <MissingFile />;
  return (
    <Group gap="sm" wrap="wrap">
      <Button
        component="a"
        href={url}
        download={fileName}
        variant="light"
        leftSection={<IconDownload size={18} aria-hidden />}
        className={classes.wrapButton}
      >
        {t('blocks.download', { name: fileName })}
      </Button>
      <Text size="sm" c="dimmed">
        {formatBytes(sizeBytes, i18n.language)}
      </Text>
    </Group>
  );
}
