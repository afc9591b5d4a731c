import { news } from '../../../../shared/contract/site/news';
import { contentLanguage } from '../../../platform/contentLanguage';
import { AppError } from '../../../platform/errors';
import type { CallContext } from '../../../platform/handlers';
import { handlers, signedInUser } from '../../../platform/handlers';
import { presentAdminNews, presentNews } from '../presenters/news';
import {
  findNews,
  latestNews,
  listAllNews,
  listNews,
  recordNewsInteraction,
  saveNews,
  setNewsSpotlight,
} from '../services/news';

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
    const language = contentLanguage(ctx);
    return { status: 'OK', data: { data: items.map((item) => presentNews(item, language)) } };
  },
  async store_user_news_interaction(ctx, data) {
    if (data.user_id !== signedInUser(ctx).id) throw new AppError('FORBIDDEN', 'user_id must be your own');
    await recordNewsInteraction(ctx.db, { siteId: ctx.site.id, userId: data.user_id, newsId: data.news_id });
    return { status: 'OK' };
  },
  async get_news_list(ctx, data) {
    const { items, totalPages } = await listNews(ctx.db, { siteId: ctx.site.id, page: data.page });
    const language = contentLanguage(ctx);
    return {
      status: 'OK',
      data: items.map((item) => presentNews(item, language)),
      pagination: { page: data.page, total_pages: totalPages },
    };
  },
  async get_news_item(ctx, data) {
    const item = await findNews(ctx.db, { siteId: ctx.site.id, id: data.id });
    return { status: 'OK', data: presentNews(item, contentLanguage(ctx)) };
  },
  async get_news_admin_list(ctx, data) {
    const { items, totalPages, spotlightId } = await listAllNews(ctx.db, { siteId: ctx.site.id, page: data.page });
    return {
      status: 'OK',
      data: items.map((item) => presentAdminNews(item, spotlightId)),
      pagination: { page: data.page, total_pages: totalPages },
      spotlight_id: spotlightId ?? 0,
    };
  },
  async save_news_item(ctx, data) {
    const id = await saveNews(ctx.db, {
      siteId: ctx.site.id,
      draft: {
        id: data.id,
        title: data.title,
        content: data.content,
        translations: data.translations.sv ? { sv: data.translations.sv } : {},
        published: data.published,
        publishedAt: data.published_at ?? null,
      },
    });
    return { status: 'OK', data: { id } };
  },
  async set_news_spotlight(ctx, data) {
    await setNewsSpotlight(ctx.db, { siteId: ctx.site.id, newsId: data.news_id });
    return { status: 'OK' };
  },
});
