import { z } from 'zod';
import { transferLimits } from '../../domain/authoring/transfer';
import { call, endpoint, id, ok } from '../define';

export const courseTransfer = endpoint('course_transfer.php', {
  /**
   * Staff export a course of their site as one file (a zip of `course.json` and its media, docs/api.md): the
   * answer is a signed link, valid for 10 minutes, that downloads it (`GET /export/course/<id>?…`).
   */
  export_course: call({
    access: 'staff',
    data: z.object({ CourseId: id }),
    answer: z.object({ status: ok, Url: z.string() }),
  }),
});

export const courseImport = endpoint(
  'course_import.php',
  {
    /**
     * Staff import a course file (multipart, its `file` part; no `req`): a new unpublished course of the
     * caller's site, named "<name> (imported)", with the file's settings, achievements, parts, blocks and media.
     */
    import_course: call({
      access: 'staff',
      data: z.object({}),
      answer: z.object({ status: ok, CourseId: z.number(), Name: z.string() }),
    }),
  },
  { defaultCall: 'import_course', upload: { maxFileBytes: transferLimits.fileBytes } },
);
