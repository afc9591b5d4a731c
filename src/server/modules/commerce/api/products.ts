import { products } from '../../../../shared/contract/commerce/products';
import type { CallAnswer } from '../../../../shared/contract/define';
import { handlers, JsonText } from '../../../platform/handlers';
import { seesCourseAsStaff } from '../../learning';
import { presentProduct, presentProductDetail, presentProductForm } from '../presenters/products';
import { cachedForSite, keptJson } from '../services/catalogueCache';
import { hasBought, productSigner } from '../services/productMedia';
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
      const [rows, sign] = await Promise.all([
        listProducts(ctx.db, { siteId: ctx.site.id, kind }),
        productSigner(ctx.db, ctx.site.id),
      ]);
      const kept = keptJson({ status: 'OK', Products: rows.map((row) => presentProduct(row, language, sign)) });
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
      const [page, open, sign] = await Promise.all([load(), shopOpen(), productSigner(ctx.db, ctx.site.id)]);
      return { status: 'OK', Product: presentProductDetail(page, language, { owned: false, shopOpen: open }, sign) };
    }
    // Anyone else's page is the same but for whether she owns it: both answers are kept, ready to send.
    const kept = await cachedForSite(ctx.db, ctx.site.id, `product:${data.Slug}:${language}`, async () => {
      const [page, open, sign] = await Promise.all([load(), shopOpen(), productSigner(ctx.db, ctx.site.id)]);
      const answer = (owned: boolean) =>
        keptJson({ status: 'OK', Product: presentProductDetail(page, language, { owned, shopOpen: open }, sign) });
      const [owned, notOwned] = [answer(true), answer(false)];
      return {
        value: {
          productId: page.row.id,
          samples: page.row.kind === 'samples',
          courseIds: page.courses.map((course) => course.id),
          owned: new JsonText<ProductAnswer>(owned.pieces),
          notOwned: new JsonText<ProductAnswer>(notOwned.pieces),
        },
        bytes: owned.bytes + notOwned.bytes,
      };
    });
    // A course or bundle is hers while she holds its courses; a sample pack once she has bought it.
    const viewer = ctx.user === null ? null : { siteId: ctx.site.id, userId: ctx.user.id };
    const owns =
      viewer !== null &&
      (kept.samples
        ? await hasBought(ctx.db, { ...viewer, productId: kept.productId })
        : await holdsEvery(ctx.db, { ...viewer, courseIds: kept.courseIds }));
    return owns ? kept.owned : kept.notOwned;
  },
  async get_product_list(ctx, data) {
    const [rows, sign] = await Promise.all([allProducts(ctx.db, ctx.site.id), productSigner(ctx.db, ctx.site.id)]);
    return {
      status: 'OK',
      Products: rows.map((row) => ({
        ...presentProduct(row, data.Language ?? null, sign),
        Published: row.published === 1,
        Archived: row.archived_at !== null,
        SortOrder: row.sort_order,
      })),
    };
  },
  async get_product_admin(ctx, data) {
    const [{ row, courseIds, files }, sign] = await Promise.all([
      productForEditing(ctx.db, { siteId: ctx.site.id, productId: data.ProductId }),
      productSigner(ctx.db, ctx.site.id),
    ]);
    return { status: 'OK', Product: presentProductForm(row, courseIds, files, sign) };
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
        imageId: p.ImageId,
        files: p.Files.map((file) => ({ mediaId: file.MediaId, name: file.Name })),
      },
    });
    return { status: 'OK', Id: id };
  },
});
