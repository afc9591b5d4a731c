import { z } from 'zod';
import { call, endpoint, id, isoDate, ok, optionalId, pagination } from '../define';

export const NewsItem = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  published_at: isoDate,
});
export type NewsItem = z.infer<typeof NewsItem>;

export const NEWS_PAGE_SIZE = 10;

export const news = endpoint('news.php', {
  /** The latest news item, as a list of at most one; empty when the signed-in `user_id` has closed it. */
  get_latest_news: call({
    access: 'public',
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
    data: z.object({ page: z.number().int().min(1).max(100_000).default(1) }),
    answer: z.object({ status: ok, data: z.array(NewsItem), pagination }),
  }),
  get_news_item: call({
    access: 'public',
    data: z.object({ id }),
    answer: z.object({ status: ok, data: NewsItem }),
  }),
});
