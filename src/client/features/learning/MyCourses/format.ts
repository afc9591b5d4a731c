/** A date in the reader's language, e.g. "22 Nov 2026" or "22 nov. 2026". */
export const formatDate = (iso: string, language: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
};
