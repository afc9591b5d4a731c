import { type Db, now } from '../../../platform/db';
import { sanitizeRichText } from '../../../platform/lib/sanitize';

export interface PageText {
  Key: string;
  Content: string;
  Locale: 'en' | 'sv';
  CreationDate: string | null;
  ModificationDate: string | null;
  IsDefault: boolean;
}

/**
 * The stored text of a key in a language; when none is stored, `defaultContent` (the caller's own default,
 * sanitized like a stored text) marked as the default, or null without one.
 */
export async function readContent(
  db: Db,
  opts: { siteId: number; key: string; locale: 'en' | 'sv'; defaultContent?: string | undefined },
): Promise<PageText | null> {
  const row = await db
    .selectFrom('contents')
    .select(['key', 'content', 'created_at', 'updated_at'])
    .where('site_id', '=', opts.siteId)
    .where('key', '=', opts.key)
    .where('locale', '=', opts.locale)
    .executeTakeFirst();
  if (!row) {
    if (opts.defaultContent === undefined) return null;
    return {
      Key: opts.key,
      Content: sanitizeRichText(opts.defaultContent),
      Locale: opts.locale,
      CreationDate: null,
      ModificationDate: null,
      IsDefault: true,
    };
  }
  return {
    Key: row.key,
    Content: row.content,
    Locale: opts.locale,
    CreationDate: row.created_at,
    ModificationDate: row.updated_at,
    IsDefault: false,
  };
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
