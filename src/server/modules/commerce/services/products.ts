import type { ProductKind, TaxCategory } from '../../../../shared/domain/commerce/products';
import { type Db, inTransaction, now } from '../../../platform/db';
import { isUniqueViolation } from '../../../platform/db/lookups';
import type { ProductsTable } from '../../../platform/db/schema';
import { AppError, invalidFields } from '../../../platform/errors';
import { courseOutlines, coursesHeld } from '../../learning';
import { forgetCatalogue } from './catalogueCache';
import { filesOf, siteMedia } from './productMedia';

export type ProductRow = Omit<ProductsTable, 'published' | 'student_benefit' | 'sort_order'> & {
  id: number;
  published: number;
  student_benefit: number;
  sort_order: number;
};

export interface ProductInput {
  id: number | null;
  slug: string;
  kind: ProductKind;
  texts: Record<string, { Name: string; Description: string }>;
  priceCents: number;
  taxCategory: TaxCategory;
  accessMonths: number | null;
  coachingSessions: number | null;
  courseIds: number[];
  published: boolean;
  studentBenefit: boolean;
  sortOrder: number;
  externalUrl: string | null;
  /** The product's image: a medium of the site (an image). */
  imageId?: number | null;
  /** A sample pack's files, in order: media of the site with the names they are listed under. */
  files?: readonly { mediaId: number; name: string }[];
}

const products = (db: Db, siteId: number) => db.selectFrom('products').selectAll().where('site_id', '=', siteId);

/** The shop's products of a kind (or all): published and not archived, in their order. */
export async function listProducts(db: Db, opts: { siteId: number; kind: ProductKind | null }): Promise<ProductRow[]> {
  let query = products(db, opts.siteId).where('published', '=', 1).where('archived_at', 'is', null);
  if (opts.kind) query = query.where('kind', '=', opts.kind);
  return (await query.orderBy('sort_order').orderBy('id').execute()) as ProductRow[];
}

/** Every product of the site, for staff. */
export async function allProducts(db: Db, siteId: number): Promise<ProductRow[]> {
  return (await products(db, siteId).orderBy('sort_order').orderBy('id').execute()) as ProductRow[];
}

/** The courses a product gives, in order. */
export async function courseIdsOf(db: Db, siteId: number, productId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('product_courses')
    .select('course_id')
    .where('site_id', '=', siteId)
    .where('product_id', '=', productId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.course_id);
}

/**
 * A product by its slug as its page shows it: published and not archived (staff also see drafts), the courses it
 * gives with their parts, and a free part to try. NOT_FOUND else.
 */
export async function productPage(db: Db, opts: { siteId: number; slug: string; staff: boolean }) {
  const row = (await products(db, opts.siteId).where('slug', '=', opts.slug).executeTakeFirst()) as
    | ProductRow
    | undefined;
  if (!row || (!opts.staff && (row.published !== 1 || row.archived_at !== null))) {
    throw new AppError('NOT_FOUND', 'No such product');
  }
  const courseIds = await courseIdsOf(db, opts.siteId, row.id);
  const courses = await courseOutlines(db, { siteId: opts.siteId, courseIds });
  const preview = courses
    .flatMap((course) => course.parts.filter((part) => part.free).map((part) => ({ course, part })))
    .at(0);
  return { row, courses, preview: preview ?? null, files: await filesOf(db, opts.siteId, [row.id]) };
}

export type ProductPage = Awaited<ReturnType<typeof productPage>>;

/** Whether a learner holds live access to every one of a product's courses (a product that gives none: no). */
export async function holdsEvery(db: Db, opts: { siteId: number; userId: number; courseIds: readonly number[] }) {
  if (opts.courseIds.length === 0) return false;
  const held = await coursesHeld(db, opts);
  return opts.courseIds.every((id) => held.has(id));
}

/**
 * Creates or changes a product (checked by the contract): its slug must be free in the site and its courses of
 * the site. Answers its id.
 */
