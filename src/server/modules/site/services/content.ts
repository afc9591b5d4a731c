import type { Language } from '../../../../shared/domain/language';
import { type Db, now } from '../../../platform/db';
import { sanitizeRichText } from '../../../platform/lib/sanitize';

export interface PageText {
  key: string;
  content: string;
  locale: Language;
  createdAt: string | null;
  updatedAt: string | null;
  /** No text is stored: this is the caller's default. */
  isDefault: boolean;
}

/**
 * The stored text of a key in a language; when none is stored, `defaultContent` (the caller's own default,
 * sanitized like a stored text) marked as the default, or null without one.
 */
export async function readPageText(
  db: Db,
  opts: { siteId: number; key: string; locale: Language; defaultContent?: string | undefined },
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
      key: opts.key,
      content: sanitizeRichText(opts.defaultContent),
      locale: opts.locale,
      createdAt: null,
      updatedAt: null,
      isDefault: true,
    };
  }
  return {
    key: row.key,
    content: row.content,
    locale: opts.locale,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isDefault: false,
  };
}

/** Stores a page text (sanitized) and keeps the save as a revision with who made it; answers the save time. */
export async function saveContent(
  db: Db,
  opts: { siteId: number; userId: number; key: string; locale: Language; html: string },
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
