/**
 * The school year (August to July) and its months, computed from the real calendar:
 * the original used a fixed 28-day February and lost 29 February in leap years.
 * Every date here is a school-local calendar date, `yyyy-MM-dd`; the server decides
 * "today" in the school's time zone and both sides use these functions.
 */

/** The month a school year starts in (1-based): August. */
export const SCHOOL_YEAR_START_MONTH = 8;

/** One calendar month: `month` is `yyyy-MM`, `from` and `to` its first and last day. */
export interface MonthRange {
  month: string;
  from: string;
  to: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function parts(isoDate: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(isoDate);
  if (!match) throw new RangeError(`not a yyyy-MM-dd date: ${isoDate}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3] ?? 1) };
}

/** Days in `month` (1-12) of `year`, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The first and last day of the month `yyyy-MM` (or of the month a `yyyy-MM-dd` date falls in). */
export function monthRange(monthOrDate: string): MonthRange {
  const { year, month } = parts(monthOrDate);
  const ym = `${pad(year, 4)}-${pad(month)}`;
  return { month: ym, from: `${ym}-01`, to: `${ym}-${pad(daysInMonth(year, month))}` };
}

/** The calendar year the school year containing `isoDate` starts in. */
export function schoolYearStartYear(isoDate: string): number {
  const { year, month } = parts(isoDate);
  return month >= SCHOOL_YEAR_START_MONTH ? year : year - 1;
}

/** The school year containing `isoDate`: 1 August to 31 July. */
export function schoolYearOf(isoDate: string): { from: string; to: string; startYear: number } {
  const startYear = schoolYearStartYear(isoDate);
  return { from: `${pad(startYear, 4)}-08-01`, to: `${pad(startYear + 1, 4)}-07-31`, startYear };
}

/** The twelve months (August first) of the school year containing `isoDate`. */
export function schoolYearMonths(isoDate: string): MonthRange[] {
  const startYear = schoolYearStartYear(isoDate);
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((SCHOOL_YEAR_START_MONTH - 1 + i) % 12) + 1;
    const year = month >= SCHOOL_YEAR_START_MONTH ? startYear : startYear + 1;
    return monthRange(`${pad(year, 4)}-${pad(month)}`);
  });
}

/** One school year of a school: `from` and `to` are its first and last days (school-local). */
export interface SchoolYearSpan {
  from: string;
  to: string;
  /** The calendar year `from` falls in: a year is named `startYear–startYear+1`. */
  startYear: number;
}

/** A school's recorded year (table school_years): `endsOn` is null for the current one. */
export interface RecordedSchoolYear {
  startsOn: string;
  endsOn: string | null;
}

const dayBefore = (isoDate: string) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const nextDay = (isoDate: string) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
const plusYears = (isoDate: string, years: number) => {
  const { year, month, day } = parts(isoDate);
  // 29 February plus a year is 1 March (the day after 28 February).
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year + years);
  return d.toISOString().slice(0, 10);
};
const span = (from: string, to: string): SchoolYearSpan => ({ from, to, startYear: parts(from).year });

/**
 * The school year containing `isoDate` for a school whose recorded years are `recorded`
 * (docs/decisions/0570): before the first recorded year, the default 1 August to 31 July (the
 * last one cut short where the first recorded year starts); a recorded year as written; after the
 * current year's first twelve months, the next years start on its anniversary until the school
 * rolls over again; after a closed year with no year recorded after it, likewise from its next day.
 * With no recorded years this is `schoolYearOf`.
 */
export function schoolYearAmong(recorded: readonly RecordedSchoolYear[], isoDate: string): SchoolYearSpan {
  const sorted = [...recorded].sort((a, b) => a.startsOn.localeCompare(b.startsOn));
  const first = sorted[0];
  if (!first || isoDate < first.startsOn) {
    const year = schoolYearOf(isoDate);
    return { ...year, to: first && year.to >= first.startsOn ? dayBefore(first.startsOn) : year.to };
  }
  const row = sorted.filter((r) => r.startsOn <= isoDate).at(-1)!;
  if (row.endsOn && isoDate <= row.endsOn) return span(row.startsOn, row.endsOn);
  // The current year, or the days after a closed year with none recorded after it: years run on
  // from its start (the day after the closed one), a twelve-month year at a time.
  const start = row.endsOn ? nextDay(row.endsOn) : row.startsOn;
  let k = 0;
  while (plusYears(start, k + 1) <= isoDate) k++;
  return span(plusYears(start, k), dayBefore(plusYears(start, k + 1)));
}

/** A school whose year starts this many days after 1 August is still an August school (docs/decisions/0609). */
const LATE_START_DAYS = 92;

/**
 * The first day of the year a school's first rollover to `startsOn` closes (docs/decisions/0609):
 * a year before the new start, moved back to the default 1 August when that is at most three months
 * earlier. The closing year lasts twelve to fifteen months and older days stay in the default years.
 */
export function firstClosingYearStart(startsOn: string): string {
  const yearBefore = plusYears(startsOn, -1);
  const august = schoolYearOf(yearBefore).from;
  return Date.parse(yearBefore) - Date.parse(august) <= LATE_START_DAYS * 86_400_000 ? august : yearBefore;
}

/** Every school year from the one containing `firstDay` to the one containing `today`, newest first. */
export function schoolYearsBetween(recorded: readonly RecordedSchoolYear[], firstDay: string, today: string): SchoolYearSpan[] {
  const years: SchoolYearSpan[] = [];
  let year = schoolYearAmong(recorded, today < firstDay ? today : firstDay);
  for (;;) {
    years.unshift(year);
    if (year.to >= today) return years;
    const next = new Date(`${year.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    year = schoolYearAmong(recorded, next.toISOString().slice(0, 10));
  }
}
