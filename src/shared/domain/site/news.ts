/** The banner shows the latest news unless its id is in the browser's viewed list (spec §4). */
export const shouldShowNewsBanner = (latestId: number | undefined, viewed: readonly number[]): boolean =>
  latestId !== undefined && !viewed.includes(latestId);

/** The viewed list after closing an item: the id added once. */
export const markNewsViewed = (viewed: readonly number[], id: number): number[] =>
  viewed.includes(id) ? [...viewed] : [...viewed, id];

/** A URL-friendly title for /News/:id/:title. */
export const newsSlug = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
