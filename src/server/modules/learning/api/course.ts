import { course } from '../../../../shared/contract/learning/course';
import { AppError } from '../../../platform/errors';
import { callerNamed, handlers } from '../../../platform/handlers';
import { createSlots } from '../../../platform/lib/slots';
import { presentCourseAnswer, presentFreeLesson } from '../presenters/course';
import { presentCourseSummary, presentFreeLessonCard } from '../presenters/lists';
import { getCourseView, getFreeLesson, listFreeLessons, listMyCourses } from '../services/courses';

/**
 * get_course holds the CPU for a few hundred microseconds (a course of 200 parts is a 233 kB answer): four at once at
 * most, the next on a later turn of the event loop, so that a short call arriving meanwhile (an editor's save, a
 * poll) is answered between two courses rather than after every course in line.
 */
const courseTurns = createSlots({
  slots: 4,
  queue: 5000,
  nextTurn: true,
  refuse: () =>
    new AppError('TOO_MANY_REQUESTS', 'Too many requests at once: try again in a second', { retry_after: 1 }),
});

export const courseHandlers = handlers(course, {
  async get_course(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    return courseTurns.run(async () =>
      presentCourseAnswer(await getCourseView(ctx.db, { siteId: ctx.site.id, user, courseId: data.CourseId })),
    );
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
  async get_free_lesson(ctx, data) {
    return {
      status: 'OK',
      data: presentFreeLesson(
        await getFreeLesson(ctx.db, { siteId: ctx.site.id, courseId: data.CourseId, partId: data.PartId }),
      ),
    };
  },
});
