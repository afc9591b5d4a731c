import { Anchor, Button, FileButton, Group, Paper, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { type DragEvent, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaInfo } from '../../../../shared/contract/authoring/partContent';
import { codeText } from '../../../components/errorText';
import { FieldError } from '../../../components/Notices';
import classes from './blockEditor.module.css';
import { SharedNote } from './fields';
import { acceptedTypes, formatDuration, mayBeKind, uploadCourseMedium, uploadErrorCode, WrongKindError } from './media';
import type { MediaKind } from './model';
import { useScope } from './scope';

interface Uploading {
  name: string;
  fraction: number;
}

/**
 * A block's medium: what it is now (a preview, its name, a video's or audio's length as the server read it) and
 * its upload, chosen or dropped, with a progress bar and a way to stop it. While translating it is shown only:
 * the medium is the same in every language.
 */
export function MediaField({
  kind,
  mediaId,
  alt = '',
  durationSeconds,
  onUploaded,
}: {
  kind: MediaKind;
  mediaId: number;
  /** An image's alternative text, for its preview. */
  alt?: string;
  /** The length the block keeps, when the medium's own is not known here. */
  durationSeconds?: number;
  onUploaded(id: number, info: MediaInfo): void;
}) {
  const { t } = useTranslation('blockEditor');
  const scope = useScope();
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // The length the preview's player read from the served file: for a medium stored before the server kept lengths.
  const [played, setPlayed] = useState<{ mediaId: number; seconds: number } | null>(null);
  const stop = useRef<AbortController | null>(null);
  const resetInput = useRef<() => void>(null);
  const readOnly = scope.translation !== null;
  const info = mediaId > 0 ? scope.media[String(mediaId)] : undefined;
  const name = info?.Name || t('media.unnamed', { id: mediaId });
  const errorId = `${scope.idPrefix}-media-error`;
  const hintId = `${scope.idPrefix}-media-hint`;
  const missing = scope.issue('media');

  // An upload still running when the block's editor goes away is stopped: nothing would take its answer.
  useEffect(() => () => stop.current?.abort(), []);

  const send = async (file: File | null) => {
    resetInput.current?.();
    if (!file || uploading) return;
    setFailure(null);
    if (!mayBeKind(file, kind)) {
      setFailure(t(`media.wrongKind.${kind}`));
      return;
    }
    const controller = new AbortController();
    stop.current = controller;
    setUploading({ name: file.name, fraction: 0 });
    try {
      const medium = await uploadCourseMedium({
        courseId: scope.courseId,
        kind,
        file,
        signal: controller.signal,
        onProgress: (fraction) => setUploading({ name: file.name, fraction }),
      });
      scope.onMedia(medium.id, medium.info);
      onUploaded(medium.id, medium.info);
      scope.touch('media');
    } catch (error) {
      if (controller.signal.aborted) setFailure(t('media.stopped'));
      else {
        const code = uploadErrorCode(error);
        // The server tells a file's type by its content: one it refuses is not what this block takes.
        const wrongKind =
          error instanceof WrongKindError || code === 'UNSUPPORTED_FILE' || code === 'UNSUPPORTED_MEDIA_TYPE';
        setFailure(wrongKind ? t(`media.wrongKind.${kind}`) : t('media.failed', { reason: codeText(code) }));
      }
    } finally {
      if (stop.current === controller) stop.current = null;
      setUploading(null);
    }
  };

  const drop = readOnly
    ? {}
    : {
        onDragOver: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          setDragging(false);
          void send(event.dataTransfer.files[0] ?? null);
        },
      };

  const playedSeconds = played?.mediaId === mediaId ? played.seconds : null;
  const length = info?.DurationSeconds || durationSeconds || playedSeconds || 0;
  const percent = uploading ? Math.round(uploading.fraction * 100) : 0;

  return (
    <Stack gap="xs">
      <Paper
        withBorder
        p="sm"
        radius="md"
        className={classes.dropZone}
        data-dragging={dragging || undefined}
        data-testid="media-field"
        {...drop}
      >
        <Stack gap="sm">
          {mediaId > 0 ? (
            <MediaPreview
              kind={kind}
              info={info}
              name={name}
              alt={alt}
              onLength={(seconds) => setPlayed({ mediaId, seconds })}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t(`media.none.${kind}`)}
            </Text>
          )}
          {mediaId > 0 && (
            <Stack gap={2}>
              <Text size="sm" className={classes.breakAll}>
                {t('media.name', { name })}
              </Text>
              {(kind === 'video' || kind === 'audio') && (length > 0 || playedSeconds !== null) && (
                <Text size="sm" c="dimmed" data-testid="media-duration">
                  {length > 0 ? t('media.duration', { duration: formatDuration(length) }) : t('media.durationUnknown')}
                </Text>
              )}
            </Stack>
          )}
          {uploading && (
            <Stack gap={4} data-testid="upload-progress">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" className={classes.breakAll}>
                  {t('media.uploading', { name: uploading.name })}
                </Text>
                <Text size="sm" c="dimmed" aria-hidden>
                  {t('media.percent', { percent })}
                </Text>
              </Group>
              <Progress value={percent} aria-label={t('media.uploading', { name: uploading.name })} />
            </Stack>
          )}
          {!readOnly && (
            <Group gap="sm" wrap="wrap">
              <FileButton onChange={send} accept={acceptedTypes[kind]} resetRef={resetInput} disabled={!!uploading}>
                {(props) => (
                  <Button
                    {...props}
                    disabled={!!uploading}
                    variant={mediaId > 0 ? 'default' : 'filled'}
                    leftSection={<IconUpload size={16} aria-hidden />}
                    aria-describedby={`${hintId} ${errorId}`}
                    data-testid="media-upload"
                  >
                    {mediaId > 0 ? t(`media.replace.${kind}`) : t(`media.choose.${kind}`)}
                  </Button>
                )}
              </FileButton>
              {uploading && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconX size={16} aria-hidden />}
                  onClick={() => stop.current?.abort()}
                >
                  {t('media.stop')}
                </Button>
              )}
            </Group>
          )}
          {!readOnly && (
            <Text size="xs" c="dimmed" id={hintId}>
              {t(`media.accepts.${kind}`)}
            </Text>
          )}
        </Stack>
      </Paper>
      <div id={errorId}>
        {(failure ?? (uploading ? undefined : missing)) && (
          <FieldError data-testid="media-error">{failure ?? missing}</FieldError>
        )}
      </div>
      {readOnly && <SharedNote>{t('translation.mediaShared')}</SharedNote>}
    </Stack>
  );
}

