import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  DATE_DISPLAY_PATTERNS,
  dateLanguage,
  daysBetween,
  formatDate,
  formatDateTime,
  isIsoDate,
  parseDisplayDate,
  toIsoDate,
  zonedInstant,
} from './dates.js';

const iso = (d: Date) => d.toISOString().slice(0, 10);
/** Any calendar date between 1901 and 2199. */
const dates = fc.date({ min: new Date('1901-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }).map(iso);

describe('dates', () => {
  it('shows a calendar date as MM/dd/yyyy in English and dd/MM/yyyy in Spanish', () => {
    expect(formatDate('2026-02-09', 'en')).toBe('02/09/2026');
    expect(formatDate('2026-02-09', 'es')).toBe('09/02/2026');
    expect(formatDate('2026-02-09', 'es-MX')).toBe('09/02/2026');
    expect(formatDate('2026-02-09', 'fr')).toBe('02/09/2026');
    expect(DATE_DISPLAY_PATTERNS).toEqual({ en: 'MM/dd/yyyy', es: 'dd/MM/yyyy' });
    expect(dateLanguage('ES')).toBe('es');
  });

  it('when given any date, each language reads it back to the same yyyy-MM-dd', () => {
    fc.assert(
      fc.property(dates, fc.constantFrom('en', 'es'), (date, language) => {
        expect(parseDisplayDate(formatDate(date, language), language)).toBe(date);
      }),
    );
  });

  it("takes a timestamp's date in the time zone asked for", () => {
    const instant = '2026-11-24T03:30:00Z';
    expect(formatDate(instant, 'en', 'UTC')).toBe('11/24/2026');
    expect(formatDate(instant, 'en', 'America/Los_Angeles')).toBe('11/23/2026');
    expect(formatDate(new Date(instant), 'es', 'America/Los_Angeles')).toBe('23/11/2026');
    expect(toIsoDate(new Date(instant), 'America/Los_Angeles')).toBe('2026-11-23');
    expect(toIsoDate(new Date(instant), 'Asia/Tokyo')).toBe('2026-11-24');
  });

  it('shows a date and time with a 12-hour clock in English and a 24-hour clock in Spanish', () => {
    expect(formatDateTime('2026-11-23T15:05:00Z', 'en', 'UTC')).toBe('11/23/2026 3:05 PM');
    expect(formatDateTime('2026-11-23T15:05:00Z', 'es', 'UTC')).toBe('23/11/2026 15:05');
    expect(formatDateTime('2026-11-23T00:07:00Z', 'en', 'UTC')).toBe('11/23/2026 12:07 AM');
    expect(formatDateTime('2026-11-23T00:07:00Z', 'es', 'UTC')).toBe('23/11/2026 00:07');
    expect(formatDateTime('2026-11-23T12:00:00Z', 'en', 'UTC')).toBe('11/23/2026 12:00 PM');
  });

  it('when a timestamp is any instant, its UTC date is the ISO date of that instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }), (instant) => {
        expect(toIsoDate(instant, 'UTC')).toBe(iso(instant));
      }),
    );
  });

  it('refuses what is not a real date', () => {
    expect(parseDisplayDate('02/30/2026', 'en')).toBeNull();
    expect(parseDisplayDate('30/02/2026', 'es')).toBeNull();
    expect(parseDisplayDate('13/01/2026', 'en')).toBeNull();
    expect(parseDisplayDate('13/01/2026', 'es')).toBe('2026-01-13');
    expect(parseDisplayDate('2/9/2026', 'en')).toBe('2026-02-09');
    expect(parseDisplayDate('2026-02-09', 'en')).toBeNull();
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(() => formatDate('yesterday', 'en')).toThrow(RangeError);
  });

  it('moves and counts whole days', () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: -800, max: 800 }), (date, n) => {
        expect(daysBetween(date, addDays(date, n))).toBe(n);
      }),
    );
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('zonedInstant', () => {
  it('finds the instant of a wall-clock time in a zone, on both sides of a change of daylight saving time', () => {
    expect(zonedInstant('2026-10-31', '02:30', 'America/New_York').toISOString()).toBe('2026-10-31T06:30:00.000Z');
    expect(zonedInstant('2026-11-02', '02:30', 'America/New_York').toISOString()).toBe('2026-11-02T07:30:00.000Z');
    expect(zonedInstant('2026-07-01', '00:00', 'UTC').toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });

  it('is the inverse of reading the date in the zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom('America/Los_Angeles', 'Europe/Madrid', 'Asia/Kolkata', 'UTC'),
        (day, hour, zone) => {
          const date = addDays('2025-01-01', day);
          const time = `${String(hour).padStart(2, '0')}:15`;
          const instant = zonedInstant(date, time, zone);
          // Only wall times skipped by a spring-forward change (02:xx in these zones) do not read back.
          if (toIsoDate(instant, zone) === date && formatDateTime(instant, 'es', zone).endsWith(time)) return;
          expect({ zone, hour }).toMatchObject({ hour: 2 });
          expect(['UTC', 'Asia/Kolkata']).not.toContain(zone);
        },
      ),
    );
  });
});
