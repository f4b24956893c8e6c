import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

type Area = 'auth' | 'recognition' | 'classroom' | 'admin';

/**
 * The catalog key that says what went wrong: the area's own `<area>:errors.<CODE>` first, then
 * the shared `errors:<CODE>`. A validation failure whose field issue has a sentence of its own
 * (`errors:issues.<code>`, e.g. a range over a year) says that, rather than pointing at
 * highlighted fields the screen may not have.
 */
export function errorKeyFor(error: unknown, area: Area | undefined, exists: (key: string) => boolean) {
  const code = error instanceof ApiError ? error.code : 'INTERNAL';
  if (code === 'VALIDATION_FAILED' && error instanceof ApiError) {
    const known = error.issues.map((issue) => `errors:issues.${issue.code}`).find(exists);
    if (known) return known;
  }
  if (area && exists(`${area}:errors.${code}`)) return `${area}:errors.${code}`;
  if (exists(`errors:${code}`)) return `errors:${code}`;
  return 'errors:INTERNAL';
}

/** Turns any failure into a sentence in the user's language (see errorKeyFor). */
export function useErrorText(area?: Area) {
  const { t, i18n } = useTranslation();
  return (error: unknown) => t(errorKeyFor(error, area, (key) => i18n.exists(key)));
}
