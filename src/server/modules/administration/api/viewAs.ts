import { viewAs } from '../../../../shared/contract/administration/viewAs';
import { handlers, signedInUser } from '../../../platform/handlers';
import { endViewAs, listViewAs, startViewAs } from '../services/viewAs';

/** `view_as.php`: "View as this user" (docs/decisions.md). Administrators only; the caller's site. */
export const viewAsHandlers = handlers(viewAs, {
  async start_view_as(ctx, data) {
    const started = await startViewAs(ctx.db, {
      siteId: ctx.site.id,
      actor: signedInUser(ctx),
      userId: data.Id,
      reason: data.Reason,
    });
    return { status: 'OK', data: { Token: started.token, Entry: started.entry } };
  },
  async end_view_as(ctx, data) {
    return {
      status: 'OK',
      data: await endViewAs(ctx.db, { siteId: ctx.site.id, actor: signedInUser(ctx), id: data.Id }),
    };
  },
  async get_view_as_log(ctx, data) {
    const list = await listViewAs(ctx.db, {
      siteId: ctx.site.id,
      actor: signedInUser(ctx),
      userId: data.UserId,
      page: data.Page,
      limit: data.Limit,
    });
    return {
      status: 'OK',
      data: list.entries,
      pagination: { page: list.page, total_pages: list.totalPages, total: list.total },
    };
  },
});
