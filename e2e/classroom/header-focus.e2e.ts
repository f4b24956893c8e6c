import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { expectAccessible, openAs, shot } from './support.js';

// The header's icon buttons show a clear keyboard focus ring (WCAG 2.4.11 and 2.4.13, docs/decisions/0591).
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

/** Tabs through the page's first 25 stops; the accessible names of the header's icon buttons met, each with its ring. */
async function headerIconRings(page: Page) {
  const seen: { name: string; width: number; style: string; contrast: number }[] = [];
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    if (!(await page.evaluate(() => document.activeElement?.matches('header .MuiIconButton-root') ?? false))) continue;
    // The ring appears with the focus-visible class, a frame later.
    await expect.poll(() => ring(page).then((r) => r.style)).toBe('solid');
    seen.push({ name: await page.evaluate(() => document.activeElement!.getAttribute('aria-label') ?? ''), ...(await ring(page)) });
  }
  return seen;
}

/** The focused element's outline: width in px, style, and its contrast with the header's background. */
function ring(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const header = getComputedStyle(el.closest('header')!).backgroundColor;
    const [a, b] = [lum(rgb(style.outlineColor)), lum(rgb(header))].sort((x, y) => y - x);
    return { width: parseFloat(style.outlineWidth), style: style.outlineStyle, contrast: (a! + 0.05) / (b! + 0.05) };
  });
}

describe('header focus ring', () => {
  for (const lang of ['en', 'es'] as const) {
    it(`the header's icon buttons show a 2 px+ outline with 3:1 contrast when tabbed to (${lang}, 360 px)`, async () => {
      const school = await buildSchool(h.app);
      const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
      const { context, page } = await openAs(h, teacher.id, '/seatingchart', { lang, width: 360 });
      await expectAccessible(page);
      const rings = await headerIconRings(page);
      // The menu, the bell and the account button at least.
      expect(rings.length).toBeGreaterThanOrEqual(3);
      for (const r of rings) {
        expect(r.width, r.name).toBeGreaterThanOrEqual(2);
        expect(r.contrast, r.name).toBeGreaterThanOrEqual(3);
      }
      await shot(page, `header-focus-${lang}-360`);
      await context.close();
    });
  }
});
