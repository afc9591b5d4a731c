import { course } from '../../../../shared/contract/learning/course';
import { callerNamed, handlers } from '../../../platform/handlers';
import { createTurns } from '../../../platform/lib/turns';
import { presentCourseAnswer, presentFreeLesson } from '../presenters/course';
import { presentCourseSummary, presentFreeLessonCard } from '../presenters/lists';
import { getCourseView, getFreeLesson, listFreeLessons, listMyCourses } from '../services/courses';
import { turnOnFooterCoachText } from '../services/footerCoachText';
import { contentLanguage } from './contentLanguage';

/**
 * get_course holds the CPU for a few hundred microseconds (a course of 200 parts is a 233 kB answer): four per turn
 * of the event loop, so that a short call arriving meanwhile (an editor's save, a poll) is answered between courses
 * rather than after every course in line.
 */
const courseTurns = createTurns(4);

export const courseHandlers = handlers(course, {
  async get_course(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    await courseTurns.take();
    return presentCourseAnswer(
      await getCourseView(ctx.db, {
        siteId: ctx.site.id,
        user,
        courseId: data.CourseId,
        language: contentLanguage(ctx),
      }),
    );
  },
  async get_my_courses(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    const courses = await listMyCourses(ctx.db, { siteId: ctx.site.id, user, language: contentLanguage(ctx) });
    return { status: 'OK', data: courses.map(presentCourseSummary) };
  },
  async get_free_lessons(ctx, data) {
    const { lessons, categories } = await listFreeLessons(ctx.db, {
      siteId: ctx.site.id,
      category: data.category ?? null,
      language: contentLanguage(ctx),
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
