import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness';
import { recognitionSchool, snap } from './fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('explore', { timeout: 400_000 }, async () => {
  const s = await recognitionSchool(h.app, { activity: true });
  for (const [locale, width] of [['en-US', 1440], ['es-ES', 360], ['en-US', 1200], ['es-ES', 1000], ['en-US', 800]] as const) {
    const { context, page } = await h.newPage({ locale, width });
    // Private copy of the build: other helpers rebuild apps/web/dist while this runs.
    await context.route(/^http:\/\/127\.0\.0\.1:\d+\/(?!v1\/)/, async (route) => {
      const path = new URL(route.request().url()).pathname;
      const file = path.startsWith('/assets/') && existsSync(`/tmp/rec-dist${path}`) ? `/tmp/rec-dist${path}` : '/tmp/rec-dist/index.html';
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.svg') ? 'image/svg+xml' : 'text/html';
      await route.fulfill({ status: 200, body: readFileSync(file), contentType: type });
    });
    page.on('console', (m) => console.log('CONSOLE', m.type(), m.text().slice(0, 300)));
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message.slice(0, 500)));
    await h.app.services.db.updateTable('users').set({ language: locale === 'es-ES' ? 'es' : 'en' }).where('id', '=', s.teacher.id).execute();
    await h.signInAs(context, s.teacher.id);
    await page.goto('/dashboard');
    await page.getByText('Tina').first().waitFor().catch(() => {});
    await page.waitForTimeout(1500);
    await snap(page, `dash-${locale}-${width}`);
    await page.goto('/high5');
    await page.waitForTimeout(1000);
    await snap(page, `high5-${locale}-${width}`);
    await page.getByRole('button', { name: /Ana Pupil/ }).click();
    await page.waitForTimeout(800);
    await snap(page, `dialog-${locale}-${width}`);
    await page.keyboard.press('Escape');
    await page.goto('/highfivereport?month=2026-10');
    await page.waitForTimeout(1000);
    await snap(page, `report-${locale}-${width}`);
    await context.close();
  }
});
