import type { Db } from '../db/database.js';
import { schoolYears } from './school-years.js';

/** One school year of a school: its first and last day (school-local `yyyy-MM-dd`) and the calendar year it starts in. */
export interface YearRange {
  startYear: number;
  from: string;
  to: string;
}

/**
 * The school year of `schoolId` that starts in `startYear` (2025 is 2025-26), or the one that
 * contains `date`, read from the school's own years (`schoolYears`, decision 0570): the family
 * export and the retention job name years by their first calendar year.
 */
export async function yearRange(db: Db, schoolId: string, year: { startYear: number } | { date: string }): Promise<YearRange> {
  const calendar = await schoolYears(db, schoolId);
  if ('date' in year) return calendar.containing(year.date);
  // The latest year starting in that calendar year: try its months from December back.
  for (let month = 12; month >= 1; month--) {
    const span = calendar.containing(`${String(year.startYear).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`);
    if (span.startYear === year.startYear) return span;
  }
  return calendar.containing(`${String(year.startYear).padStart(4, '0')}-08-01`);
}
