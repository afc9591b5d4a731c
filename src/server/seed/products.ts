import { saveDiscountCode, saveProduct } from '../modules/commerce';
import type { Db } from '../platform/db';

/** The demo shop's products: the demo course, both courses as a bundle, a coaching package, and a student offer. */
export const DEMO_PRODUCT_SLUG = 'music-production-basics';
export const DEMO_DISCOUNT_CODE = 'WELCOME10';

export async function seedDemoProducts(db: Db, opts: { siteId: number; courseIds: number[] }): Promise<void> {
  const [demoCourse, secondCourse] = opts.courseIds;
  if (demoCourse === undefined || secondCourse === undefined) return;
  const products = [
    {
      slug: DEMO_PRODUCT_SLUG,
      kind: 'course',
      texts: {
        en: { Name: 'Music production basics', Description: 'Sound, waves and your first beat, with a coach.' },
        sv: { Name: 'Grunderna i musikproduktion', Description: 'Ljud, vågor och ditt första beat, med en coach.' },
      },
      priceCents: 4900,
      taxCategory: 'electronic',
      accessMonths: 12,
      coachingSessions: null,
      studentBenefit: false,
      courseIds: [demoCourse],
    },
    {
      slug: 'producer-bundle',
      kind: 'bundle',
      texts: {
        en: { Name: 'Producer bundle', Description: 'Both courses: from the first beat to a finished mix.' },
        sv: { Name: 'Producentpaketet', Description: 'Båda kurserna: från första beatet till en färdig mix.' },
      },
      priceCents: 7900,
      taxCategory: 'electronic',
      accessMonths: null,
      coachingSessions: null,
      studentBenefit: true,
      courseIds: [demoCourse, secondCourse],
    },
    {
      slug: 'coaching-four-sessions',
      kind: 'coaching',
      texts: {
        en: { Name: 'Four coaching sessions', Description: 'Four 45-minute sessions with a coach of your choice.' },
        sv: { Name: 'Fyra coachsamtal', Description: 'Fyra samtal på 45 minuter med en coach du väljer.' },
      },
      priceCents: 19_900,
      taxCategory: 'live',
      accessMonths: null,
      coachingSessions: 4,
      studentBenefit: false,
      courseIds: [],
    },
  ] as const;
  for (const [index, product] of products.entries()) {
    await saveProduct(db, {
      siteId: opts.siteId,
      product: {
        ...product,
        id: null,
        courseIds: [...product.courseIds],
        published: true,
        sortOrder: index + 1,
        externalUrl: null,
      },
    });
  }
  // A discount code to try the shop with: 10 % off anything, 100 uses.
  await saveDiscountCode(db, {
    siteId: opts.siteId,
    code: {
      id: null,
      code: DEMO_DISCOUNT_CODE,
      kind: 'percent',
      amount: 10,
      productId: null,
      validFrom: null,
      validTo: null,
      maxUses: 100,
      active: true,
    },
  });
}
