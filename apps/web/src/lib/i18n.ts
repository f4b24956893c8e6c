import { languageFrom, loadCatalog, type Lang } from '@high5/i18n';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

const STORAGE_KEY = 'high5.language';

/** The language before sign-in: the one chosen this session, else the browser's (spec 000 section 4). */
export function initialLanguage(): Lang {
  return languageFrom(sessionStorage.getItem(STORAGE_KEY) ?? navigator.language);
}

export function setLanguage(lang: Lang) {
  sessionStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  // Loads the new language's copy of every namespace loaded so far, then switches.
  return i18next.changeLanguage(lang);
}

// Only the user's language is fetched (no fallback language: the parity check keeps `es` complete),
// and only the namespaces in use: the sign-in page needs these three.
const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lang, namespace, callback) => {
    loadCatalog(lang, namespace).then(
      (catalog) => callback(null, catalog),
      (error: Error) => callback(error, null),
    );
  },
};

/** Resolves once the first screen's catalogs are in: main.tsx renders after it. */
export const i18nReady = i18next
  .use(backend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: false,
    ns: ['common', 'errors', 'auth'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    // A missing key is a bug: make it loud in development.
    saveMissing: import.meta.env.DEV,
    missingKeyHandler: (_lngs, ns, key) => {
      if (import.meta.env.DEV) console.error(`Missing translation ${ns}:${key}`);
    },
  })
  .then(() => {
    document.documentElement.lang = i18next.language;
  });

/**
 * The namespaces every screen past sign-in uses (the shell, recognition, classroom, profile), plus
 * a screen's own (`admin` for the admin area's screens only: a student never downloads it). The
 * router awaits them with the screen's code.
 */
export const loadAreaNamespaces = (extra: readonly string[] = []) => i18next.loadNamespaces(['recognition', 'classroom', 'profile', ...extra]);

export default i18next;
