import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/use-error-text';

/** Like useErrorText, with the profile namespace's own texts first (`profile:errors.<CODE>`). */
export function useProfileErrorText() {
  const { t, i18n } = useTranslation();
  const fallback = useErrorText();
  return (error: unknown) => {
    if (error instanceof ApiError && i18n.exists(`profile:errors.${error.code}`)) return t(`profile:errors.${error.code}`);
    return fallback(error);
  };
}
