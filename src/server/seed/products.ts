import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { saveDiscountCode, saveProduct } from '../modules/commerce';
import type { Db } from '../platform/db';
import type { StoreConfig } from '../platform/files/storage';
import { createMedia } from './factories';

const mediaDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'media');

/**
 * The demo shop's products: the demo course, both courses as a bundle (the student offer), a coaching package, and a
 * sample pack with an image and two files.
 */
export const DEMO_PRODUCT_SLUG = 'music-production-basics';
export const DEMO_DISCOUNT_CODE = 'WELCOME10';

export async function seedDemoProducts(
  db: Db,
  opts: { config: StoreConfig; siteId: number; courseIds: number[] },
): Promise<void> {
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
  const pack = await demoSamplePack(db, opts);
  for (const [index, product] of [...products, pack].entries()) {
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

/** The demo's sample pack: a chord and a read-me, with the waveform as its image. */
async function demoSamplePack(db: Db, opts: { config: StoreConfig; siteId: number }) {
  const site = { id: opts.siteId };
  const medium = (kind: 'image' | 'audio' | 'file', name: string, mimeType: string, bytes: Uint8Array) =>
    createMedia(db, {
      config: opts.config,
      site,
      kind,
      storageName: `demo-pack-${name}`,
      originalName: name,
      mimeType,
      bytes,
    });
  const read = (name: string) => fs.readFileSync(path.join(mediaDir, name));
  const image = await medium('image', 'waveform.png', 'image/png', read('waveform.png'));
  const chord = await medium('audio', 'chord.ogg', 'audio/ogg', read('chord.ogg'));
  const readMe = await medium(
    'file',
    'read-me.txt',
    'text/plain',
    Buffer.from('Sound starter pack\n\nFree to use in your own music. Have fun!\n'),
  );
  return {
    slug: 'sound-starter-pack',
    kind: 'samples',
    texts: {
      en: { Name: 'Sound starter pack', Description: 'A chord to start a track with, free to use in your own music.' },
      sv: { Name: 'Ljudstartpaket', Description: 'Ett ackord att börja ett spår med, fritt att använda i din musik.' },
    },
    priceCents: 900,
    taxCategory: 'electronic',
    accessMonths: null,
    coachingSessions: null,
    studentBenefit: false,
    courseIds: [],
    imageId: image.id,
    files: [
      { mediaId: chord.id, name: 'C major chord.ogg' },
      { mediaId: readMe.id, name: 'Read me.txt' },
    ],
  } as const;
}
