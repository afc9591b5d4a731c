import { upload } from '../../../../shared/contract/identity/upload';
import { AppError } from '../../../platform/errors';
import { handlers, signedInUser } from '../../../platform/handlers';
import { saveProfilePhoto } from '../services/profile';

export const uploadHandlers = handlers(upload, {
  async upload(ctx) {
    if (!ctx.file || ctx.file.length === 0) throw new AppError('INVALID_REQUEST', 'Attach the file as the part `file`');
    const { fileId, storageName } = await saveProfilePhoto(ctx.db, {
      config: ctx.config,
      user: signedInUser(ctx),
      upload: ctx.file,
      originalName: 'photo',
    });
    return { status: 'OK', newFilename: storageName, data: { UserFileId: fileId } };
  },
});
