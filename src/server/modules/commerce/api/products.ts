import { products } from '../../../../shared/contract/commerce/products';
import type { CallAnswer } from '../../../../shared/contract/define';
import { handlers, JsonText } from '../../../platform/handlers';
import { seesCourseAsStaff } from '../../learning';
import { presentProduct, presentProductDetail, presentProductForm } from '../presenters/products';
import { cachedForSite, keptJson } from '../services/catalogueCache';
import {
  allProducts,
  holdsEvery,
  listProducts,
  productForEditing,
  productPage,
  saveProduct,
  setArchived,
} from '../services/products';
import { shopSettings } from '../services/settings';

type ProductAnswer = CallAnswer<typeof products.calls.get_product>;

/** `products.php`: the shop's catalogue (/products, /product/:slug) and staff's product list (/productlist). */
export const productsHandlers = handlers(products, {
  async get_products(ctx, data) {
    const language = data.Language ?? null;
    const kind = data.Kind || null;
    return cachedForSite(ctx.db, ctx.site.id, `list:${kind}:${language}`, async () => {
      const rows = await listProducts(ctx.db, { siteId: ctx.site.id, kind });
      const kept = keptJson({ status: 'OK', Products: rows.map((row) => presentProduct(row, language)) });
      return { value: new JsonText<CallAnswer<typeof products.calls.get_products>>(kept.pieces), bytes: kept.bytes };
    });
  },
  async get_shop(ctx) {
    return { status: 'OK', WebshopUrl: (await shopSettings(ctx.db, ctx.config, ctx.site)).webshopUrl };
  },
  async get_product(ctx, data) {
    const language = data.Language ?? null;
    const staff = ctx.user !== null && seesCourseAsStaff(ctx.user);
    const load = () => productPage(ctx.db, { siteId: ctx.site.id, slug: data.Slug, staff });
    const shopOpen = async () => (await shopSettings(ctx.db, ctx.config, ctx.site)).keys !== null;
    if (staff) {
      const [page, open] = await Promise.all([load(), shopOpen()]);
      return { status: 'OK', Product: presentProductDetail(page, language, { owned: false, shopOpen: open }) };
    }
    // Anyone else's page is the same but for whether she owns it: both answers are kept, ready to send.
    const kept = await cachedForSite(ctx.db, ctx.site.id, `product:${data.Slug}:${language}`, async () => {
      const [page, open] = await Promise.all([load(), shopOpen()]);
      const answer = (owned: boolean) =>
        keptJson({ status: 'OK', Product: presentProductDetail(page, language, { owned, shopOpen: open }) });
      const [owned, notOwned] = [answer(true), answer(false)];
      return {
        value: {
          courseIds: page.courses.map((course) => course.id),
          owned: new JsonText<ProductAnswer>(owned.pieces),
          notOwned: new JsonText<ProductAnswer>(notOwned.pieces),
        },
        bytes: owned.bytes + notOwned.bytes,
      };
    });
    const owns =
      ctx.user !== null &&
      (await holdsEvery(ctx.db, { siteId: ctx.site.id, userId: ctx.user.id, courseIds: kept.courseIds }));
    return owns ? kept.owned : kept.notOwned;
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
