import { z } from 'zod';
import { MAX_PHOTO_BYTES } from '../../domain/learning/course';
import { call, endpoint, ok } from '../define';

/** Where an upload goes; `profile` is the caller's profile photo (at most 2 MB, re-encoded). */
export const UploadFolder = z.enum(['profile']);

export const upload = endpoint(
  'ajaxUpload.php',
  {
    /** A multipart body with a `file` part and a `folder` field (spec §7); no `req`. */
    upload: call({
      access: 'user',
      data: z.object({ folder: UploadFolder }),
      answer: z.object({ status: ok, newFilename: z.string(), data: z.object({ UserFileId: z.number() }) }),
    }),
  },
  { defaultCall: 'upload', upload: { maxFileBytes: MAX_PHOTO_BYTES } },
);
