import { CURRENCY } from './products';

/** A price in euro cents as a buyer of the language reads it: €49.00 in English, 49,00 € in Swedish. */
export function formatPrice(cents: number, language: string): string {
  return new Intl.NumberFormat(language === 'sv' ? 'sv-SE' : 'en-IE', {
    style: 'currency',
    currency: CURRENCY,
  }).format(cents / 100);
}
