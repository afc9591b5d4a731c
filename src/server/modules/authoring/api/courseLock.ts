import { courseLock } from '../../../../shared/contract/authoring/courseLock';
import { handlers, signedInUser } from '../../../platform/handlers';
import { presentLock } from '../presenters/parts';
import { closeCourse, lockCourse } from '../services/lock';

export const courseLockHandlers = handlers(courseLock, {
  async lock_course_for_editing(ctx, data) {
    const state = await lockCourse(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      courseId: data.CourseId,
      coursePartId: data.CoursePartId,
    });
    return presentLock(state);
  },
  async close_course_for_editing(ctx, data) {
    await closeCourse(ctx.db, { siteId: ctx.site.id, user: signedInUser(ctx), courseId: data.CourseId });
    return { status: 'OK' };
  },
});
