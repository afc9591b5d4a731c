import { auth } from '../../shared/contract/auth';
import { AppError } from '../errors';
import { presentUser } from '../presenters/user';
import { findSessionUser } from '../services/sessions';
import { companyNameOf } from '../services/users';
import { handlers } from './types';

export const authHandlers = handlers(auth, {
  async auth_user(ctx, data) {
    const token = data.token ?? ctx.token;
    const user =
      token === ctx.token ? ctx.user : token ? await findSessionUser(ctx.db, { siteId: ctx.site.id, token }) : null;
    if (!user) throw new AppError('UNAUTHORIZED', 'The session is missing, expired or revoked');
    // Course access arrives with the learning capability; until then no course exists to open.
    const courseAccess = data.access?.CourseId ? 0 : null;
    return {
      status: 'OK',
      data: presentUser(user, await companyNameOf(ctx.db, user)),
      CourseAccess: courseAccess,
      userExamId: null,
    };
  },
});
