import { courseImport } from '../../../../shared/contract/authoring/courseTransfer';
import type { CallAnswer } from '../../../../shared/contract/define';
import { storageKeys } from '../../../../shared/domain/storage';
import type { ErrorCode } from '../../../../shared/errors';
import { ApiError, call, SITE } from '../../../app/api';
import { storage } from '../../../app/storage';
import { currentLanguage } from '../../../components/language';

/** The largest course file the import takes, from its contract: a larger one is refused before it is sent. */
export const MAX_IMPORT_BYTES = courseImport.upload?.maxFileBytes ?? Number.POSITIVE_INFINITY;

/** export_course, then the browser downloads the file from the signed link it answers (an attachment). */
export async function exportCourse(courseId: number): Promise<void> {
  const { Url } = await call('course_transfer.php', 'export_course', { CourseId: courseId });
  const link = document.createElement('a');
  link.href = Url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export type ImportAnswer = CallAnswer<(typeof courseImport.calls)['import_course']>;

/**
 * Sends a course file to course_import.php as its `file` part, telling `onProgress` the share sent (0 to 1): an
 * XMLHttpRequest, as fetch cannot tell how much of a body has gone. Fails with the server's error code as `call`
 * does.
 */
export function importCourseFile(file: File, onProgress: (sent: number) => void): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.set('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', `/api/backend/${courseImport.file}`);
    request.setRequestHeader('site', SITE);
    request.setRequestHeader('Accept-Language', currentLanguage());
    const token = storage.get(storageKeys.token);
    if (token) request.setRequestHeader('Authorization', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError('NETWORK'));
    request.onload = () => {
      let answer: { status?: string; error_code?: string } | null = null;
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        reject(new ApiError(request.status === 413 ? 'FILE_TOO_LARGE' : 'SERVER_ERROR'));
        return;
      }
      if (answer?.status === 'OK') resolve(answer as ImportAnswer);
      else reject(new ApiError(String(answer?.error_code ?? 'SERVER_ERROR') as ErrorCode, answer ?? {}));
    };
    request.send(form);
  });
}
