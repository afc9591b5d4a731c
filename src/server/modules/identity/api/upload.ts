import { upload } from '../../../../shared/contract/identity/upload';
import { MAX_ATTACHMENT_BYTES } from '../../../../shared/domain/accounting/attachments';
import { MAX_COURSE_MEDIA_BYTES } from '../../../../shared/domain/authoring/media';
import { MAX_PHOTO_BYTES } from '../../../../shared/domain/learning/course';
import { isAdmin, isStaff } from '../../../platform/authorize';
import type { UploadLimit } from '../../../platform/dispatcher';
import { AppError } from '../../../platform/errors';
import { handlers, signedInUser } from '../../../platform/handlers';
import { attachToVoucher } from '../../accounting';
import { uploadCourseMedia } from '../../authoring';
import { uploadProductMedium } from '../../commerce';
import { saveProfilePhoto } from '../services/profile';

/**
 * The largest file of an upload, bounded while it streams: a course's or a product's medium (staff) up to 500 MB, a
 * voucher's attachment (administrators) 20 MB, a profile photo 2 MB. Before its `folder` field has come, a file is
 * bounded by the most its sender may upload at all.
 */
export const uploadFileLimit: UploadLimit = {
  largest: MAX_COURSE_MEDIA_BYTES,
  of(fields, user) {
    const courseMedia = user !== null && isStaff(user);
    const staffFolder = fields.folder === 'course' || fields.folder === 'product' || fields.folder === undefined;
    if (courseMedia && staffFolder) return MAX_COURSE_MEDIA_BYTES;
    if (fields.folder === 'voucher' && user !== null && isAdmin(user)) return MAX_ATTACHMENT_BYTES;
    return MAX_PHOTO_BYTES;
  },
};

export const uploadHandlers = handlers(upload, {
  async upload(ctx, data) {
    if (!ctx.file || ctx.file.size === 0) throw new AppError('INVALID_REQUEST', 'Attach the file as the part `file`');
    const user = signedInUser(ctx);
    if (data.folder === 'course') {
      const medium = await uploadCourseMedia(ctx.db, {
        config: ctx.config,
        siteId: ctx.site.id,
        user,
        courseId: data.CourseId,
        file: ctx.file,
      });
      return {
        status: 'OK',
        newFilename: medium.storageName,
        data: {
          UserFileId: medium.fileId,
          Kind: medium.kind,
          DurationSeconds: medium.durationSeconds,
          Url: medium.url,
        },
      };
    }
    if (data.folder === 'product') {
      const medium = await uploadProductMedium(ctx.db, {
        config: ctx.config,
        siteId: ctx.site.id,
        user,
        productId: data.ProductId,
        file: ctx.file,
      });
      return {
        status: 'OK',
        newFilename: medium.storageName,
        data: { UserFileId: medium.id, Kind: medium.kind, DurationSeconds: medium.durationSeconds, Url: medium.url },
      };
    }
    if (data.folder === 'voucher') {
      const attachment = await attachToVoucher(ctx.db, {
        config: ctx.config,
        siteId: ctx.site.id,
        user,
        voucherId: data.VoucherId,
        file: ctx.file,
      });
      return {
        status: 'OK',
        newFilename: attachment.name,
        data: { UserFileId: attachment.mediaFileId, Kind: 'file' as const, Url: attachment.url },
      };
    }
    // Sent before its folder field, a photo may have streamed past its own limit: refused here.
    if (ctx.file.size > MAX_PHOTO_BYTES)
      throw new AppError('FILE_TOO_LARGE', 'File size too large, filesize limit 2MB!');
    const { fileId, storageName } = await saveProfilePhoto(ctx.db, {
      config: ctx.config,
      user,
      upload: await ctx.file.read(),
      originalName: 'photo',
    });
    return { status: 'OK', newFilename: storageName, data: { UserFileId: fileId } };
  },
});
