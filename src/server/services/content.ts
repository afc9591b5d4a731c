import { type Db, now } from '../db';
import { sanitizeRichText } from '../lib/sanitize';

export interface StoredContent {
  Key: string;
  Content: string;
  Locale: 'en' | 'sv';
  CreationDate: string;
  ModificationDate: string;
}

export async function readContent(db: Db, opts: { siteId: number; key: string; locale: 'en' | 'sv' }) {
  const row = await db
    .selectFrom('contents')
    .select(['key', 'content', 'created_at', 'updated_at'])
    .where('site_id', '=', opts.siteId)
    .where('key', '=', opts.key)
    .where('locale', '=', opts.locale)
    .executeTakeFirst();
  if (!row) return null;
  return {
    Key: row.key,
    Content: row.content,
    Locale: opts.locale,
    CreationDate: row.created_at,
    ModificationDate: row.updated_at,
  } satisfies StoredContent;
}

/** Stores a page text (sanitized) and keeps the save as a revision with who made it; answers the save time. */
export async function saveContent(
  db: Db,
  opts: { siteId: number; userId: number; key: string; locale: 'en' | 'sv'; html: string },
): Promise<string> {
  const content = sanitizeRichText(opts.html);
  const at = now();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('contents')
      .values({ site_id: opts.siteId, key: opts.key, locale: opts.locale, content, created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['site_id', 'key', 'locale']).doUpdateSet({ content, updated_at: at }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('content_revisions')
      .values({
        site_id: opts.siteId,
        content_id: row.id,
        content,
        user_id: opts.userId,
        created_at: at,
        updated_at: at,
      })
      .execute();
  });
  return at;
}
