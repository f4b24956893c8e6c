import { toIsoDate } from '@high5/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followSession, lastDays, schoolTimeZone, todayIso } from './calendar';

const signedIn = (timeZone: string | null) => ({ school: timeZone ? { timeZone } : null });

describe("the web's today is the school's (decision 0327)", () => {
  afterEach(() => {
    vi.useRealTimers();
    followSession(null);
  });

  // 06:30 UTC on 27 November: 22:30 on the 26th in Los Angeles, 15:30 on the 27th in Tokyo.
  const NIGHT = new Date('2026-11-27T06:30:00Z');

  it('when the school and the device are on different dates, it follows the school, whatever the device', () => {
    vi.useFakeTimers({ now: NIGHT, toFake: ['Date'] });
    followSession(signedIn('America/Los_Angeles'));
    expect(todayIso()).toBe('2026-11-26');
    expect(schoolTimeZone()).toBe('America/Los_Angeles');
    followSession(signedIn('Asia/Tokyo'));
    expect(todayIso()).toBe('2026-11-27');
  });

  it('signed in without a school (a super admin), it is UTC, as the server counts', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T23:30:00Z'), toFake: ['Date'] });
    followSession(signedIn(null));
    expect(todayIso()).toBe('2026-11-27');
    expect(schoolTimeZone()).toBe('UTC');
  });

  it("signed out (or before the session is known), it is the device's", () => {
    vi.useFakeTimers({ now: NIGHT, toFake: ['Date'] });
    followSession(signedIn('America/Los_Angeles'));
    followSession(null);
    expect(todayIso()).toBe(toIsoDate(NIGHT));
    followSession(undefined);
    expect(schoolTimeZone()).toBeUndefined();
  });

  it('the default ranges end on that today', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T07:00:00Z'), toFake: ['Date'] });
    followSession(signedIn('America/Los_Angeles'));
    expect(lastDays(10)).toEqual({ from: '2026-02-18', to: '2026-02-28' });
  });
});
