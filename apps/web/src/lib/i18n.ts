import { languageFrom, loadCatalog, type Lang } from '@high5/i18n';
import i18next, { type BackendModule } from 'i18next';
import { lazy, type ComponentType } from 'react';
import { initReactI18next } from 'react-i18next';
import { firstLoadNamespaces, type Namespace } from './namespaces';

const STORAGE_KEY = 'high5.language';

/** The language before sign-in: the one chosen this session, else the browser's (docs/rules/shell.md#session-and-language). */
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
// and only the namespaces in use: the first load has the sign-in page's (lib/namespaces.ts).
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
    ns: [...firstLoadNamespaces],
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
 * The one place that loads catalog namespaces after the first load: the router awaits a screen's
 * (app/area-route.ts) with its code, and `lazyWithNamespaces` a lazy part's. Each declares exactly
 * the namespaces its code uses (app/route-namespaces.test.ts checks), so a student's dashboard
 * never downloads the classroom or admin catalogs.
 */
export const loadNamespaces = (namespaces: readonly Namespace[]) => i18next.loadNamespaces([...namespaces]);

/**
 * A component loaded on first render together with the namespaces it uses beyond its screen's: for
 * a part shown to some users only (the shell's alerts badge, for teachers and staff). Render it
 * inside a Suspense boundary of its own. The route-namespaces test reads `namespaces` as written
 * here (an array of string literals) and checks the part's code against it.
 */
export function lazyWithNamespaces<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, namespaces: readonly Namespace[]) {
  return lazy(async () => (await Promise.all([load(), loadNamespaces(namespaces)]))[0]);
}

export default i18next;
