import { DATE_DISPLAY_PATTERNS, dateLanguage, formatDate, formatDateTime } from '@high5/contract';
import { timestampTimeZone } from './calendar';
import i18next from './i18n';

/**
 * Dates on screen, in the current language's convention (decision 0190): `MM/dd/yyyy` in
 * English, `dd/MM/yyyy` in Spanish. The contract's formatter does the work; these only pass
 * the language, so call them while rendering (a language switch re-renders every screen).
 */
export const showDate = (value: string | Date) => formatDate(value, i18next.language);

/**
 * A timestamp's date and time on screen (`11/23/2026 3:05 PM`, `23/11/2026 15:05`), in the session's
 * school's zone (`timestampTimeZone`, decision 0331), or in `timeZone` when given.
 */
export const showDateTime = (value: string | Date, timeZone: string | undefined = timestampTimeZone()) => formatDateTime(value, i18next.language, timeZone);

/** The pattern date pickers show and read in `language`. */
export const datePattern = (language: string) => DATE_DISPLAY_PATTERNS[dateLanguage(language)];

// Today and the default ranges live apart from the display helpers (no i18n needed).
export * from './calendar';
