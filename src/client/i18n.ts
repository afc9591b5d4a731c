import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chooseLanguage, type Language } from '../shared/domain/language';
import { storageKeys } from '../shared/domain/storage';
import { namespaces, resources } from '../shared/i18n';
import { storage } from './storage';

export const initialLanguage = chooseLanguage(storage.get(storageKeys.locale), navigator.languages ?? []);

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage,
  fallbackLng: 'en',
  ns: namespaces,
  defaultNS: 'shell',
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = initialLanguage;

/** Switches the language and remembers the choice in `userLocale`. */
export function setLanguage(language: Language): void {
  storage.set(storageKeys.locale, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

export default i18n;
