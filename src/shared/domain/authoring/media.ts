/** Course media (spec §1: image, video, audio and file blocks), as staff upload them through `ajaxUpload.php`. */

const MB = 1024 * 1024;

/** The largest medium of a course: a lesson's video. Bounded while it streams; the site's plan bounds the total. */
export const MAX_COURSE_MEDIA_BYTES = 500 * MB;
/** The largest image of a course: it is decoded and re-encoded, which a larger file is not worth. */
export const MAX_COURSE_IMAGE_BYTES = 20 * MB;
/** The box a course's image is re-encoded within (never enlarged). */
export const COURSE_IMAGE_SIDE = 2560;

export const mediaKinds = ['image', 'video', 'audio', 'file'] as const;
export type CourseMediaKind = (typeof mediaKinds)[number];

/** What a course's blocks take, as the upload form tells its user. */
export const courseMediaTypes = {
  image: ['jpg', 'jpeg', 'png', 'webp', 'gif'],
  video: ['mp4', 'webm', 'ogv'],
  audio: ['mp3', 'm4a', 'ogg', 'oga', 'wav', 'weba'],
  file: ['pdf', 'zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'doc', 'xls', 'ppt', 'txt', 'csv'],
} as const satisfies Record<CourseMediaKind, readonly string[]>;
