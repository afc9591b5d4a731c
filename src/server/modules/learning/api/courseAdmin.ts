import { courseAdmin } from '../../../../shared/contract/learning/courseAdmin';
import { handlers, signedInUser } from '../../../platform/handlers';
import { grantCourseAccess, revokeCourseAccess } from '../services/courseAccess';
import { resetTestAttempts } from '../services/progress';

export const courseAdminHandlers = handlers(courseAdmin, {
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
