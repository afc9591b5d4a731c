import { ActionIcon, Button, FileButton, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_LIMITS } from '../../../../shared/domain/commerce/products';
import { upload } from '../../../app/api';
import { formatBytes } from '../../../components/bytes';
import { errorText } from '../../../components/errorText';
import { ErrorAlert } from '../../../components/LoadState';

export interface MediaValues {
  imageId: number | null;
  imageUrl: string | null;
  files: { mediaId: number; name: string; bytes: number }[];
}

/**
 * A product's image and, for a sample pack, its files: uploaded at once (`ajaxUpload.php`, folder `product`) and the
 * product's when it is saved. A new product is saved first.
 */
export function ProductMedia({
  productId,
  samples,
  value,
  onChange,
}: {
  productId: number;
  samples: boolean;
  value: MediaValues;
  onChange: (next: MediaValues) => void;
}) {
  const { t, i18n } = useTranslation('commerce');
  const [busy, setBusy] = useState<'image' | 'file' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (productId === 0) return <Text c="dimmed">{t('admin.media.saveFirst')}</Text>;

  const send = async (file: File | null, what: 'image' | 'file') => {
    if (!file) return;
    setFailure(null);
    setBusy(what);
    try {
      const answer = await upload('ajaxUpload.php', { folder: 'product', ProductId: productId }, file);
      if (what === 'image') {
        if (answer.data.Kind !== 'image') throw new Error(t('admin.media.notImage'));
        onChange({ ...value, imageId: answer.data.UserFileId, imageUrl: answer.data.Url ?? null });
      } else {
        const name = file.name.slice(0, PRODUCT_LIMITS.fileName);
        onChange({ ...value, files: [...value.files, { mediaId: answer.data.UserFileId, name, bytes: file.size }] });
      }
    } catch (error) {
      setFailure(error instanceof Error && !('code' in error) ? error.message : errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const files = value.files;
  const setFiles = (next: MediaValues['files']) => onChange({ ...value, files: next });
  const move = (index: number, by: number) => {
    const next = [...files];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    setFiles(next);
  };

  return (
    <Stack gap="sm" data-testid="product-media">
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <Title order={2} size="h4">
        {t('admin.media.image')}
      </Title>
      {value.imageUrl && (
        <Image src={value.imageUrl} alt={t('admin.media.imageAlt')} maw={320} radius="sm" data-testid="product-image" />
      )}
      <Group>
        <FileButton onChange={(file) => send(file, 'image')} accept="image/jpeg,image/png,image/webp,image/gif">
          {(props) => (
            <Button variant="default" loading={busy === 'image'} {...props}>
              {t(value.imageId ? 'admin.media.replaceImage' : 'admin.media.uploadImage')}
            </Button>
          )}
        </FileButton>
        {value.imageId && (
          <Button variant="subtle" color="red.8" onClick={() => onChange({ ...value, imageId: null, imageUrl: null })}>
            {t('admin.media.removeImage')}
          </Button>
        )}
      </Group>
      {samples && (
        <>
          <Title order={2} size="h4" mt="sm">
            {t('admin.media.files')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.media.filesHint')}
          </Text>
          <Stack gap="xs" data-testid="product-files">
            {files.map((file, index) => (
              <Group key={file.mediaId} gap="xs" wrap="nowrap" data-testid="product-file">
                <TextInput
                  style={{ flexGrow: 1 }}
                  aria-label={t('admin.media.fileName', { index: index + 1 })}
                  value={file.name}
                  maxLength={PRODUCT_LIMITS.fileName}
                  onChange={(event) =>
                    setFiles(
                      files.map((each, i) => (i === index ? { ...each, name: event.currentTarget.value } : each)),
                    )
                  }
                />
                <Text size="sm" c="dimmed" w={80} ta="right">
                  {formatBytes(file.bytes, i18n.language)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('admin.media.up', { name: file.name })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('admin.media.down', { name: file.name })}
                  disabled={index === files.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  aria-label={t('admin.media.remove', { name: file.name })}
                  onClick={() => setFiles(files.filter((_, i) => i !== index))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
          <Group>
            <FileButton onChange={(file) => send(file, 'file')} disabled={files.length >= PRODUCT_LIMITS.files}>
              {(props) => (
                <Button variant="default" loading={busy === 'file'} {...props} data-testid="product-add-file">
                  {t('admin.media.addFile')}
                </Button>
              )}
            </FileButton>
          </Group>
        </>
      )}
    </Stack>
  );
}
