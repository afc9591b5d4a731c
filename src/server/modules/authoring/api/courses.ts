import { courseManager } from '../../../../shared/contract/authoring/courses';
import { type CallContext, handlers, signedInUser } from '../../../platform/handlers';
import { presentCoachOption, presentCourseListItem, presentCourseSettings } from '../presenters/courses';
import { loadCourseSettings, saveCourseSettings } from '../services/courseSettings';
import {
  createCourse,
  duplicateCourse,
  findCourseListRow,
  listCourses,
  setCourseArchived,
  updateCourse,
} from '../services/courses';

/** `course_manager.php`: /Courses. Staff only (the contract's access level); every query is the caller's site. */
export const courseManagerHandlers = handlers(courseManager, {
  async get_courses(ctx) {
    const rows = await listCourses(ctx.db, { siteId: ctx.site.id });
    return { status: 'OK', data: rows.map(presentCourseListItem) };
  },
  async create_course(ctx, data) {
    const courseId = await createCourse(ctx.db, { siteId: ctx.site.id, name: data.Name });
    return listed(ctx, courseId);
  },
  async rename_course(ctx, data) {
    await updateCourse(ctx.db, {
      siteId: ctx.site.id,
      userId: signedInUser(ctx).id,
      courseId: data.CourseId,
      set: { name: data.Name },
    });
    return listed(ctx, data.CourseId);
  },
  async duplicate_course(ctx, data) {
    const courseId = await duplicateCourse(ctx.db, { siteId: ctx.site.id, courseId: data.CourseId, name: data.Name });
    return listed(ctx, courseId);
  },
  async archive_course(ctx, data) {
    await setCourseArchived(ctx.db, {
      siteId: ctx.site.id,
      userId: signedInUser(ctx).id,
      courseId: data.CourseId,
      archived: true,
    });
    return listed(ctx, data.CourseId);
  },
  async restore_course(ctx, data) {
    await setCourseArchived(ctx.db, {
      siteId: ctx.site.id,
      userId: signedInUser(ctx).id,
      courseId: data.CourseId,
      archived: false,
    });
    return listed(ctx, data.CourseId);
  },
  async get_course_settings(ctx, data) {
    const { course, coachIds, staff } = await loadCourseSettings(ctx.db, {
      siteId: ctx.site.id,
      courseId: data.CourseId,
    });
    return {
      status: 'OK',
      data: presentCourseSettings(course, coachIds),
      coaches: staff.map(presentCoachOption),
      DefaultLanguage: course.default_language,
    };
  },
  async save_course_settings(ctx, data) {
    const siteId = ctx.site.id;
    await saveCourseSettings(ctx.db, {
      siteId,
      userId: signedInUser(ctx).id,
      courseId: data.CourseId,
      settings: data.Settings,
    });
    const { course, coachIds } = await loadCourseSettings(ctx.db, { siteId, courseId: data.CourseId });
    return { status: 'OK', data: presentCourseSettings(course, coachIds) };
  },
});

/** The answer of a call that changes one course: the course as the list shows it now. */
async function listed(ctx: CallContext, courseId: number) {
  const row = await findCourseListRow(ctx.db, { siteId: ctx.site.id, courseId });
  return { status: 'OK' as const, data: presentCourseListItem(row) };
}
