import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSchool } from '../../apps/server/src/modules/recognition/give/test-factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { expectNoHorizontalScroll, pageAs, recognitionSchool, snap } from './fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const counts = (page: Page) => page.locator('[data-testid="count"]').allTextContents();
const boxHeadings = (page: Page) =>
  page
    .getByRole('region', { name: /Your totals|Tus totales/ })
    .getByRole('heading', { level: 2 })
    .allTextContents();

/** Clicks the middle of month `index` (0 = August) in a chart card. */
async function clickMonth(page: Page, chartTitle: string, index: number) {
  const card = page.getByRole('region', { name: chartTitle });
  const grid = card.getByTestId('chart-grid');
  await grid.waitFor();
  // A teacher's "not yet" list puts the charts below the fold: the mouse reaches only what is on screen.
  await grid.scrollIntoViewIfNeeded();
  const box = (await grid.boundingBox())!;
  const x = box.x + (box.width * (index + 0.5)) / 12;
  const y = box.y + box.height * 0.6;
  await page.mouse.move(x, y);
  await page.mouse.move(x + 1, y);
  await page.mouse.click(x + 1, y);
}

describe('dashboard', () => {
  it("shows the teacher's totals, which follow what they give; a received month opens its report, a given one says it cannot be viewed", async () => {
    const s = await recognitionSchool(h.app, { activity: true });
    const { page, context, errors } = await pageAs(h, s.teacher.id, { width: 1440, height: 900 });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText('School year 08/01/2026 to 07/31/2027').waitFor();
    await page.locator('[data-testid="count"]').first().waitFor();
    // Above 1366 px every box shows, without carousel buttons.
    await expect.poll(() => boxHeadings(page)).toEqual(['High 5s given', 'High 5s received', 'Positive Vibes given', 'Positive Vibes received', 'Get handy']);
    await expect.poll(() => page.getByRole('button', { name: 'Next boxes' }).count()).toBe(0);
    await expect.poll(() => counts(page)).toEqual(['2', '3', '1', '1']);
    await page.getByTestId('chart-grid').first().waitFor();
    await snap(page, 'dashboard-en-1440');
    await expectNoAxeViolations(page);

    // Give one more High 5: the dashboard counts it.
    await page.getByRole('link', { name: 'Give a High 5' }).click();
    await page.getByRole('button', { name: 'Give a High 5 to Bea Pupil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Give a High 5 to Bea Pupil' });
    await dialog.getByRole('checkbox', { name: 'Respect' }).click();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog', { name: 'Before you send' }).getByRole('button', { name: 'Send' }).click();
    await page.getByText('High 5 sent.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByText('School year 08/01/2026 to 07/31/2027').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="count"]')?.textContent === '3');
    await expect.poll(() => counts(page)).toEqual(['3', '3', '1', '1']);
    // The teacher's "not yet" list above the charts loads on its own: the charts move once it is in.
    await page.getByText('students have never had a High 5 from you', { exact: false }).waitFor();

    // The table view gives the same numbers, with links to each month's reports.
    await page.getByRole('region', { name: 'Received per month' }).getByRole('button', { name: 'Table' }).click();
    await page.getByRole('link', { name: 'High 5s received, October 2026: 2' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('region', { name: 'Received per month' }).getByRole('button', { name: 'Chart' }).click();

    await clickMonth(page, 'Given per month', 1);
    await page.getByText('What you have given cannot be viewed', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await clickMonth(page, 'Received per month', 1);
    await page.waitForURL('**/highfivereport?month=2026-09');
    await page.getByRole('button', { name: 'September 2026', pressed: true }).waitFor();
    await page.getByRole('cell', { name: 'Thank you for helping me with fractions!' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a carousel of 4, 3, 2 and 1 boxes as the window narrows', async () => {
    const s = await recognitionSchool(h.app, { activity: true });
    for (const [width, visible] of [
      [1200, 4],
      [1000, 3],
      [800, 2],
      [360, 1],
    ] as const) {
      const { page, context } = await pageAs(h, s.teacher.id, { width, height: 800 });
      await page.goto('/dashboard');
      await page.locator('[data-testid="count"]').first().waitFor();
      expect((await boxHeadings(page)).length, `${width} px`).toBe(visible);
      const next = page.getByRole('button', { name: 'Next boxes' });
      await expect.poll(() => page.getByRole('button', { name: 'Previous boxes' }).isDisabled()).toBe(true);
      const seen = new Set(await boxHeadings(page));
      while (await next.isEnabled()) {
        await next.click();
        (await boxHeadings(page)).forEach((name) => seen.add(name));
      }
      expect(seen.size).toBe(5);
      await context.close();
    }
  });

  it('in Spanish at 360 px, with the same numbers and no axe violations', async () => {
    const s = await recognitionSchool(h.app, { activity: true });
    const { page, context } = await pageAs(h, s.teacher.id, { locale: 'es-ES', width: 360, height: 800 });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Panel' }).waitFor();
    await page.getByText('High 5 dados', { exact: true }).waitFor();
    await expect.poll(() => counts(page)).toEqual(['2']);
    await page.getByRole('button', { name: 'Recuadros siguientes' }).click();
    await page.getByText('High 5 recibidos').first().waitFor();
    await expect.poll(() => counts(page)).toEqual(['3']);
    await page.getByRole('link', { name: 'Ver los High 5 que recibiste' }).waitFor();
    await page.getByTestId('chart-grid').first().waitFor();
    await snap(page, 'dashboard-es-360');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("when the school's high5_vibes setting is OFF, received counts and links are hidden, with the flag text instead", async () => {
    const s = await recognitionSchool(h.app, { activity: true });
    await setSchool(h.app, s.school.id, { high5Vibes: false });
    const { page, context } = await pageAs(h, s.teacher.id, { width: 1440, height: 900 });
    await page.goto('/dashboard');
    await page.getByText('Your school has chosen not to show received High 5s and Vibes.').waitFor();
    await expect.poll(() => counts(page)).toEqual(['2', '1']);
    await expect.poll(() => page.getByText('Kept private by your school').count()).toBe(2);
    await expect.poll(() => page.getByRole('link', { name: /you received/ }).count()).toBe(0);
    await expect.poll(() => page.getByRole('region', { name: 'Received per month' }).count()).toBe(0);
    await snap(page, 'dashboard-hidden-en-1440');
    await expectNoAxeViolations(page);
    await page.goto('/highfivereport');
    await page.getByText('Your school keeps received High 5s and Vibes private.').waitFor();
    await context.close();
  });
});
