/**
 * A course exported as one file (a zip: `course.json` and the media under `media/`) and imported into a site.
 * The bounds an import is held to: a file past any of them is refused before anything is stored.
 */
const MB = 1024 * 1024;

/** The format's name and version in `course.json`; an import reads this version only. */
export const COURSE_EXPORT_FORMAT = 'course-export';
export const COURSE_EXPORT_VERSION = 1;

export const transferLimits = {
  /** The uploaded file at most. */
  fileBytes: 2048 * MB,
  /** `course.json`, unpacked, at most. */
  manifestBytes: 32 * MB,
  /** One medium, unpacked, at most. */
  mediumBytes: 1024 * MB,
  parts: 2000,
  blocks: 20_000,
  media: 2000,
  achievements: 500,
  /** One block's content, as JSON, at most. */
  blockContentBytes: 1 * MB,
} as const;
