import type { NewsItem } from '../../../../shared/contract/site/news';
import type { PublishedNews } from '../services/news';

/** A news item as the news calls answer it (spec §7's own field names). */
export const presentNews = (row: PublishedNews): NewsItem => ({
  id: row.id,
  title: row.title,
  content: row.content,
  published_at: row.published_at,
});
