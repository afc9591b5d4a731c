import type { news as en } from '../en/news';
import type { Translation } from '../types';

export const news: Translation<typeof en> = {
  title: 'Nyheter',
  intro: 'Nytt om kurser, funktioner och evenemang på plattformen.',
  empty: 'Det finns inga nyheter än.',
  loadFailed: 'Nyheterna kunde inte laddas. Försök igen senare.',
  published: 'Publicerad {{date}}',
  readMore: 'Läs mer',
  readMoreAbout: 'Läs mer: {{title}}',
  backToList: 'Alla nyheter',
  pagination: {
    label: 'Nyhetssidor',
    page: 'Sida {{page}}',
    previous: 'Föregående sida',
    next: 'Nästa sida',
    first: 'Första sidan',
    last: 'Sista sidan',
  },
  notFound: {
    title: 'Nyheten hittades inte',
    text: 'Den här nyheten finns inte eller har tagits bort.',
  },
};
