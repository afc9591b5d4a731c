import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chooseLanguage, type Language } from '../../shared/domain/language';
import { storageKeys } from '../../shared/domain/storage';
import type { Namespace } from '../../shared/i18n';
import { shell as enShell } from '../../shared/i18n/en/shell';
import { storage } from './storage';

export const initialLanguage = chooseLanguage(storage.get(storageKeys.locale), navigator.languages ?? []);

/**
 * The app frame's texts: English ships with the first page (it is also the fallback, and says that the backend
 * could not be reached when even the error texts cannot be loaded); Swedish is a chunk of its own, loaded before
 * the first render when it is the language and before the switch when the user picks it, so neither flashes keys.
 */
const frameNamespaces = ['shell'] as const;
type FrameNamespace = (typeof frameNamespaces)[number];
export type PageNamespace = Exclude<Namespace, FrameNamespace>;

const swedishFrame: Record<FrameNamespace, () => Promise<ResourceKey>> = {
  shell: () => import('../../shared/i18n/sv/shell').then((m) => m.shell),
};

/**
 * Every other namespace is a chunk per language (the error texts too: they are loaded before a failed call
 * reports, `loadErrorTexts`), loaded when the first component asks for it; react-i18next
 * suspends that component meanwhile. A namespace added to the bundles fails to compile until it is listed here.
 */
const pageBundles: Record<Language, Record<PageNamespace, () => Promise<ResourceKey>>> = {
  en: {
    errors: () => import('../../shared/i18n/en/errors').then((m) => m.errors),
    signIn: () => import('../../shared/i18n/en/signIn').then((m) => m.signIn),
    identity: () => import('../../shared/i18n/en/identity').then((m) => m.identity),
    site: () => import('../../shared/i18n/en/site').then((m) => m.site),
    learning: () => import('../../shared/i18n/en/learning').then((m) => m.learning),
    coaching: () => import('../../shared/i18n/en/coaching').then((m) => m.coaching),
    authoring: () => import('../../shared/i18n/en/authoring').then((m) => m.authoring),
    administration: () => import('../../shared/i18n/en/administration').then((m) => m.administration),
    codes: () => import('../../shared/i18n/en/codes').then((m) => m.codes),
    companies: () => import('../../shared/i18n/en/companies').then((m) => m.companies),
    courseEditor: () => import('../../shared/i18n/en/courseEditor').then((m) => m.courseEditor),
    blockEditor: () => import('../../shared/i18n/en/blockEditor').then((m) => m.blockEditor),
    eartraining: () => import('../../shared/i18n/en/eartraining').then((m) => m.eartraining),
    commerce: () => import('../../shared/i18n/en/commerce').then((m) => m.commerce),
    accounting: () => import('../../shared/i18n/en/accounting').then((m) => m.accounting),
    surveys: () => import('../../shared/i18n/en/surveys').then((m) => m.surveys),
    statistics: () => import('../../shared/i18n/en/statistics').then((m) => m.statistics),
  },
  sv: {
    errors: () => import('../../shared/i18n/sv/errors').then((m) => m.errors),
    signIn: () => import('../../shared/i18n/sv/signIn').then((m) => m.signIn),
    identity: () => import('../../shared/i18n/sv/identity').then((m) => m.identity),
    site: () => import('../../shared/i18n/sv/site').then((m) => m.site),
    learning: () => import('../../shared/i18n/sv/learning').then((m) => m.learning),
    coaching: () => import('../../shared/i18n/sv/coaching').then((m) => m.coaching),
    authoring: () => import('../../shared/i18n/sv/authoring').then((m) => m.authoring),
    administration: () => import('../../shared/i18n/sv/administration').then((m) => m.administration),
    codes: () => import('../../shared/i18n/sv/codes').then((m) => m.codes),
    companies: () => import('../../shared/i18n/sv/companies').then((m) => m.companies),
    courseEditor: () => import('../../shared/i18n/sv/courseEditor').then((m) => m.courseEditor),
    blockEditor: () => import('../../shared/i18n/sv/blockEditor').then((m) => m.blockEditor),
    eartraining: () => import('../../shared/i18n/sv/eartraining').then((m) => m.eartraining),
    commerce: () => import('../../shared/i18n/sv/commerce').then((m) => m.commerce),
    accounting: () => import('../../shared/i18n/sv/accounting').then((m) => m.accounting),
    surveys: () => import('../../shared/i18n/sv/surveys').then((m) => m.surveys),
    statistics: () => import('../../shared/i18n/sv/statistics').then((m) => m.statistics),
  },
};

const pageBundleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load =
      language === 'sv' && namespace in swedishFrame
        ? swedishFrame[namespace as FrameNamespace]
        : pageBundles[language as Language]?.[namespace as PageNamespace];
    if (!load) return callback(null, {});
    load().then(
      (bundle) => callback(null, bundle),
      (error: Error) => callback(error, null),
    );
  },
};

void i18n
  .use(pageBundleBackend)
  .use(initReactI18next)
  .init({
    resources: { en: { shell: enShell } },
    partialBundledLanguages: true,
    // With the frame's texts given, init is synchronous in English: the shell renders at once without suspending.
    initAsync: false,
    lng: initialLanguage,
    fallbackLng: 'en',
    ns: [...frameNamespaces],
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
document.documentElement.lang = initialLanguage;

/** Starts loading namespaces before the component that needs them renders (a route's page with its chunk). */
export function loadNamespaces(namespaces: readonly PageNamespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

/**
 * Loads the error texts (spec §8) in the current language; a failed call waits for them before it reports
 * (app/api.ts `beforeFailing`), so whatever shows its error finds the text. Never rejects: without them a failure
 * reads as the frame's `loadFailed`.
 */
export const loadErrorTexts = (): Promise<void> => i18n.loadNamespaces('errors').catch(() => {});

/** Switches the language and remembers the choice in `userLocale`. */
export function setLanguage(language: Language): void {
  storage.set(storageKeys.locale, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

export default i18n;
