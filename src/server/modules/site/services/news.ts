import { NEWS_PAGE_SIZE } from '../../../../shared/contract/site/news';
import { type Db, now } from '../../../platform/db';
import { existsInSite } from '../../../platform/db/lookups';
import type { NewsRow } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';

/** A published news item as the services answer it. */
export type PublishedNews = Pick<NewsRow, 'id' | 'title' | 'content' | 'published_at'>;

const published = (db: Db, siteId: number) =>
  db
    .selectFrom('news')
    .select(['id', 'title', 'content', 'published_at'])
    .where('site_id', '=', siteId)
    .where('published_at', '<=', now());

/**
 * The latest published item, unless this user has already closed it; closing the latest never brings an older
 * item back as "the latest" (spec §4: the banner shows the latest news unless it was seen). One statement: every
 * page load of a signed-in user asks this.
 */
export async function latestNews(db: Db, opts: { siteId: number; userId: number | null }): Promise<PublishedNews[]> {
  const { userId } = opts;
  // The latest item is picked in a subquery first, so the check runs for that one row: asked beside the sort,
  // PostgreSQL would rather hash every interaction of the site than probe the unique index once.
  const latest = await db
    .selectFrom(published(db, opts.siteId).orderBy('published_at', 'desc').orderBy('id', 'desc').limit(1).as('latest'))
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
    .where('published_at', '<=', now())
    .executeTakeFirstOrThrow();
  const rows = await published(db, opts.siteId)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NEWS_PAGE_SIZE)
    .offset((opts.page - 1) * NEWS_PAGE_SIZE)
    .execute();
  return { items: rows, totalPages: Math.max(1, Math.ceil(Number(count) / NEWS_PAGE_SIZE)) };
}

export async function findNews(db: Db, opts: { siteId: number; id: number }): Promise<PublishedNews> {
  const row = await published(db, opts.siteId).where('id', '=', opts.id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such news item');
  return row;
}
