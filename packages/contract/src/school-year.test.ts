import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth, firstClosingYearStart, monthRange, schoolYearAmong, schoolYearMonths, schoolYearOf, schoolYearsBetween } from './school-year.js';

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const nextDay = (isoDate: string) => iso(new Date(Date.parse(`${isoDate}T00:00:00Z`) + DAY));
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Any calendar date between 1901 and 2199. */
const dates = fc.date({ min: new Date('1901-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }).map(iso);

describe('school year', () => {
  it('when given any date, the twelve months run from 1 August to 31 July without gaps or overlaps', () => {
    fc.assert(
      fc.property(dates, (date) => {
        const months = schoolYearMonths(date);
        const year = schoolYearOf(date);
        expect(months).toHaveLength(12);
        expect(months[0]!.from).toBe(year.from);
        expect(months[11]!.to).toBe(year.to);
        expect(year.from.endsWith('-08-01')).toBe(true);
        expect(year.to.endsWith('-07-31')).toBe(true);
        for (let i = 1; i < 12; i++) expect(months[i]!.from).toBe(nextDay(months[i - 1]!.to));
      }),
    );
  });

  it('when given any date, it lies in exactly one month of its own school year', () => {
    fc.assert(
      fc.property(dates, (date) => {
        const containing = schoolYearMonths(date).filter((m) => m.from <= date && date <= m.to);
        expect(containing).toHaveLength(1);
        expect(containing[0]!.month).toBe(date.slice(0, 7));
      }),
    );
  });

  it('when the year holds a 29 February, the school year has 366 days, else 365', () => {
    fc.assert(
      fc.property(dates, (date) => {
        const { from, to, startYear } = schoolYearOf(date);
        const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY + 1;
        expect(days).toBe(isLeap(startYear + 1) ? 366 : 365);
      }),
    );
  });

  it('when given any month, its range ends on the real last day of that month', () => {
    fc.assert(
      fc.property(dates, (date) => {
        const range = monthRange(date);
        expect(range.from).toBe(`${date.slice(0, 7)}-01`);
        expect(nextDay(range.to).slice(0, 7)).not.toBe(range.month);
        expect(range.to.slice(0, 7)).toBe(range.month);
      }),
    );
  });

  it('counts 29 February in leap years and not otherwise', () => {
    expect(monthRange('2028-02')).toEqual({ month: '2028-02', from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2027-02').to).toBe('2027-02-28');
    expect(monthRange('2100-02').to).toBe('2100-02-28');
    expect(monthRange('2000-02').to).toBe('2000-02-29');
    expect(daysInMonth(2024, 2)).toBe(29);
  });

  it('starts the school year in August: July belongs to the year before', () => {
    expect(schoolYearOf('2026-07-31')).toMatchObject({ from: '2025-08-01', to: '2026-07-31' });
    expect(schoolYearOf('2026-08-01')).toMatchObject({ from: '2026-08-01', to: '2027-07-31' });
    expect(schoolYearMonths('2027-03-10').map((m) => m.month)).toEqual([
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
    ]);
  });
});

describe('a school with its own years (decision 0570)', () => {
  const recorded = [
    { startsOn: '2026-08-01', endsOn: '2027-08-15' },
    { startsOn: '2027-08-16', endsOn: null },
  ];
  it('with no recorded year, it is the default year', () => {
    fc.assert(
      fc.property(dates, (date) => {
        expect(schoolYearAmong([], date)).toEqual(schoolYearOf(date));
      }),
    );
  });
  it('before, inside and after the recorded years, every day belongs to exactly one year', () => {
    expect(schoolYearAmong(recorded, '2026-07-31')).toEqual({ from: '2025-08-01', to: '2026-07-31', startYear: 2025 });
    expect(schoolYearAmong(recorded, '2027-08-15')).toEqual({ from: '2026-08-01', to: '2027-08-15', startYear: 2026 });
    expect(schoolYearAmong(recorded, '2027-08-16')).toEqual({ from: '2027-08-16', to: '2028-08-15', startYear: 2027 });
    expect(schoolYearAmong(recorded, '2029-01-01')).toEqual({ from: '2028-08-16', to: '2029-08-15', startYear: 2028 });
    fc.assert(
      fc.property(dates, (date) => {
        const year = schoolYearAmong(recorded, date);
        expect(year.from <= date && date <= year.to).toBe(true);
        expect(schoolYearAmong(recorded, nextDay(year.to)).from).toBe(nextDay(year.to));
      }),
    );
  });
  it('after a closed year with no current one recorded, the days after it start the next years', () => {
    const closedOnly = [{ startsOn: '2026-08-01', endsOn: '2027-08-15' }];
    expect(schoolYearAmong(closedOnly, '2027-08-15')).toEqual({ from: '2026-08-01', to: '2027-08-15', startYear: 2026 });
    expect(schoolYearAmong(closedOnly, '2027-09-01')).toEqual({ from: '2027-08-16', to: '2028-08-15', startYear: 2027 });
    fc.assert(
      fc.property(dates, (date) => {
        const year = schoolYearAmong(closedOnly, date);
        expect(year.from <= date && date <= year.to).toBe(true);
        expect(schoolYearAmong(closedOnly, nextDay(year.to)).from).toBe(nextDay(year.to));
      }),
    );
  });
  it('lists the years between two days, newest first, without gaps', () => {
    expect(schoolYearsBetween(recorded, '2025-11-01', '2027-09-01').map((y) => y.from)).toEqual(['2027-08-16', '2026-08-01', '2025-08-01']);
  });
});

describe("the year a school's first rollover closes (decision 0609)", () => {
  it('starts on 1 August for a start from August to October, a year earlier otherwise', () => {
    expect(firstClosingYearStart('2027-08-16')).toBe('2026-08-01');
    expect(firstClosingYearStart('2027-10-31')).toBe('2026-08-01');
    expect(firstClosingYearStart('2027-11-02')).toBe('2026-11-02');
    expect(firstClosingYearStart('2027-01-10')).toBe('2026-01-10');
    expect(firstClosingYearStart('2028-02-29')).toBe('2027-03-01');
  });
  it('lasts at least a year and at most fifteen months, and no older default year is cut to under three months', () => {
    fc.assert(
      fc.property(dates, (startsOn) => {
        const from = firstClosingYearStart(startsOn);
        const days = (Date.parse(startsOn) - Date.parse(from)) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(365);
        expect(days).toBeLessThanOrEqual(366 + 92);
        const before = schoolYearAmong([{ startsOn: from, endsOn: null }], iso(new Date(Date.parse(from) - DAY)));
        expect((Date.parse(before.to) - Date.parse(before.from)) / DAY).toBeGreaterThanOrEqual(92);
      }),
    );
  });
});
