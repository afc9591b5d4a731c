import { course } from '../../../../shared/contract/learning/course';
import { contentLanguage } from '../../../platform/contentLanguage';
import { callerNamed, handlers } from '../../../platform/handlers';
import { createTurns } from '../../../platform/lib/turns';
import { presentFreeLesson } from '../presenters/course';
import { presentCourseSummary, presentFreeLessonCard } from '../presenters/lists';
import { courseAnswer } from '../services/courseAnswers';
import { getFreeLesson, listFreeLessons, listMyCourses } from '../services/courses';
import { turnOnFooterCoachText } from '../services/footerCoachText';

/**
 * get_course holds the CPU for up to a few hundred microseconds (a course of 200 parts is a 233 kB answer) and, on
 * PostgreSQL, a connection of the pool while its statement runs: four start per turn of the event loop and four run
 * at once, so that a short call arriving meanwhile (an editor's save, a poll) is answered between courses, its
 * statements on a free connection, rather than after every course in line.
 */
const courseTurns = createTurns(4);

export const courseHandlers = handlers(course, {
  async get_course(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    return courseTurns.run(() =>
      courseAnswer(ctx.db, {
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
