import { schoolYearOf } from '@high5/contract';
import type { Db } from '../db/database.js';

/** One school year of a school: its first and last day (school-local `yyyy-MM-dd`) and the calendar year it starts in. */
export interface YearRange {
  startYear: number;
  from: string;
  to: string;
}

/**
 * The school year of `schoolId` that starts in `startYear` (2025 is 2025-26), or the one that
 * contains `date`. The one place the family export and the retention job learn a year's days:
 * today every school's year is the contract's August to July; a school's own years replace it here.
 */
export async function yearRange(db: Db, schoolId: string, year: { startYear: number } | { date: string }): Promise<YearRange> {
  void db;
  void schoolId;
  return schoolYearOf('date' in year ? year.date : `${String(year.startYear).padStart(4, '0')}-08-01`);
}
