import { i18nReady } from './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchMe } from './app/session';
import { queryClient } from './lib/query-client';

// The session check runs beside the catalogs' download rather than after it (docs/decisions/0552).
void prefetchMe(queryClient);

// The first screen renders once its language's catalogs are in, so no key ever flashes.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
