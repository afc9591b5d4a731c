export const addMinutes = (date: Date, minutes: number): Date => new Date(date.getTime() + minutes * 60_000);
export const addHours = (date: Date, hours: number): Date => addMinutes(date, hours * 60);
export const addDays = (date: Date, days: number): Date => addHours(date, days * 24);

/**
 * A moment given by a form, as an ISO time in UTC: a bare day (`2026-12-31`) starts at its beginning, or lasts to
 * its last millisecond when `endOfDay`; null stays null.
 */
export function momentOf(value: string | null | undefined, endOfDay: boolean): string | null {
  if (value == null) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`;
  return new Date(value).toISOString();
}
