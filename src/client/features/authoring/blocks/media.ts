import type { MediaInfo } from '../../../../shared/contract/authoring/partContent';
import { upload } from '../../../app/api';
import { postWithProgress } from '../../../app/uploadProgress';
import { errorCode } from '../../../components/errorText';
import type { MediaKind } from './model';

/** What the file input offers for each kind; the server checks the file's content whatever it is called. */
export const acceptedTypes: Record<MediaKind, string | undefined> = {
  image: 'image/jpeg,image/png,image/webp,image/gif',
  video: 'video/*',
  audio: 'audio/*',
  file: undefined,
};

/** Whether the browser's guess of a file's type allows it for a kind (an unknown type is left to the server). */
export function mayBeKind(file: File, kind: MediaKind): boolean {
  if (kind === 'file' || !file.type) return true;
  if (kind === 'image') return (acceptedTypes.image ?? '').split(',').includes(file.type);
  return file.type.startsWith(`${kind}/`);
}

/** A medium the server stored: its id and what the editor shows of it. */
export interface UploadedMedium {
  id: number;
  info: MediaInfo;
}

export class WrongKindError extends Error {}

/**
 * Sends a course medium to ajaxUpload.php (folder `course`), reporting the share sent; refuses an answer of another
 * kind than the block takes (the server tells the kind from the file's content).
 */
export async function uploadCourseMedium(options: {
  courseId: number;
  kind: MediaKind;
  file: File;
  onProgress(fraction: number): void;
  signal: AbortSignal;
}): Promise<UploadedMedium> {
  const { courseId, kind, file, onProgress, signal } = options;
  const answer = await upload('ajaxUpload.php', { folder: 'course', CourseId: courseId }, file, file.name, {
    post: postWithProgress(onProgress),
    signal,
  });
  const { UserFileId, Kind, DurationSeconds, Url } = answer.data;
  if (kind !== 'file' && Kind !== undefined && Kind !== kind) throw new WrongKindError(Kind);
  return {
    id: UserFileId,
    // A file is stored as sent, so its size is the one learners are shown; an image's is not shown.
    info: {
      Url: Url ?? '',
      Name: file.name,
      MimeType: file.type,
      DurationSeconds: DurationSeconds ?? 0,
      SizeBytes: file.size,
    },
  };
}

/** The error code of a failed upload: a body the server or a proxy refused as too large reads as FILE_TOO_LARGE. */
export const uploadErrorCode = (error: unknown) => {
  const code = errorCode(error);
  return code === 'PAYLOAD_TOO_LARGE' ? 'FILE_TOO_LARGE' : code;
};

/** A length in seconds as m:ss, or h:mm:ss from an hour on. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
