import { type Language, recipientLanguage } from '../../../shared/domain/language';
import type { Db } from '../db';

/**
 * The language to write to a user in, by her id: her stored choice, else the site's default
 * (`recipientLanguage`). For a module that mails someone, or writes her a message, while another user asks (a
 * review, a reply); a query that reads the recipient's row anyway selects `language` and asks `recipientLanguage`.
 */
export async function languageOfUser(db: Db, opts: { siteId: number; userId: number }): Promise<Language> {
  const row = await db
    .selectFrom('users')
    .select('language')
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.userId)
    .executeTakeFirst();
  return recipientLanguage(row?.language);
}
