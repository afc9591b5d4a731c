import { coachManager } from '../../shared/contract/coachManager';
import { listCoaches } from '../services/coaches';
import { callerNamed, handlers, signedInUser } from './types';

export const coachManagerHandlers = handlers(coachManager, {
  async get_coaches(ctx, data) {
    // `UserId` is optional here (0 or null: none); given, it must be the caller's own. `PostType` is accepted as
    // the spec sends it.
    const user = data.UserId === null ? signedInUser(ctx) : callerNamed(ctx, data.UserId);
    return { status: 'OK', data: await listCoaches(ctx.db, { siteId: ctx.site.id, user, courseId: data.CourseId }) };
  },
});
