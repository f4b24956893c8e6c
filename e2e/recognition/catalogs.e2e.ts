import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { startHarness, type Harness } from '../support/harness';
import { pageAs, snap } from './fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** The catalogs (`<lang>-<namespace>`) the page fetches, as it fetches them (apps/web/vite.config.ts names their chunks). */
function catalogsFetched(page: Page) {
  const seen = new Set<string>();
  page.on('request', (request) => {
    const match = /\/assets\/i18n-([a-z]+-[a-z]+)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (match) seen.add(match[1]!);
  });
  return () => [...seen].sort();
}

// A catalog key shown as such (`classroom:alerts.ui.badge`, `alerts.ui.badge`): its namespace was not loaded.
const RAW_KEY = /\b(common|errors|auth|recognition|classroom|profile|admin):[a-zA-Z]|\b[a-z]+\.[a-z]+\.[a-zA-Z_]+\b/;
const shownText = (page: Page) =>
  page.evaluate(() => [document.body.innerText, ...Array.from(document.querySelectorAll('[aria-label]'), (e) => e.getAttribute('aria-label'))].join('\n'));

describe("each screen's catalogs (only the screens' namespaces load)", () => {
  it("(es, 360 px) a student's dashboard loads the recognition catalog and no other area's (profile with the avatar builder); a teacher's has the alerts badge worded from the classroom catalog", async () => {
    const school = await buildSchool(h.app);
    const student = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Ana', lastName: 'Pupil', grade: 4 });
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Tina', lastName: 'Teach' });

    const s = await pageAs(h, student.id, { locale: 'es-ES', width: 360 });
    const studentCatalogs = catalogsFetched(s.page);
    await s.page.goto('/dashboard');
    await s.page.getByRole('heading', { level: 1 }).waitFor();
    await s.page.getByRole('region', { name: 'Tus totales' }).waitFor();
    await expect.poll(studentCatalogs).toEqual(['es-auth', 'es-common', 'es-errors', 'es-recognition']);
    expect(await s.page.getByTestId('alerts-badge').count()).toBe(0);
    await s.page.getByTestId('chart-grid').first().waitFor();
    expect(await shownText(s.page)).not.toMatch(RAW_KEY);
    await snap(s.page, 'catalogs-student-dashboard-es-360');
    // The hand box (the carousel's last at 360 px): its image is worded from the recognition catalog.
    const next = s.page.getByRole('button', { name: 'Recuadros siguientes' });
    while (await next.isEnabled()) await next.click();
    await s.page.getByRole('img', { name: 'Todavía no hay mano' }).waitFor();
    await snap(s.page, 'catalogs-student-hand-box-es-360');
    // The avatar builder brings the profile catalog when it opens.
    await s.page.getByRole('button', { name: 'Crear mi mano' }).click();
    await s.page.getByRole('dialog', { name: 'Crea tu mano' }).waitFor();
    expect(studentCatalogs()).toEqual(['es-auth', 'es-common', 'es-errors', 'es-profile', 'es-recognition']);
    expect(await shownText(s.page)).not.toMatch(RAW_KEY);
    await s.context.close();

    const t = await pageAs(h, teacher.id, { locale: 'es-ES', width: 360 });
    const teacherCatalogs = catalogsFetched(t.page);
    await t.page.goto('/dashboard');
    const badge = t.page.getByTestId('alerts-badge');
    await expect.poll(() => badge.getAttribute('aria-label')).toBe('No hay alertas abiertas');
    await expect.poll(teacherCatalogs).toEqual(['es-auth', 'es-classroom', 'es-common', 'es-errors', 'es-recognition']);
    expect(await shownText(t.page)).not.toMatch(RAW_KEY);
    await snap(t.page, 'catalogs-teacher-dashboard-es-360');
    await t.context.close();
  });
});
