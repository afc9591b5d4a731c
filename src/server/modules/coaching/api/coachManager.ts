import { coachManager } from '../../../../shared/contract/coaching/coachManager';
import { callerNamed, handlers, signedInUser } from '../../../platform/handlers';
import { listCoaches } from '../services/coaches';

export const coachManagerHandlers = handlers(coachManager, {
  async get_coaches(ctx, data) {
    // `UserId` is optional here (0 or null: none); given, it must be the caller's own. `PostType` is accepted as
    // the spec sends it.
    const user = data.UserId === null ? signedInUser(ctx) : callerNamed(ctx, data.UserId);
    return { status: 'OK', data: await listCoaches(ctx.db, { siteId: ctx.site.id, user, courseId: data.CourseId }) };
  },
});
