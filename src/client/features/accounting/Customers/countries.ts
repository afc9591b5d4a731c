/** Codes Intl names that are not countries a customer lives in (unions, pseudo-regions, "unknown"). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Whether a code is a country's own, not an old one Intl still names (DD, East Germany, reads as DE). */
function isCurrent(code: string): boolean {
  try {
    return new Intl.Locale(`und-${code}`).region === code;
  } catch {
    return false;
  }
}

const cache = new Map<string, { value: string; label: string }[]>();

/**
 * The countries (ISO 3166 codes) with their names in the reader's language, by name: every two-letter code the
 * browser's Intl has a name for, so the list needs no table of its own.
 */
export function countryOptions(language: string): { value: string; label: string }[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const options: { value: string; label: string }[] = [];
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = `${first}${second}`;
      if (NOT_COUNTRIES.has(code) || !isCurrent(code)) continue;
      const name = names.of(code);
      if (name && name !== code) options.push({ value: code, label: `${name} (${code})` });
    }
  }
  options.sort((a, b) => a.label.localeCompare(b.label, language));
  cache.set(language, options);
  return options;
}

/** A country's name in the reader's language, or its code when Intl has none. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
