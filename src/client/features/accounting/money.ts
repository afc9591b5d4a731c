import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../shared/domain/commerce/price';

/** SEK öre as kronor in the reader's language: "1 234,50 kr" in Swedish, "SEK 1,234.50" in English. */
export function formatKronor(ore: number, language: string): string {
  return new Intl.NumberFormat(language === 'sv' ? 'sv-SE' : 'en-GB', { style: 'currency', currency: 'SEK' }).format(
    ore / 100,
  );
}

/** Whole minor units (cents, öre) of an amount as a number input holds it; null when it holds none. */
export function toMinorUnits(value: number | string): number | null {
  if (value === '' || value === null) return null;
  const amount = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(amount) ? Math.round(amount * 100) : null;
}

/** Money in the page's language: euro cents of the invoices, öre of the books, and the decimal mark to type. */
export function useMoney() {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language) === 'sv' ? 'sv' : 'en';
  return {
    language,
    euros: (cents: number) => formatPrice(cents, language),
    kronor: (ore: number) => formatKronor(ore, language),
    /** Whole kronor (the VAT return's), without decimals. */
    wholeKronor: (kronor: number) =>
      new Intl.NumberFormat(language === 'sv' ? 'sv-SE' : 'en-GB', {
        style: 'currency',
        currency: 'SEK',
        maximumFractionDigits: 0,
      }).format(kronor),
    /** What a number input takes as the decimal mark (a point is taken as well). */
    decimalSeparator: language === 'sv' ? ',' : '.',
  } as const;
}
