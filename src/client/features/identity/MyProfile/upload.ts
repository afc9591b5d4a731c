import { upload as uploadEndpoint } from '../../../../shared/contract/identity/upload';
import { upload } from '../../../app/api';

/** The largest photo the upload takes, from its contract (2 MB): a larger one is refused before it is sent. */
export const MAX_PHOTO_BYTES = uploadEndpoint.upload?.maxFileBytes ?? Number.POSITIVE_INFINITY;

/** Sends the profile photo to ajaxUpload.php (a `folder` field and a `file` part, spec §7). */
export const uploadProfilePhoto = (file: File) => upload('ajaxUpload.php', { folder: 'profile' }, file);
