import { useTranslation } from 'react-i18next';

export { formatPrice } from '../../../shared/domain/commerce/price';

/** The shop's language: the one the page is shown in. */
export function useShopLanguage(): 'en' | 'sv' {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language) === 'sv' ? 'sv' : 'en';
}
