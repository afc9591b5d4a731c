import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * The shop's catalogue (modules/commerce): products with their names and descriptions per language (JSON), the
 * consumer price in euro cents, the tax category, how long access lasts, and the courses a course or bundle gives.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await h.tenantTable('products', (t) =>
    t
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('tax_category', 'text', (c) => c.notNull())
      .addColumn('access_months', 'integer')
      .addColumn('coaching_sessions', 'integer')
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('student_benefit', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('external_url', 'text')
      .addColumn('archived_at', h.timestamp),
  );
  await db.schema.createIndex('products_site_slug').unique().on('products').columns(['site_id', 'slug']).execute();
  await h.index('products', ['site_id', 'published', 'sort_order']);
  await h.tenantTable('product_courses', (t) =>
    t
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
  );
  await db.schema
    .createIndex('product_courses_key')
    .unique()
    .on('product_courses')
    .columns(['product_id', 'course_id'])
    .execute();
}