/**
 * What the medium looks or sounds like, from its signed link; a video's or audio's player reports the length it
 * read (0 when it could read none).
 */
function MediaPreview({
  kind,
  info,
  name,
  alt,
  onLength,
}: {
  kind: MediaKind;
  info?: MediaInfo;
  name: string;
  alt: string;
  onLength(seconds: number): void;
}) {
  const { t } = useTranslation('blockEditor');
  const readLength = (event: SyntheticEvent<HTMLMediaElement>) => {
    const seconds = event.currentTarget.duration;
    onLength(Number.isFinite(seconds) ? seconds : 0);
  };
  if (!info?.Url) return <IconFile size={32} aria-hidden />;
  switch (kind) {
    case 'image':
      return <img src={info.Url} alt={alt} className={classes.imagePreview} />;
    case 'video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: the author's own upload, previewed; learners' captions are not in the contract yet
        <video
          className={classes.videoPreview}
          src={info.Url}
          controls
          preload="metadata"
          aria-label={t('media.previewLabel', { name })}
          onLoadedMetadata={readLength}
          onError={() => onLength(0)}
        />
      );
    case 'audio':
      return (
        // biome-ignore lint/a11y/useMediaCaption: as above
        <audio
          className={classes.audioPreview}
          src={info.Url}
          controls
          preload="metadata"
          aria-label={t('media.previewLabel', { name })}
          onLoadedMetadata={readLength}
          onError={() => onLength(0)}
        />
      );
    default:
      return (
        <Group gap="xs" wrap="nowrap">
          <IconFile size={24} aria-hidden />
          <Anchor href={info.Url} target="_blank" rel="noopener noreferrer" size="sm" className={classes.breakAll}>
            {t('media.open', { name })}
            <VisuallyHidden> {t('media.opensInNewTab')}</VisuallyHidden>
          </Anchor>
        </Group>
      );
  }
}
