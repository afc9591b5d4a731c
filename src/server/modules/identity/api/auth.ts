import { auth } from '../../../../shared/contract/identity/auth';
import { AppError } from '../../../platform/errors';
import { handlers } from '../../../platform/handlers';
import { openExamId } from '../../coaching';
import { courseAccessFlag } from '../../learning';
import { presentUser } from '../presenters/user';
import { findSessionUser } from '../services/sessions';
import { companyNameOf } from '../services/users';

export const authHandlers = handlers(auth, {
  async auth_user(ctx, data) {
    const token = data.token ?? ctx.token;
    const user =
      token === ctx.token ? ctx.user : token ? await findSessionUser(ctx.db, { siteId: ctx.site.id, token }) : null;
    if (!user) throw new AppError('UNAUTHORIZED', 'The session is missing, expired or revoked');
    const courseId = data.access?.CourseId;
    const [courseAccess, userExamId, companyName] = await Promise.all([
      courseId ? courseAccessFlag(ctx.db, { siteId: ctx.site.id, user, courseId }) : null,
      courseId ? openExamId(ctx.db, { siteId: ctx.site.id, userId: user.id, courseId }) : null,
      companyNameOf(ctx.db, user),
    ]);
    return { status: 'OK', data: presentUser(user, companyName), CourseAccess: courseAccess, userExamId };
  },
});
