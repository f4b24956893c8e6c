import { describe, expect, it } from 'vitest';
import { matchesTimeZone, timeZoneLabel, timeZoneOptions } from './time-zones';

describe('time zones by name', () => {
  it('names a zone as people know it, in English and Spanish', () => {
    expect(timeZoneLabel('America/Los_Angeles', 'en')).toBe('Pacific Time (Los Angeles)');
    expect(timeZoneLabel('America/Los_Angeles', 'es')).toBe('Hora del Pacífico (Los Angeles)');
    expect(timeZoneLabel('America/New_York', 'en')).toBe('Eastern Time (New York)');
  });

  it('lists every zone the runtime knows, the usual US zones first', () => {
    const options = timeZoneOptions('en');
    expect(options.length).toBe(Intl.supportedValuesOf('timeZone').length);
    expect(options.slice(0, 5).map((o) => o.id)).toEqual(['America/Los_Angeles', 'America/Denver', 'America/Phoenix', 'America/Chicago', 'America/New_York']);
  });

  it('finds a zone by city or name, ignoring case and accents', () => {
    const options = timeZoneOptions('es');
    const find = (q: string) => options.filter((o) => matchesTimeZone(o, q)).map((o) => o.id);
    expect(find('los angeles')).toContain('America/Los_Angeles');
    expect(find('pacifico')).toContain('America/Los_Angeles');
    expect(find('America/Chicago')).toEqual(['America/Chicago']);
  });
});