export async function saveProduct(db: Db, opts: { siteId: number; product: ProductInput }): Promise<number> {
  const { siteId, product } = opts;
  const courseIds = [...new Set(product.courseIds)];
  if (courseIds.length > 0) {
    const found = await db
      .selectFrom('courses')
      .select('id')
      .where('site_id', '=', siteId)
      .where('id', 'in', courseIds)
      .execute();
    if (found.length !== courseIds.length) throw new AppError('NOT_FOUND', 'No such course');
  }
  const imageId = product.imageId ?? null;
  const files = product.files ?? [];
  const media = await siteMedia(db, siteId, [...(imageId ? [imageId] : []), ...files.map((file) => file.mediaId)]);
  if (imageId !== null && media.get(imageId)?.kind !== 'image') {
    throw invalidFields({ field: 'data.Product.ImageId', message: 'Not an image uploaded to this site' });
  }
  const unknownFile = files.findIndex((file) => !media.has(file.mediaId));
  if (unknownFile >= 0) {
    throw invalidFields({ field: `data.Product.Files.${unknownFile}.MediaId`, message: 'No such file on this site' });
  }
  const at = now();
  const values = {
    slug: product.slug,
    kind: product.kind,
    texts: JSON.stringify(product.texts),
    price_cents: product.priceCents,
    tax_category: product.taxCategory,
    access_months: product.accessMonths,
    coaching_sessions: product.coachingSessions,
    published: product.published ? 1 : 0,
    student_benefit: product.studentBenefit ? 1 : 0,
    sort_order: product.sortOrder,
    external_url: product.externalUrl,
    image_media_id: imageId,
    updated_at: at,
  } as const;
  try {
    const saved = await inTransaction(db, async (trx) => {
      let productId: number;
      if (product.id === null) {
        const inserted = await trx
          .insertInto('products')
          .values({ site_id: siteId, ...values, archived_at: null, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        productId = inserted.id;
      } else {
        const updated = await trx
          .updateTable('products')
          .set(values)
          .where('site_id', '=', siteId)
          .where('id', '=', product.id)
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw new AppError('NOT_FOUND', 'No such product');
        productId = updated.id;
        for (const table of ['product_courses', 'product_files'] as const) {
          await trx.deleteFrom(table).where('site_id', '=', siteId).where('product_id', '=', productId).execute();
        }
      }
      if (files.length > 0) {
        await trx
          .insertInto('product_files')
          .values(
            files.map((file, index) => ({
              site_id: siteId,
              product_id: productId,
              media_file_id: file.mediaId,
              name: file.name,
              sort_order: index,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute();
      }
      if (courseIds.length > 0) {
        await trx
          .insertInto('product_courses')
          .values(
            courseIds.map((courseId, index) => ({
              site_id: siteId,
              product_id: productId,
              course_id: courseId,
              sort_order: index,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute();
      }
      return productId;
    });
    forgetCatalogue(db, siteId);
    return saved;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('NAME_TAKEN', 'Another product has this address', {
        fields: [{ field: 'data.Product.Slug', message: 'Another product has this address' }],
      });
    }
    throw error;
  }
}

/** A product with the courses it gives, for its editor; NOT_FOUND when the site has no such product. */
export async function productForEditing(db: Db, opts: { siteId: number; productId: number }) {
  const row = (await products(db, opts.siteId).where('id', '=', opts.productId).executeTakeFirst()) as
    | ProductRow
    | undefined;
  if (!row) throw new AppError('NOT_FOUND', 'No such product');
  return {
    row,
    courseIds: await courseIdsOf(db, opts.siteId, row.id),
    files: await filesOf(db, opts.siteId, [row.id]),
  };
}

/** Archives a product (out of the shop, kept) or restores it. */
export async function setArchived(db: Db, opts: { siteId: number; productId: number; archived: boolean }) {
  const at = now();
  const updated = await db
    .updateTable('products')
    .set({ archived_at: opts.archived ? at : null, updated_at: at })
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.productId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'No such product');
  forgetCatalogue(db, opts.siteId);
}
