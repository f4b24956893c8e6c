import { languageFrom, namespaces, resources, type Lang } from '@high5/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const STORAGE_KEY = 'high5.language';

/** The language before sign-in: the one chosen this session, else the browser's (spec 000 section 4). */
export function initialLanguage(): Lang {
  return languageFrom(sessionStorage.getItem(STORAGE_KEY) ?? navigator.language);
}

export function setLanguage(lang: Lang) {
  sessionStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  return i18next.changeLanguage(lang);
}

void i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  ns: [...namespaces],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  // A missing key is a bug: make it loud in development.
  saveMissing: import.meta.env.DEV,
  missingKeyHandler: (_lngs, ns, key) => {
    if (import.meta.env.DEV) console.error(`Missing translation ${ns}:${key}`);
  },
});
document.documentElement.lang = i18next.language;

export default i18next;
