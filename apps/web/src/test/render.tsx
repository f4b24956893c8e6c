import { loadCatalog, namespaces, type Lang } from '@high5/i18n';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';

/**
 * Renders a component as the app would, in `lang`, with every catalog loaded (component tests run
 * in happy-dom: `// @vitest-environment happy-dom` at the top of the file).
 */
export async function renderIn(ui: ReactElement, lang: Lang = 'en') {
  const i18n = createInstance();
  const resources = { [lang]: Object.fromEntries(await Promise.all(namespaces.map(async (ns) => [ns, await loadCatalog(lang, ns)] as const))) };
  await i18n.use(initReactI18next).init({ lng: lang, fallbackLng: false, resources, defaultNS: 'common', interpolation: { escapeValue: false } });
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}
