import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

export type Area = 'auth' | 'recognition' | 'classroom' | 'admin';

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

/**
 * The catalog key of a form field's error, kept as a key or code in the form state: a full key
 * (`errors:field.required`, from the contract form), the area's or the shared error code (a schema's
 * `PASSWORD_TOO_WEAK`), an issue sentence (`invalid_url`), or a server issue's zod code (`too_big`).
 */
export function fieldErrorKey(message: string, area: Area | undefined, exists: (key: string) => boolean) {
  const candidates = [message, area && `${area}:errors.${message}`, `errors:${message}`, `errors:issues.${message}`, `errors:field.${message}`];
  return candidates.find((key): key is string => !!key && key.includes(':') && exists(key)) ?? 'errors:field.invalid';
}

/** Words a form field's error (see fieldErrorKey) in the user's language; undefined when there is none. */
export function useFieldErrorText(area?: Area) {
  const { t, i18n } = useTranslation();
  return (message: string | undefined) => (message === undefined ? undefined : t(fieldErrorKey(message, area, (key) => i18n.exists(key))));
}
