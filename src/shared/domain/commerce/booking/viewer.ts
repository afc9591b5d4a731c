/**
 * Moments as a viewer reads them on her own clock: the calendar day and time a moment shows in her time zone. The
 * pages use these (Intl's own zone data, no library in the page); turning wall-clock hours into moments is the
 * server's, in `slots.ts`.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (`YYYY-MM-DD`) a moment falls on in a time zone. */
export function dayInZone(iso: string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Things that start at a moment, by the calendar day they start on in a zone, days in order. */
export function byDayInZone<T extends { StartsAt: string }>(items: T[], timeZone: string): [string, T[]][] {
  const days = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => a.StartsAt.localeCompare(b.StartsAt))) {
    const day = dayInZone(item.StartsAt, timeZone);
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return [...days];
}

/** A moment's time of day on a viewer's clock, as her language writes it (`09:00`, `9:00 AM`). */
export const timeInZone = (iso: string, timeZone: string, language: string): string =>
  new Intl.DateTimeFormat(language, { timeZone, timeStyle: 'short' }).format(new Date(iso));

/** A calendar day as her language writes it, with its weekday (`Monday, 30 March`). */
export const dayLabel = (day: string, language: string): string =>
  new Intl.DateTimeFormat(language, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** A calendar day in short, with its weekday (`Mon, Mar 30`, `mån 30 mars`). */
export const shortDayLabel = (day: string, language: string): string =>
  new Intl.DateTimeFormat(language, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** A moment as a viewer's clock shows it, day and time (`Mon, Mar 30, 9:00 AM`, `mån 30 mars, 09:00`). */
export const momentInZone = (iso: string, timeZone: string, language: string): string =>
  `${new Intl.DateTimeFormat(language, { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(
    new Date(iso),
  )}, ${timeInZone(iso, timeZone, language)}`;

/** The browser's own time zone, else UTC. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The zones a viewer may choose from: those the runtime knows, with her own among them. */
export function timeZoneChoices(own: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(own) ? known : [own, ...known];
}
