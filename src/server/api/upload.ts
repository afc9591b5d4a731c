import { upload } from '../../shared/contract/upload';
import { AppError } from '../errors';
import { saveProfilePhoto } from '../services/profile';
import { handlers, signedInUser } from './types';

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
