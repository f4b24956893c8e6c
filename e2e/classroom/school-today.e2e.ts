import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { expectAccessible } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

// 06:30 UTC on 27 November 2026: 22:30 on the 26th at the school (Los Angeles), 20:30 on the 27th on the
// device (Kiritimati). The server's clock and the browser's are set to it, so the two dates differ at any hour.
const NIGHT = new Date('2026-11-27T06:30:00Z');

describe("today is the school's, not the device's (decision 0327)", () => {
  it("the journal dates an evening entry on the school's day, and every default range sent ends on it", async () => {
    h.clock.set(NIGHT);
    const school = await buildSchool(h.app, { timeZone: 'America/Los_Angeles' });
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
    const { context, page } = await h.newPage({ timeZone: 'Pacific/Kiritimati' });
    await page.clock.install({ time: NIGHT });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/')) asked.push(decodeURIComponent(request.url()));
    });
    await h.signInAs(context, teacher.id);

    await page.goto('/gratitude-journal');
    await page.getByLabel('Heading').fill('Stars tonight');
    await page.getByLabel('What are you grateful for?').fill('A clear sky');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const entry = page.getByRole('heading', { name: 'Stars tonight' });
    await entry.waitFor();
    // Written at 22:30 on the 26th at the school: listed in the school's last 10 days, shown at its time.
    await expect.poll(() => asked.some((url) => url.endsWith('/v1/journal?dateRange=2026-11-16_2026-11-26'))).toBe(true);
    await page.getByText('11/26/2026 10:30 PM').waitFor();
    await expectAccessible(page);

    await page.goto('/feedback');
    await expect.poll(() => asked.some((url) => url.includes('/v1/high5-feedback?dateRange=2026-11-16_2026-11-26'))).toBe(true);

    await page.goto('/admin');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => asked.some((url) => url.includes('range=2026-11-16_2026-11-26'))).toBe(true);
    // The date picker marks the school's today, not the device's 27th (decision 0331).
    await page
      .getByRole('button', { name: /^Choose date/ })
      .first()
      .click();
    await expect.poll(() => page.locator('[role="gridcell"][aria-current="date"]').textContent()).toBe('26');
    await page.keyboard.press('Escape');

    // The device's date (the 27th) is in no request.
    expect(asked.filter((url) => url.includes('2026-11-27'))).toEqual([]);
    await context.close();
  });
});
