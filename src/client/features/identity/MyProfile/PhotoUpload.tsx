import { Avatar, Box, Button, FileButton, Loader, Overlay, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../shared/contract/identity/profile';
import { useSession } from '../../../app/session';
import { codeText, errorCode } from '../../../components/errorText';
import { identityKeys } from '../keys';
import { avatarUrl } from './queries';
import { MAX_PHOTO_BYTES, uploadProfilePhoto } from './upload';

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif';
const AVATAR_SIZE = 120;

/** The error code a refused photo maps to: a size the server or a proxy refused reads as the spec's 2 MB text. */
const uploadErrorCode = (error: unknown) => {
  const code = errorCode(error);
  return code === 'PAYLOAD_TOO_LARGE' ? 'FILE_TOO_LARGE' : code;
};

/** The profile photo with its upload: checked for size in the browser, previewed while it uploads. */
export function PhotoUpload({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['learning', 'errors']);
  const session = useSession();
  const queryClient = useQueryClient();
  const resetInput = useRef<() => void>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The preview's object URL is released when it is replaced or the page goes away.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const fail = (text: string) => {
    setError(text);
    notifications.show({ color: 'red', title: t('profile.photo.failed'), message: text });
  };

  const choose = async (file: File | null) => {
    resetInput.current?.();
    if (!file) return;
    setError(null);
    if (file.size > MAX_PHOTO_BYTES) return fail(t('errors:FILE_TOO_LARGE'));
    if (!ACCEPTED.split(',').includes(file.type)) return fail(t('errors:UNSUPPORTED_FILE'));
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    try {
      const answer = await uploadProfilePhoto(file);
      const userFileId = answer.data.UserFileId;
      queryClient.setQueryData<Profile>(identityKeys.profile(profile.Id), (old) =>
        old ? { ...old, UserFileId: userFileId } : old,
      );
      session.updateUser({ UserFileId: userFileId });
      setPreview(null);
      notifications.show({ color: 'green', message: t('profile.photo.uploaded') });
    } catch (uploadError) {
      setPreview(null);
      fail(codeText(uploadErrorCode(uploadError)));
    } finally {
      setUploading(false);
    }
  };

  const src = preview ?? (profile.UserFileId ? avatarUrl(profile.UserFileId) : null);
  const initials = `${profile.FirstName[0] ?? ''}${profile.LastName[0] ?? ''}`.toUpperCase();

  return (
    <Stack align="center" gap="sm">
      <Box pos="relative" w={AVATAR_SIZE} h={AVATAR_SIZE}>
        <Avatar
          src={src}
          alt={preview ? t('profile.photo.preview') : t('profile.photo.alt')}
          size={AVATAR_SIZE}
          radius={AVATAR_SIZE}
          color="blue"
          data-testid="profile-photo"
        >
          {initials}
        </Avatar>
        {uploading && (
          <Overlay radius={AVATAR_SIZE} center backgroundOpacity={0.45}>
            <Loader color="white" size="md" role="status" aria-label={t('profile.photo.uploading')} />
          </Overlay>
        )}
      </Box>
      <FileButton onChange={choose} accept={ACCEPTED} resetRef={resetInput} disabled={uploading}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={uploading}
            aria-describedby="photo-hint photo-error"
          >
            {profile.UserFileId ? t('profile.photo.change') : t('profile.photo.choose')}
          </Button>
        )}
      </FileButton>
      <Text id="photo-hint" size="xs" c="dimmed" ta="center">
        {t('profile.photo.hint')}
      </Text>
      <Text id="photo-error" size="sm" c="red" ta="center" data-testid="photo-error" hidden={!error}>
        {error}
      </Text>
    </Stack>
  );
}
