import { news } from '../../../../shared/contract/site/news';
import { AppError } from '../../../platform/errors';
import type { CallContext } from '../../../platform/handlers';
import { handlers, signedInUser } from '../../../platform/handlers';
import { presentNews } from '../presenters/news';
import { findNews, latestNews, listNews, recordNewsInteraction } from '../services/news';

/**
 * A `user_id` in the data must be the caller's own. Without a live session it is UNAUTHORIZED, so a client
 * holding a dead token learns to sign out (spec §4) instead of being told it may not see its own news.
 */
function ownUserId(ctx: CallContext, userId: number | null | undefined): number | null {
  if (userId === null || userId === undefined) return null;
  if (signedInUser(ctx).id !== userId) throw new AppError('FORBIDDEN', 'user_id must be your own');
  return userId;
}

export const newsHandlers = handlers(news, {
  async get_latest_news(ctx, data) {
    const items = await latestNews(ctx.db, { siteId: ctx.site.id, userId: ownUserId(ctx, data.user_id) });
    return { status: 'OK', data: { data: items.map(presentNews) } };
  },
  async store_user_news_interaction(ctx, data) {
    if (data.user_id !== signedInUser(ctx).id) throw new AppError('FORBIDDEN', 'user_id must be your own');
    await recordNewsInteraction(ctx.db, { siteId: ctx.site.id, userId: data.user_id, newsId: data.news_id });
    return { status: 'OK' };
  },
  async get_news_list(ctx, data) {
    const { items, totalPages } = await listNews(ctx.db, { siteId: ctx.site.id, page: data.page });
    return { status: 'OK', data: items.map(presentNews), pagination: { page: data.page, total_pages: totalPages } };
  },
  async get_news_item(ctx, data) {
    return { status: 'OK', data: presentNews(await findNews(ctx.db, { siteId: ctx.site.id, id: data.id })) };
  },
});
