import { NEWS_PAGE_SIZE } from '../../../../shared/contract/site/news';
import { type Db, now } from '../../../platform/db';
import { existsInSite } from '../../../platform/db/lookups';
import type { NewsRow } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { sanitizeRichText } from '../../../platform/lib/sanitize';

/** A published news item as the services answer it, its other languages with it. */
export type PublishedNews = Pick<NewsRow, 'id' | 'title' | 'content' | 'published_at' | 'translations'>;

/** The items anyone may read: published, and their time come. */
const published = (db: Db, siteId: number) =>
  db
    .selectFrom('news')
    .select(['news.id', 'news.title', 'news.content', 'news.published_at', 'news.translations'])
    .where('news.site_id', '=', siteId)
    .where('news.published', '=', 1)
    .where('news.published_at', '<=', now());

/**
 * The latest published item, unless this user has already closed it; closing the latest never brings an older
 * item back as "the latest" (spec §4: the banner shows the latest news unless it was seen). One statement: every
 * page load of a signed-in user asks this.
 */
export async function latestNews(db: Db, opts: { siteId: number; userId: number | null }): Promise<PublishedNews[]> {
  const { userId, siteId } = opts;
  // The item the site spotlights while it is published, else the latest: picked in a subquery first, so the check
  // runs for that one row (asked beside the sort, PostgreSQL would rather hash every interaction of the site than
  // probe the unique index once).
  const latest = await db
    .selectFrom(
      published(db, siteId)
        .where('news.id', '=', (eb) =>
          eb.fn.coalesce(
            published(db, siteId)
              .clearSelect()
              .select('news.id')
              .innerJoin('sites', 'sites.spotlight_news_id', 'news.id')
              .where('sites.id', '=', siteId),
            published(db, siteId)
              .clearSelect()
              .select('news.id')
              .orderBy('news.published_at', 'desc')
              .orderBy('news.id', 'desc')
              .limit(1),
          ),
        )
        .as('latest'),
    )
    .selectAll('latest')
    .select((eb) =>
      (userId === null
        ? eb.lit(false)
        : eb.exists(
            eb
              .selectFrom('news_interactions')
              .select('news_interactions.id')
              .where('news_interactions.site_id', '=', opts.siteId)
              .whereRef('news_interactions.news_id', '=', 'latest.id')
              .where('news_interactions.user_id', '=', userId),
          )
      ).as('closed'),
    )
    .executeTakeFirst();
  // `exists` is 0 or 1 on SQLite and a boolean on PostgreSQL.
  if (!latest || latest.closed) return [];
  return [latest];
}

/** Records that the user closed a news item; recording it twice changes nothing. */
export async function recordNewsInteraction(db: Db, opts: { siteId: number; userId: number; newsId: number }) {
  if (!(await existsInSite(db, 'news', opts.siteId, opts.newsId))) throw new AppError('NOT_FOUND', 'No such news item');
  const at = now();
  await db
    .insertInto('news_interactions')
    .values({ site_id: opts.siteId, news_id: opts.newsId, user_id: opts.userId, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['site_id', 'news_id', 'user_id']).doNothing())
    .execute();
}

export async function listNews(db: Db, opts: { siteId: number; page: number }) {
  const { count } = await db
    .selectFrom('news')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('site_id', '=', opts.siteId)
    .where('published', '=', 1)
    .where('published_at', '<=', now())
    .executeTakeFirstOrThrow();
  const rows = await published(db, opts.siteId)
    .orderBy('news.published_at', 'desc')
    .orderBy('news.id', 'desc')
    .limit(NEWS_PAGE_SIZE)
    .offset((opts.page - 1) * NEWS_PAGE_SIZE)
    .execute();
  return { items: rows, totalPages: Math.max(1, Math.ceil(Number(count) / NEWS_PAGE_SIZE)) };
}

export async function findNews(db: Db, opts: { siteId: number; id: number }): Promise<PublishedNews> {
  const row = await published(db, opts.siteId).where('news.id', '=', opts.id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such news item');
  return row;
}

/** Every item of the site for its administrators, newest first, drafts included, with the item spotlighted. */
export async function listAllNews(db: Db, opts: { siteId: number; page: number }) {
  const [{ count }, rows, site] = await Promise.all([
    db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('site_id', '=', opts.siteId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('news')
      .select(['id', 'title', 'content', 'published_at', 'published', 'translations'])
      .where('site_id', '=', opts.siteId)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(NEWS_PAGE_SIZE)
      .offset((opts.page - 1) * NEWS_PAGE_SIZE)
      .execute(),
    db.selectFrom('sites').select('spotlight_news_id').where('id', '=', opts.siteId).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows,
    totalPages: Math.max(1, Math.ceil(Number(count) / NEWS_PAGE_SIZE)),
    spotlightId: site.spotlight_news_id,
  };
}

export interface NewsDraft {
  /** null: a new item. */
  id: number | null;
  title: string;
  content: string;
  /** The item in the other languages, by language; an empty field is not translated. */
  translations: Record<string, { title: string; content: string }>;
  published: boolean;
  /** null: the item's time stays, or a new one's is now. */
  publishedAt: string | null;
}

/** Writes an item; its texts sanitized as every stored rich text is. Answers its id. */
export async function saveNews(db: Db, opts: { siteId: number; draft: NewsDraft }): Promise<number> {
  const { siteId, draft } = opts;
  const at = now();
  const translations: Record<string, { title?: string; content?: string }> = {};
  for (const [language, text] of Object.entries(draft.translations)) {
    const content = sanitizeRichText(text.content);
    const translation = {
      ...(text.title.trim() !== '' ? { title: text.title.trim() } : {}),
      ...(content.trim() !== '' ? { content } : {}),
    };
    if (Object.keys(translation).length > 0) translations[language] = translation;
  }
  const values = {
    title: draft.title,
    content: sanitizeRichText(draft.content),
    translations: JSON.stringify(translations),
    published: draft.published ? 1 : 0,
    ...(draft.publishedAt !== null ? { published_at: new Date(draft.publishedAt).toISOString() } : {}),
    updated_at: at,
  } as const;
  if (draft.id === null) {
    const row = await db
      .insertInto('news')
      .values({ site_id: siteId, published_at: at, ...values, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const updated = await db
    .updateTable('news')
    .set(values)
    .where('site_id', '=', siteId)
    .where('id', '=', draft.id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'No such news item');
  return draft.id;
}

/** The item the top banner spotlights while it is published; null: the latest. */
export async function setNewsSpotlight(db: Db, opts: { siteId: number; newsId: number | null }): Promise<void> {
  if (opts.newsId !== null && !(await existsInSite(db, 'news', opts.siteId, opts.newsId))) {
    throw new AppError('NOT_FOUND', 'No such news item');
  }
  await db
    .updateTable('sites')
    .set({ spotlight_news_id: opts.newsId, updated_at: now() })
    .where('id', '=', opts.siteId)
    .execute();
}
