import type { CourseMediaKind } from '../../../../shared/domain/authoring/media';
import { type Actor, authorize } from '../../../platform/authorize';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db';
import { AppError, invalidFields } from '../../../platform/errors';
import { mediaSigner } from '../../../platform/files/media';
import { storeStaffUpload } from '../../../platform/files/uploaded';
import type { UploadedFile } from '../../../platform/handlers';
import { productActions } from '../policies/products';

/**
 * Stores an image or a sample pack's file for a product of the site, uploaded by staff (`ajaxUpload.php`, folder
 * `product`), as a course's media are stored: identified by content, an image re-encoded, counted against the site's
 * storage. It is the product's once `save_product` names it.
 */
export async function uploadProductMedium(
  db: Db,
  opts: { config: Config; siteId: number; user: Actor; productId: number | undefined; file: UploadedFile },
) {
  authorize(opts.user, productActions.edit, undefined);
  if (!opts.productId) throw invalidFields({ field: 'data.ProductId', message: 'Name the product the file is for' });
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.productId)
    .executeTakeFirst();
  if (!product) throw new AppError('NOT_FOUND', 'No such product');
  return storeStaffUpload(db, {
    config: opts.config,
    siteId: opts.siteId,
    ownerUserId: opts.user.id,
    prefix: `product-${product.id}`,
    file: opts.file,
    label: 'a product image',
    bucket: 'product-media',
  });
}

/** The site's media among `ids`, with what each is. */
export async function siteMedia(db: Db, siteId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { kind: string; sizeBytes: number }>();
  const rows = await db
    .selectFrom('media_files')
    .select(['id', 'kind', 'size_bytes'])
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, { kind: row.kind, sizeBytes: row.size_bytes }]));
}

export interface ProductFile {
  productId: number;
  mediaId: number;
  name: string;
  bytes: number;
  kind: CourseMediaKind;
}

/** The files of products (a sample pack's), in their order. */
export async function filesOf(db: Db, siteId: number, productIds: readonly number[]): Promise<ProductFile[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom('product_files')
    .innerJoin('media_files', 'media_files.id', 'product_files.media_file_id')
    .select([
      'product_files.product_id',
      'product_files.media_file_id',
      'product_files.name',
      'media_files.size_bytes',
      'media_files.kind',
    ])
    .where('product_files.site_id', '=', siteId)
    .where('product_files.product_id', 'in', [...new Set(productIds)])
    .orderBy('product_files.product_id')
    .orderBy('product_files.sort_order')
    .orderBy('product_files.id')
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    mediaId: row.media_file_id,
    name: row.name,
    bytes: row.size_bytes,
    kind: row.kind === 'avatar' ? 'image' : row.kind,
  }));
}

/** Signed links to the site's media for one answer (valid for hours; the same for a while, so answers can be kept). */
export const productSigner = (db: Db, siteId: number) => mediaSigner(db, siteId);

/** Whether a buyer has a paid order of a product that was not refunded: a sample pack is hers to download. */
export async function hasBought(db: Db, opts: { siteId: number; userId: number; productId: number }) {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.userId)
    .where('product_id', '=', opts.productId)
    .where('status', '=', 'paid')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The files of the sample packs a buyer has bought (paid, not refunded), with signed links: what My profile offers
 * her to download.
 */
export async function downloadsOf(db: Db, opts: { siteId: number; userId: number }) {
  const bought = await db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .select(['orders.product_id', 'orders.product_name'])
    .where('orders.site_id', '=', opts.siteId)
    .where('orders.user_id', '=', opts.userId)
    .where('orders.status', '=', 'paid')
    .where('products.kind', '=', 'samples')
    .orderBy('orders.id', 'desc')
    .execute();
  const products = [...new Map(bought.map((row) => [row.product_id, row.product_name])).entries()];
  const files = await filesOf(
    db,
    opts.siteId,
    products.map(([id]) => id),
  );
  const sign = await mediaSigner(db, opts.siteId);
  return products.map(([productId, name]) => ({
    ProductId: productId,
    ProductName: name,
    Files: files
      .filter((file) => file.productId === productId)
      .map((file) => ({ Name: file.name, Bytes: file.bytes, Url: sign(file.mediaId) })),
  }));
}
