import { upload } from '../../../app/api';

/** Sends the profile photo to ajaxUpload.php (a `folder` field and a `file` part, spec §7). */
export const uploadProfilePhoto = (file: File) => upload('ajaxUpload.php', { folder: 'profile' }, file);
