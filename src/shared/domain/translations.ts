/**
 * Texts written in the site's default language and, as `{"sv":{"name":"…"}}`, in the others: a course's name and
 * description, a news item's title and content. What each language has of `fields`; an empty field is left out, and
 * unreadable JSON reads as none.
 */
export function readTextTranslations<K extends string>(
  json: string,
  fields: readonly K[],
): Record<string, Partial<Record<K, string>>> {
  const translations: Record<string, Partial<Record<K, string>>> = {};
  if (json === '{}' || json === '') return translations;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return translations;
  }
  if (!isObject(parsed)) return translations;
  for (const [language, value] of Object.entries(parsed)) {
    if (!isObject(value)) continue;
    const translation: Partial<Record<K, string>> = {};
    let any = false;
    for (const field of fields) {
      const text = value[field];
      if (typeof text === 'string' && text.trim() !== '') {
        translation[field] = text;
        any = true;
      }
    }
    if (any) translations[language] = translation;
  }
  return translations;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
