import i18next, { type i18n } from 'i18next';
import enCommon from './en/common.json';
import esCommon from './es/common.json';
import enErrors from './en/errors.json';
import esErrors from './es/errors.json';
import enAuth from './en/auth.json';
import esAuth from './es/auth.json';
import enRecognition from './en/recognition.json';
import esRecognition from './es/recognition.json';
import enClassroom from './en/classroom.json';
import esClassroom from './es/classroom.json';
import enAdmin from './en/admin.json';
import esAdmin from './es/admin.json';
import enProfile from './en/profile.json';
import esProfile from './es/profile.json';

export const languages = ['en', 'es'] as const;
export type Lang = (typeof languages)[number];
export const namespaces = ['common', 'errors', 'auth', 'recognition', 'classroom', 'admin', 'profile'] as const;

/** Both catalogs, one namespace per area. `en` is the reference: `es` must have every key. */
export const resources = {
  en: { common: enCommon, errors: enErrors, auth: enAuth, recognition: enRecognition, classroom: enClassroom, admin: enAdmin, profile: enProfile },
  es: { common: esCommon, errors: esErrors, auth: esAuth, recognition: esRecognition, classroom: esClassroom, admin: esAdmin, profile: esProfile },
} as const;

type Catalog = Record<string, unknown>;
const catalogs: Record<Lang, Record<(typeof namespaces)[number], () => Promise<{ default: Catalog }>>> = {
  en: {
    common: () => import('./en/common.json'),
    errors: () => import('./en/errors.json'),
    auth: () => import('./en/auth.json'),
    recognition: () => import('./en/recognition.json'),
    classroom: () => import('./en/classroom.json'),
    admin: () => import('./en/admin.json'),
    profile: () => import('./en/profile.json'),
  },
  es: {
    common: () => import('./es/common.json'),
    errors: () => import('./es/errors.json'),
    auth: () => import('./es/auth.json'),
    recognition: () => import('./es/recognition.json'),
    classroom: () => import('./es/classroom.json'),
    admin: () => import('./es/admin.json'),
    profile: () => import('./es/profile.json'),
  },
};

/** One namespace of one language, fetched on demand: the web app loads only what the screens in use need. */
export async function loadCatalog(lang: string, namespace: string): Promise<Catalog> {
  const load = catalogs[lang as Lang]?.[namespace as (typeof namespaces)[number]];
  if (!load) throw new Error(`No catalog ${lang}/${namespace}`);
  return (await load()).default;
}

/** Spanish when the browser's language starts with `es`, otherwise English (docs/rules/shell.md#session-and-language). */
export function languageFrom(value: string | null | undefined): Lang {
  return value?.toLowerCase().startsWith('es') ? 'es' : 'en';
}

let serverInstance: i18n | undefined;

/** A translator for server-side text (e-mails, exports), in the recipient's language. */
export function serverT(lang: Lang) {
  if (!serverInstance) {
    serverInstance = i18next.createInstance();
    void serverInstance.init({ resources, lng: 'en', fallbackLng: 'en', ns: [...namespaces], interpolation: { escapeValue: false }, initAsync: false });
  }
  return serverInstance.getFixedT(lang);
}
