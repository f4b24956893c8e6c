import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastDays, setSchoolTimeZone, todayIso } from './school-calendar';

describe("the web's today is the school's", () => {
  afterEach(() => {
    vi.useRealTimers();
    setSchoolTimeZone(undefined);
  });

  it('when the device and the school are on different dates, it follows the school', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T06:30:00Z'), toFake: ['Date'] });
    setSchoolTimeZone('America/Los_Angeles');
    expect(todayIso()).toBe('2026-11-26');
    setSchoolTimeZone('Asia/Tokyo');
    expect(todayIso()).toBe('2026-11-27');
  });

  it('the default ranges end on that today', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T07:00:00Z'), toFake: ['Date'] });
    setSchoolTimeZone('America/Los_Angeles');
    expect(lastDays(10)).toEqual({ from: '2026-02-18', to: '2026-02-28' });
  });
});
