import { z } from 'zod';
import { call, endpoint, id, isoDate, ok, optionalId, pagination, shortText } from '../define';

export const NewsItem = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  published_at: isoDate,
});
export type NewsItem = z.infer<typeof NewsItem>;

export const NEWS_PAGE_SIZE = 10;

/** A news item's title and text in one of the site's other languages; empty fields are not translated. */
export const NewsText = z.object({
  title: z.string().trim().max(200).default(''),
  content: z.string().max(100_000).default(''),
});

/** An item as its administrators see it: drafts and items waiting for their time too, with every language. */
export const AdminNewsItem = NewsItem.extend({
  published: z.boolean(),
  spotlight: z.boolean(),
  translations: z.object({ sv: NewsText.optional() }),
});
export type AdminNewsItem = z.infer<typeof AdminNewsItem>;

export const news = endpoint('news.php', {
  /** The latest news item, as a list of at most one; empty when the signed-in `user_id` has closed it. */
  get_latest_news: call({
    access: 'public',
    reads: true,
    data: z.object({ user_id: optionalId }),
    answer: z.object({ status: ok, data: z.object({ data: z.array(NewsItem) }) }),
  }),
  store_user_news_interaction: call({
    access: 'user',
    data: z.object({ news_id: id, user_id: id }),
    answer: z.object({ status: ok }),
  }),
  get_news_list: call({
    access: 'public',
    reads: true,
    data: z.object({ page: z.number().int().min(1).max(100_000).default(1) }),
    answer: z.object({ status: ok, data: z.array(NewsItem), pagination }),
  }),
  get_news_item: call({
    access: 'public',
    reads: true,
    data: z.object({ id }),
    answer: z.object({ status: ok, data: NewsItem }),
  }),
  /** Every item of the site, newest first, drafts included; `spotlight_id` 0: the banner shows the latest. */
  get_news_admin_list: call({
    access: 'admin',
    data: z.object({ page: z.number().int().min(1).max(100_000).default(1) }),
    answer: z.object({ status: ok, data: z.array(AdminNewsItem), pagination, spotlight_id: z.number() }),
  }),
  /**
   * Writes an item (`id` 0: a new one). Its text is sanitized as every stored rich text is; `published_at` null keeps
   * an item's time, or makes a new one's now.
   */
  save_news_item: call({
    access: 'admin',
    data: z.object({
      id: optionalId,
      title: shortText(200),
      content: z.string().max(100_000),
      translations: z.object({ sv: NewsText.optional() }).default({}),
      published: z.boolean(),
      published_at: isoDate
        .pipe(z.iso.datetime({ offset: true }))
        .nullable()
        .optional(),
    }),
    answer: z.object({ status: ok, data: z.object({ id: z.number() }) }),
  }),
  /** The item the top banner spotlights instead of the latest; 0 (or null): the latest again. */
  set_news_spotlight: call({
    access: 'admin',
    data: z.object({ news_id: optionalId }),
    answer: z.object({ status: ok }),
  }),
});
