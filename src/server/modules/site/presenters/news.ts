import type { AdminNewsItem, NewsItem } from '../../../../shared/contract/site/news';
import { defaultLanguage, type Language } from '../../../../shared/domain/language';
import { readTextTranslations } from '../../../../shared/domain/translations';
import type { NewsRow } from '../../../platform/db/schema';
import type { PublishedNews } from '../services/news';

const NEWS_FIELDS = ['title', 'content'] as const;

/**
 * A news item as the news calls answer it (spec §7's own field names), in `language` where it is written in it, in
 * the site's default language where not.
 */
export function presentNews(row: PublishedNews, language: Language): NewsItem {
  const translation =
    language === defaultLanguage ? undefined : readTextTranslations(row.translations, NEWS_FIELDS)[language];
  return {
    id: row.id,
    title: translation?.title ?? row.title,
    content: translation?.content ?? row.content,
    published_at: row.published_at,
  };
}

/** An item as its administrators edit it: every language, whether it is published, whether the banner shows it. */
export function presentAdminNews(
  row: PublishedNews & Pick<NewsRow, 'published'>,
  spotlightId: number | null,
): AdminNewsItem {
  const sv = readTextTranslations(row.translations, NEWS_FIELDS).sv;
  return {
    ...presentNews(row, defaultLanguage),
    published: row.published === 1,
    spotlight: row.id === spotlightId,
    translations: sv ? { sv: { title: sv.title ?? '', content: sv.content ?? '' } } : {},
  };
}
