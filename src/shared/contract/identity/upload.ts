import { z } from 'zod';
import { mediaKinds } from '../../domain/authoring/media';
import { MAX_PHOTO_BYTES } from '../../domain/learning/course';
import { call, endpoint, ok } from '../define';

/**
 * Where an upload goes: `profile` is the caller's profile photo (at most 2 MB, re-encoded); `course` is a medium
 * of the course `CourseId` for its blocks (staff: an image, re-encoded; a video or audio, whose length is read
 * from the file; or a document), counted against the site's storage; `product` is a medium of the product
 * `ProductId` (staff: its image, or a sample pack's file), taken as a course's are; `voucher` documents the voucher
 * `VoucherId` of the books (administrators: a PDF, an image or an office document up to 20 MB, kept as it came).
 */
export const UploadFolder = z.enum(['profile', 'course', 'product', 'voucher']);

export const upload = endpoint(
  'ajaxUpload.php',
  {
    /** A multipart body with a `file` part and a `folder` field (spec §7); no `req`. */
    upload: call({
      access: 'user',
      data: z.object({
        folder: UploadFolder,
        CourseId: z.coerce.number().int().positive().optional(),
        ProductId: z.coerce.number().int().positive().optional(),
        VoucherId: z.coerce.number().int().positive().optional(),
      }),
      answer: z.object({
        status: ok,
        newFilename: z.string(),
        data: z.object({
          /** The stored medium's id (`mediaId` in a block's content). */
          UserFileId: z.number(),
          /** For `course` and `product`: what the file is, its length in seconds (video, audio; else 0) and a signed link to it. */
          Kind: z.enum(mediaKinds).optional(),
          DurationSeconds: z.number().optional(),
          Url: z.string().optional(),
        }),
      }),
    }),
  },
  { defaultCall: 'upload', upload: { maxFileBytes: MAX_PHOTO_BYTES } },
);
