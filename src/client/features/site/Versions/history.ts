import type { Language } from '../../../../shared/domain/language';

/** The platform's release notes, newest first; the version history page shows them in the reader's language. */
export interface VersionEntry {
  version: string;
  /** ISO date (YYYY-MM-DD) of the release. */
  date: string;
  changes: Record<Language, string[]>;
}

export const versionHistory: readonly VersionEntry[] = [
  {
    version: '0.1.0',
    date: '2026-11-22',
    changes: {
      en: [
        'Sign in with lockout after repeated failed attempts, and sign out.',
        'Registration with email verification, where the site allows it.',
        'Password recovery with a link valid for 30 minutes.',
        'News: a list with pages, single news items and the news banner.',
        'Page texts that administrators edit in place, saved automatically.',
        'English and Swedish, chosen from the browser or by the user.',
        'Light and dark mode, remembered in the browser.',
      ],
      sv: [
        'Inloggning med spärr efter upprepade misslyckade försök, och utloggning.',
        'Registrering med verifiering av e-postadressen, där webbplatsen tillåter det.',
        'Återställning av lösenord med en länk som gäller i 30 minuter.',
        'Nyheter: en lista i sidor, enskilda nyheter och nyhetsbannern.',
        'Sidtexter som administratörer redigerar på plats och som sparas automatiskt.',
        'Engelska och svenska, valt efter webbläsaren eller av användaren.',
        'Ljust och mörkt läge, som webbläsaren kommer ihåg.',
      ],
    },
  },
];
