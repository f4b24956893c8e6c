import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../../packages/i18n/src/en/admin.json';
import esAdmin from '../../packages/i18n/src/es/admin.json';
import { superAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildSisDistrict, drain, useMemorySource } from '../../apps/server/src/modules/rostering/test-support.js';
import type { RosterPerson, RosterSnapshot } from '../../apps/server/src/modules/rostering/sources/types.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { fill, shot } from './support.js';

// The run report names every change (who, school, role, grade, field from → to) and
// filters them by kind of change, role, grade and school; English (wide) and Spanish (360 px).

let h: Harness;
const source = useMemorySource();
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

const LANGS = [
  { lang: 'en', locale: 'en-US', width: 1366, admin: enAdmin },
  { lang: 'es', locale: 'es-ES', width: 360, admin: esAdmin },
] as const;
const uid = () => Math.random().toString(36).slice(2, 8);

async function sync(districtId: string, cookie: string) {
  const res = await h.call('POST', `/v1/super/districts/${districtId}/roster/sync`, { cookie, body: {} });
  expect(res.status).toBe(200);
  await drain(h.app);
}

describe('the run report (super admin)', () => {
  for (const c of LANGS) {
    it(`lists each change and filters it (${c.lang}, ${c.width} px)`, { timeout: 120_000 }, async () => {
      const a = c.admin.roster;
      const p = uid();
      const [alder, birch] = [`a-${p}`, `b-${p}`];
      const student = (id: string, school: string, grade: number): RosterPerson => ({
        sourceId: `${p}-${id}`,
        role: 'student',
        schoolSourceIds: [school],
        firstName: `Ana${id}`,
        lastName: `Ruiz${id}`,
        email: `${p}-${id}@e2e.example`,
        grade,
      });
      const teacher: RosterPerson = {
        sourceId: `${p}-t`,
        role: 'teacher',
        schoolSourceIds: [alder, birch],
        firstName: 'Dana',
        lastName: 'Moss',
        email: `${p}-t@e2e.example`,
      };
      const people = [
        teacher,
        ...Array.from({ length: 12 }, (_, i) => student(`a${i}`, alder, 9)),
        ...Array.from({ length: 12 }, (_, i) => student(`b${i}`, birch, 10)),
      ];
      const snapshot = (list: RosterPerson[]): RosterSnapshot => ({
        schools: [
          { sourceId: alder, name: `Alder ${p}` },
          { sourceId: birch, name: `Birch ${p}` },
        ],
        people: list,
        sections: [],
      });
      const district = await buildSisDistrict(h.app);
      const { user, cookie } = await superAdmin(h.app);
      await h.app.services.db.updateTable('users').set({ language: c.lang }).where('id', '=', user.id).execute();
      source.full(snapshot(people));
      await sync(district.id, cookie);
      // The teacher is renamed, a student moves up a grade with an IEP, one of Birch leaves.
      h.clock.set(new Date(Date.now() + 60_000));
      source.full(
        snapshot(
          people
            .filter((x) => x.sourceId !== `${p}-b11`)
            .map((x) => (x === teacher ? { ...x, lastName: 'Moss-Reyes' } : x.sourceId === `${p}-a1` ? { ...x, grade: 10, iep: true } : x)),
        ),
      );
      await sync(district.id, cookie);

      const { context, page } = await h.newPage({ locale: c.locale, width: c.width, height: 900 });
      await h.signInAs(context, user.id);
      await page.goto(`/add-district?district=${district.id}`);
      // Three people changed or left: the run's headline counts people.
      await page
        .getByText(fill(a.headline, { added: 0, changed: 2, removed: 1 }))
        .first()
        .waitFor();
      await page
        .getByRole('button', { name: new RegExp(a.openRun.slice(0, a.openRun.indexOf('{{'))) })
        .first()
        .click();
      const report = page.getByRole('dialog', { name: a.reportTitle });
      await report.getByRole('heading', { name: a.changesTitle }).waitFor();
      await report.getByText(fill(a.changesPeople_other, { count: 3 })).waitFor();
      const field = (f: keyof typeof a.field, from: string, to: string) => fill(a.fieldChange, { field: a.field[f], from, to });
      await report
        .getByText(field('lastName', 'Moss', 'Moss-Reyes'))
        .first()
        .waitFor();
      await report
        .getByText(`${field('grade', '9', '10')} · ${field('iep', a.value.no, a.value.yes)}`)
        .first()
        .waitFor();
      await report
        .getByText(field('status', a.value.active, a.value.inactive))
        .first()
        .waitFor();
      await expectNoAxeViolations(page);
      await shot(page, `run-changes-${c.lang}-${c.width}`);

      // Filters: deactivated only; then Alder's students in grade 10.
      const choose = async (label: string, option: string) => {
        await report.getByRole('combobox', { name: label }).click();
        await page.getByRole('option', { name: option, exact: true }).click();
      };
      await shot(report, `run-changes-dialog-all-${c.lang}-${c.width}`);
      await choose(a.filterKind, a.changeKind.deactivated);
      await report.getByText(fill(a.changesPeople_one, { count: 1 })).waitFor();
      await expect.poll(() => report.getByText('Ruizb11', { exact: false }).count()).toBeGreaterThan(0);
      await expect.poll(() => report.getByText(field('lastName', 'Moss', 'Moss-Reyes')).count()).toBe(0);
      await choose(a.filterKind, a.filterAll);
      await choose(a.filterSchool, `Alder ${p}`);
      await choose(a.filterRole, a.role.student);
      await choose(a.filterGrade, '10');
      await report.getByText(fill(a.changesPeople_one, { count: 1 })).waitFor();
      await expect.poll(() => report.getByText('Ruiza1', { exact: false }).count()).toBeGreaterThan(0);
      await choose(a.filterRole, a.role.teacher);
      await report.getByText(a.changesNoMatch).waitFor();
      await expectNoAxeViolations(page);
      await shot(page, `run-changes-filtered-${c.lang}-${c.width}`);
      await shot(report, `run-changes-dialog-${c.lang}-${c.width}`);
      await context.close();
    });
  }
});
