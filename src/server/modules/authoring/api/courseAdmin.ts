import { courseAdmin } from '../../../../shared/contract/authoring/courseAdmin';
import { type CallContext, callerNamed, handlers, signedInUser } from '../../../platform/handlers';
import { grantCourseAccess, resetTestAttempts, revokeCourseAccess } from '../../learning';
import { presentMedia, presentPartContent, presentRevision } from '../presenters/partContent';
import { presentPartSettings } from '../presenters/parts';
import {
  courseTranslationStatus,
  getPartContent,
  getPartRevision,
  listPartRevisions,
  restorePartRevision,
  savePartContent,
} from '../services/partContent';
import { addCoursePart, deleteCoursePart, sortCourseParts, updateCoursePart } from '../services/parts';

/** Who writes, where, and on which version of the course. */
const writer = (ctx: CallContext, data: { CourseId: number; Version: number }) => ({
  siteId: ctx.site.id,
  user: signedInUser(ctx),
  courseId: data.CourseId,
  version: data.Version,
});

export const courseAdminHandlers = handlers(courseAdmin, {
  async add_course_part(ctx, data) {
    callerNamed(ctx, data.UserId);
    const { version, result: part } = await addCoursePart(ctx.db, {
      ...writer(ctx, { CourseId: data.Id, Version: data.Version }),
      sortNr: data.SortNr,
      postType: data.PostType,
      free: data.Free,
      name: data.Name,
    });
    const { Id, Name, Published, PublishDate } = presentPartSettings(part);
    return { status: 'OK', Version: version, data: { Id, Name, Published, PublishDate } };
  },
  async save_sorted_course_parts(ctx, data) {
    const { version } = await sortCourseParts(ctx.db, { ...writer(ctx, data), sortedItems: data.SortedItems });
    return { status: 'OK', Version: version };
  },
  async rename_course_part(ctx, data) {
    const { version } = await updateCoursePart(ctx.db, {
      ...writer(ctx, data),
      coursePartId: data.CoursePartId,
      changes: { name: data.Name },
    });
    return { status: 'OK', Version: version };
  },
  async delete_course_part(ctx, data) {
    const { version } = await deleteCoursePart(ctx.db, { ...writer(ctx, data), coursePartId: data.CoursePartId });
    return { status: 'OK', Version: version };
  },
  async update_course_part(ctx, data) {
    const { version, result } = await updateCoursePart(ctx.db, {
      ...writer(ctx, data),
      coursePartId: data.CoursePartId,
      changes: {
        published: data.Published,
        publishDate: data.PublishDate,
        free: data.Free,
        mentorOnly: data.MentorOnly,
        postType: data.PostType,
        progressCriteria: data.ProgressCriteria,
        videoLength: data.VideoLength,
      },
    });
    return { status: 'OK', Version: version, data: presentPartSettings(result) };
  },
  async get_course_part_content(ctx, data) {
    const view = await getPartContent(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      courseId: data.CourseId,
      coursePartId: data.CoursePartId,
    });
    return { status: 'OK', data: presentPartContent(view) };
  },
  async save_course_part_content(ctx, data) {
    const { version, result } = await savePartContent(ctx.db, {
      ...writer(ctx, data),
      coursePartId: data.CoursePartId,
      name: data.Name,
      nameTranslations: data.NameTranslations,
      blocks: data.Blocks,
    });
    return {
      status: 'OK',
      Version: version,
      BlockIds: result.blockIds,
      MissingTranslations: result.missingTranslations,
    };
  },
  async get_course_part_revisions(ctx, data) {
    const rows = await listPartRevisions(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      courseId: data.CourseId,
      coursePartId: data.CoursePartId,
    });
    return { status: 'OK', data: rows.map(presentRevision) };
  },
  async get_course_part_revision(ctx, data) {
    const { revision, content, media, sign, missingTranslations } = await getPartRevision(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      courseId: data.CourseId,
      revisionId: data.RevisionId,
    });
    return {
      status: 'OK',
      data: {
        CoursePartId: revision.course_part_id,
        DefaultLanguage: content.DefaultLanguage,
        Name: content.Name,
        NameTranslations: content.NameTranslations,
        Blocks: content.Blocks,
        Media: presentMedia(media, sign),
        MissingTranslations: missingTranslations,
        Revision: presentRevision(revision),
      },
    };
  },
  async restore_course_part_revision(ctx, data) {
    const { version } = await restorePartRevision(ctx.db, {
      ...writer(ctx, data),
      coursePartId: data.CoursePartId,
      revisionId: data.RevisionId,
    });
    return { status: 'OK', Version: version };
  },
  async get_course_translation_status(ctx, data) {
    const status = await courseTranslationStatus(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      courseId: data.CourseId,
    });
    return {
      status: 'OK',
      DefaultLanguage: status.defaultLanguage,
      CourseMissingTranslations: status.courseMissingTranslations,
      data: status.parts.map((part) => ({
        CoursePartId: part.coursePartId,
        MissingTranslations: part.missingTranslations,
      })),
    };
  },
  // Access to a course is the learning module's: these calls live here because course_admin.php is one file.
  async grant_course_access(ctx, data) {
    await grantCourseAccess(ctx.db, {
      siteId: ctx.site.id,
      courseId: data.CourseId,
      userId: data.UserId,
      source: 'staff',
      grantedBy: signedInUser(ctx).id,
      expiresAt: data.ExpiresAt ? new Date(data.ExpiresAt).toISOString() : null,
    });
    return { status: 'OK' };
  },
  async revoke_course_access(ctx, data) {
    await revokeCourseAccess(ctx.db, { siteId: ctx.site.id, courseId: data.CourseId, userId: data.UserId });
    return { status: 'OK' };
  },
  async reset_test_attempts(ctx, data) {
    const removed = await resetTestAttempts(ctx.db, {
      siteId: ctx.site.id,
      courseId: data.CourseId,
      userId: data.UserId,
      blockId: data.BlockId,
    });
    return { status: 'OK', removed };
  },
});
