import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * Products' media (modules/commerce): a product's image, and the files a sample pack gives its buyers (media the
 * site stores, with the name each is listed and downloaded under, in order).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await db.schema
    .alterTable('products')
    .addColumn('image_media_id', 'integer', (c) => c.references('media_files.id').onDelete('set null'))
    .execute();
  await h.tenantTable('product_files', (t) =>
    t
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('media_file_id', 'integer', (c) => c.notNull().references('media_files.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
  );
  await h.index('product_files', ['product_id', 'sort_order']);
}
