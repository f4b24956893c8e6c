/** Month names in the user's language, from the calendar month `yyyy-MM` (no time zone shifts). */
export function monthName(month: string, language: string, style: 'short' | 'long' = 'short'): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, m - 1, 15));
  return new Intl.DateTimeFormat(language, { month: style, timeZone: 'UTC' }).format(date).replace(/\.$/, '');
}

/** "October 2026" / "octubre de 2026". */
export function monthAndYear(month: string, language: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 15)));
}

/** A valid `yyyy-MM` from the address bar, or null. */
export function parseMonth(value: string | null): string | null {
  if (!value || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return null;
  return value;
}
