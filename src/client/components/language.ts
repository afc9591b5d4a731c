import i18next from 'i18next';
import { chooseLanguage, type Language } from '../../shared/domain/language';

/** The app's language now (i18next's), as one of the supported ones. */
export const currentLanguage = (): Language => chooseLanguage(i18next.resolvedLanguage ?? i18next.language, []);
