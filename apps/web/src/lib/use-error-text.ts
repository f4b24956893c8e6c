import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

/**
 * Turns any failure into a sentence in the user's language: the area's own
 * `<area>:errors.<CODE>` first, then the shared `errors:<CODE>`.
 */
export function useErrorText(area?: 'auth' | 'recognition' | 'classroom' | 'admin') {
  const { t, i18n } = useTranslation();
  return (error: unknown) => {
    const code = error instanceof ApiError ? error.code : 'INTERNAL';
    if (area && i18n.exists(`${area}:errors.${code}`)) return t(`${area}:errors.${code}`);
    if (i18n.exists(`errors:${code}`)) return t(`errors:${code}`);
    return t('errors:INTERNAL');
  };
}
