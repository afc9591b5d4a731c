import { products } from '../../../../shared/contract/commerce/products';
import { handlers } from '../../../platform/handlers';
import { presentProduct, presentProductForm } from '../presenters/products';
import {
  allProducts,
  listProducts,
  productForEditing,
  productPage,
  saveProduct,
  setArchived,
} from '../services/products';
import { shopSettings } from '../services/settings';

/** `products.php`: the shop's catalogue (/products, /product/:slug) and staff's product list (/productlist). */
export const productsHandlers = handlers(products, {
  async get_products(ctx, data) {
    const rows = await listProducts(ctx.db, { siteId: ctx.site.id, kind: data.Kind || null });
    return { status: 'OK', Products: rows.map((row) => presentProduct(row, data.Language ?? null)) };
  },
  async get_product(ctx, data) {
    const [page, settings] = await Promise.all([
      productPage(ctx.db, { siteId: ctx.site.id, slug: data.Slug, user: ctx.user ?? null }),
      shopSettings(ctx.db, ctx.config, ctx.site),
    ]);
    return {
      status: 'OK',
      Product: {
        ...presentProduct(page.row, data.Language ?? null),
        Courses: page.courses.map((course) => ({
          Id: course.id,
          Name: course.name,
          Parts: course.parts.map((part) => ({ Id: part.id, Name: part.name, Free: part.free })),
        })),
        Preview: page.preview && {
          CourseId: page.preview.course.id,
          PartId: page.preview.part.id,
          Name: page.preview.part.name,
        },
        Owned: page.owned,
        ShopOpen: settings.keys !== null,
      },
    };
  },
  async get_product_list(ctx, data) {
    const rows = await allProducts(ctx.db, ctx.site.id);
    return {
      status: 'OK',
      Products: rows.map((row) => ({
        ...presentProduct(row, data.Language ?? null),
        Published: row.published === 1,
        Archived: row.archived_at !== null,
        SortOrder: row.sort_order,
      })),
    };
  },
  async get_product_admin(ctx, data) {
    const { row, courseIds } = await productForEditing(ctx.db, { siteId: ctx.site.id, productId: data.ProductId });
    return { status: 'OK', Product: presentProductForm(row, courseIds) };
  },
  async set_product_archived(ctx, data) {
    await setArchived(ctx.db, { siteId: ctx.site.id, productId: data.ProductId, archived: data.Archived });
    return { status: 'OK' };
  },
  async save_product(ctx, data) {
    const p = data.Product;
    const id = await saveProduct(ctx.db, {
      siteId: ctx.site.id,
      product: {
        id: p.Id,
        slug: p.Slug,
        kind: p.Kind,
        texts: p.Texts as Record<string, { Name: string; Description: string }>,
        priceCents: p.PriceCents,
        taxCategory: p.TaxCategory,
        accessMonths: p.AccessMonths,
        coachingSessions: p.CoachingSessions,
        courseIds: p.CourseIds,
        published: p.Published,
        studentBenefit: p.StudentBenefit,
        sortOrder: p.SortOrder,
        externalUrl: p.ExternalUrl,
      },
    });
    return { status: 'OK', Id: id };
  },
});
