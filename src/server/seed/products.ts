import type { Db } from '../platform/db';
import { now } from '../platform/db';

/** The demo shop's products: the demo course, both courses as a bundle, a coaching package, and a student offer. */
export const DEMO_PRODUCT_SLUG = 'music-production-basics';

export async function seedDemoProducts(db: Db, opts: { siteId: number; courseIds: number[] }): Promise<void> {
  const [demoCourse, secondCourse] = opts.courseIds;
  if (demoCourse === undefined || secondCourse === undefined) return;
  const at = now();
  const products = [
    {
      slug: DEMO_PRODUCT_SLUG,
      kind: 'course',
      texts: {
        en: { Name: 'Music production basics', Description: 'Sound, waves and your first beat, with a coach.' },
        sv: { Name: 'Grunderna i musikproduktion', Description: 'Ljud, vågor och ditt första beat, med en coach.' },
      },
      price_cents: 4900,
      tax_category: 'electronic',
      access_months: 12,
      coaching_sessions: null,
      student_benefit: 0,
      courses: [demoCourse],
    },
    {
      slug: 'producer-bundle',
      kind: 'bundle',
      texts: {
        en: { Name: 'Producer bundle', Description: 'Both courses: from the first beat to a finished mix.' },
        sv: { Name: 'Producentpaketet', Description: 'Båda kurserna: från första beatet till en färdig mix.' },
      },
      price_cents: 7900,
      tax_category: 'electronic',
      access_months: null,
      coaching_sessions: null,
      student_benefit: 1,
      courses: [demoCourse, secondCourse],
    },
    {
      slug: 'coaching-four-sessions',
      kind: 'coaching',
      texts: {
        en: { Name: 'Four coaching sessions', Description: 'Four 45-minute sessions with a coach of your choice.' },
        sv: { Name: 'Fyra coachsamtal', Description: 'Fyra samtal på 45 minuter med en coach du väljer.' },
      },
      price_cents: 19_900,
      tax_category: 'live',
      access_months: null,
      coaching_sessions: 4,
      student_benefit: 0,
      courses: [],
    },
  ];
  for (const [index, { courses, texts, ...product }] of products.entries()) {
    const row = await db
      .insertInto('products')
      .values({
        site_id: opts.siteId,
        ...product,
        texts: JSON.stringify(texts),
        published: 1,
        sort_order: index + 1,
        external_url: null,
        archived_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [order, courseId] of courses.entries()) {
      await db
        .insertInto('product_courses')
        .values({
          site_id: opts.siteId,
          product_id: row.id,
          course_id: courseId,
          sort_order: order,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }
}
