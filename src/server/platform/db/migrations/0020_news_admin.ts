import type { Kysely } from 'kysely';

/**
 * News written by the site's administrators: an item may be a draft (`published` 0) or wait for its publish time,
 * carries its title and text in the other languages as `{"sv":{"title":…,"content":…}}`, and the site may name the
 * item its top banner spotlights instead of the latest (`sites.spotlight_news_id`; null: the latest).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('news')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('news')
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('sites').addColumn('spotlight_news_id', 'integer').execute();
}
