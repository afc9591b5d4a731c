import type { commerce as en } from '../en/commerce';
import type { Translation } from '../types';

/** Butikens texter (/products, /product/:slug). */
export const commerce: Translation<typeof en> = {
  products: {
    title: 'Produkter',
    intro: 'Kurser, paket och coachning från skolan. Priserna är inklusive moms.',
    filter: 'Visa',
    all: 'Allt',
    loadError: 'Produkterna kunde inte laddas. Försök igen om en stund.',
    empty: 'Det finns inga produkter av det här slaget ännu.',
    open: 'Se {{name}}',
  },
  kinds: {
    course: 'Kurs',
    bundle: 'Paket',
    samples: 'Ljudpaket',
    coaching: 'Coachning',
  },
  price: {
    vatIncluded: 'inkl. moms',
    free: 'Gratis',
  },
  access: {
    months_one: '{{count}} månads tillgång',
    months_other: '{{count}} månaders tillgång',
    lifetime: 'Tillgång för alltid',
    sessions_one: '{{count}} coachsamtal',
    sessions_other: '{{count}} coachsamtal',
  },
  product: {
    back: 'Alla produkter',
    studentBenefit: 'Studentförmån',
    inside: 'Det här ingår',
    parts_one: '{{count}} sida',
    parts_other: '{{count}} sidor',
    free: 'gratis',
    preview: 'Prova en gratislektion först: {{name}}',
    buy: 'Köp',
    buyExternal: 'Köp i vår webbutik',
    shopClosed: 'Butiken är inte öppen ännu: snart går det att köpa här.',
    owned: 'Du äger den här',
    toMyCourses: 'Gå till Mina kurser',
    notFound: 'Produkten finns inte',
    notFoundText: 'Det finns ingen produkt på den här adressen. Den kan ha tagits bort ur butiken.',
  },
};
