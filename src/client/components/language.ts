import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, type Language } from '../../shared/domain/language';

/** The app's language now (i18next's), as one of the supported ones. */
export const currentLanguage = (): Language => chooseLanguage(i18next.resolvedLanguage ?? i18next.language, []);

/** The app's language, re-rendering on a switch: for a query whose answer is in the reader's language. */
export function useContentLanguage(): Language {
  const { i18n } = useTranslation();
  return chooseLanguage(i18n.resolvedLanguage ?? i18n.language, []);
}
