import { useTranslation } from 'react-i18next';
import { CURRENCY } from '../../../shared/domain/commerce/products';

/** A price in euro cents as a buyer of the language reads it: €49.00 in English, 49,00 € in Swedish. */
export function formatPrice(cents: number, language: string): string {
  return new Intl.NumberFormat(language === 'sv' ? 'sv-SE' : 'en-IE', {
    style: 'currency',
    currency: CURRENCY,
  }).format(cents / 100);
}

/** The shop's language: the one the page is shown in. */
export function useShopLanguage(): 'en' | 'sv' {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language) === 'sv' ? 'sv' : 'en';
}
