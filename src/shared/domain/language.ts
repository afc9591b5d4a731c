export const supportedLanguages = ['en', 'sv'] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = 'en';

const asSupported = (tag: string | null | undefined): Language | undefined => {
  const base = tag?.toLowerCase().split('-')[0];
  return supportedLanguages.find((l) => l === base);
};

/** The stored choice, else the first supported browser language, else English (spec §1). */
export function chooseLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): Language {
  return asSupported(stored) ?? browserLanguages.map(asSupported).find((l) => l !== undefined) ?? defaultLanguage;
}

/**
 * The language to write to a user in (mails, messages the server writes): her stored choice, else the site's
 * default. One rule for every module that writes to someone who is not the one asking.
 */
export const recipientLanguage = (stored: string | null | undefined): Language =>
  asSupported(stored) ?? defaultLanguage;
