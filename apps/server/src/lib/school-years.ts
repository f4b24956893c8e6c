import { schoolYearAmong, schoolYearsBetween, toIsoDate, type RecordedSchoolYear, type SchoolYearSpan } from '@high5/contract';
import type { Queryable } from '../db/database.js';
import { badRequest } from './errors.js';

/** A school's years, read once: the authority on school years for every area (docs/decisions/0570). */
export interface SchoolYearCalendar {
  /** The school year containing `isoDate` (a school-local `yyyy-MM-dd`). */
  containing(isoDate: string): SchoolYearSpan;
  /** The school's years, from the one it was created in to the one containing `today`, newest first. */
  list(today: string): SchoolYearSpan[];
  /** The one school year a report's range lies in; 400 RANGE_CROSSES_SCHOOL_YEAR when it runs into another (decision 0573). */
  yearOfRange(range: { from: string; to: string }): SchoolYearSpan;
  /** The years as recorded by rollovers (oldest first); empty for a school that never rolled over. */
  recorded: readonly (RecordedSchoolYear & { id: string })[];
}

/**
 * The school years of school `schoolId`. A school that never rolled over follows the default
 * 1 August to 31 July (the contract's `schoolYearOf`); its rollovers make its own years the authority.
 */
export async function schoolYears(db: Queryable, schoolId: string): Promise<SchoolYearCalendar> {
  const [rows, school] = await Promise.all([
    db.selectFrom('schoolYears').select(['id', 'startsOn', 'endsOn']).where('schoolId', '=', schoolId).orderBy('startsOn').execute(),
    db.selectFrom('schools').select(['createdAt', 'timeZone']).where('id', '=', schoolId).executeTakeFirst(),
  ]);
  const created = school ? toIsoDate(school.createdAt, school.timeZone) : null;
  return {
    recorded: rows,
    containing: (isoDate) => schoolYearAmong(rows, isoDate),
    yearOfRange: (range) => {
      const year = schoolYearAmong(rows, range.from);
      if (range.to > year.to) throw badRequest('RANGE_CROSSES_SCHOOL_YEAR', [{ path: 'query.range', code: 'RANGE_CROSSES_SCHOOL_YEAR' }]);
      return year;
    },
    list: (today) => {
      const firstDay = [created, rows[0]?.startsOn].filter((d): d is string => !!d).sort()[0] ?? today;
      return schoolYearsBetween(rows, firstDay, today);
    },
  };
}
