import { course } from '../../../../shared/contract/learning/course';
import { chooseLanguage } from '../../../../shared/domain/language';
import { type CallContext, callerNamed, handlers } from '../../../platform/handlers';
import { presentCourse, presentFreeLesson } from '../presenters/course';
import { presentCourseSummary, presentFreeLessonCard } from '../presenters/lists';
import { getCourseView, getFreeLesson, listFreeLessons, listMyCourses } from '../services/courses';
import { turnOnFooterCoachText } from '../services/footerCoachText';

/** The language a viewer reads course content in: her stored choice, else her browser's (as her pages are). */
const contentLanguage = (ctx: CallContext) => chooseLanguage(ctx.user?.language, [ctx.locale]);

export const courseHandlers = handlers(course, {
  async get_course(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    return {
      status: 'OK',
      data: [
        presentCourse(
          await getCourseView(ctx.db, {
            siteId: ctx.site.id,
            user,
            courseId: data.CourseId,
            language: contentLanguage(ctx),
          }),
        ),
      ],
    };
  },
  async get_my_courses(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    const courses = await listMyCourses(ctx.db, { siteId: ctx.site.id, user });
    return { status: 'OK', data: courses.map(presentCourseSummary) };
  },
  async get_free_lessons(ctx, data) {
    const { lessons, categories } = await listFreeLessons(ctx.db, {
      siteId: ctx.site.id,
      category: data.category ?? null,
    });
    return { status: 'OK', data: lessons.map(presentFreeLessonCard), categories };
  },
  async addFooterCoachText(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    await turnOnFooterCoachText(ctx.db, { siteId: ctx.site.id, userId: user.id, courseId: data.CourseId });
    return { status: 'OK' };
  },
  async get_free_lesson(ctx, data) {
    return {
      status: 'OK',
      data: presentFreeLesson(
        await getFreeLesson(ctx.db, {
          siteId: ctx.site.id,
          courseId: data.CourseId,
          partId: data.PartId,
          language: contentLanguage(ctx),
        }),
      ),
    };
  },
});
