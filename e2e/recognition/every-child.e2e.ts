import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../../packages/i18n/src/en/admin.json';
import esAdmin from '../../packages/i18n/src/es/admin.json';
import enRec from '../../packages/i18n/src/en/recognition.json';
import esRec from '../../packages/i18n/src/es/recognition.json';
import { buildRecognition } from '../../apps/server/src/modules/recognition/give/test-factories.js';
import { buildClass, buildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { expectNoHorizontalScroll, pageAs, recognitionSchool } from './fixtures';
import { shot } from '../support/shot.js';

// Every child seen: the teacher's "not yet" list with its one-click give, and the
// admin's reach report, in English and Spanish at 360 px (screenshots at 1366 px too).

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const LANGS = [
  { lang: 'en', locale: 'en-US', rec: enRec, admin: enAdmin, kindness: 'Kindness' },
  { lang: 'es', locale: 'es-ES', rec: esRec, admin: esAdmin, kindness: 'Amabilidad' },
] as const;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(values[k]));

/** Screenshots for a person to look at, when SCREENSHOTS_DIR is set; the page at both widths. */
async function shots(page: Page, name: string) {
  if (!process.env.SCREENSHOTS_DIR) return;
  await shot(page, `${name}-360`);
  await page.setViewportSize({ width: 1366, height: 768 });
  await shot(page, `${name}-1366`);
  await page.setViewportSize({ width: 360, height: 800 });
}

describe('"Not yet this month" (teacher)', () => {
  for (const c of LANGS) {
    it(`lists who had nothing from the teacher, and a High 5 in one click takes them off (${c.lang}, 360 px)`, { timeout: 300_000 }, async () => {
      const s = await recognitionSchool(h.app);
      const cls = await buildClass(h.app, { schoolId: s.school.id, ownerId: s.teacher.id, name: 'Robins', studentIds: [s.ana.id, s.bea.id, s.kid.id] });
      // The test clock is Thursday 15 October 2026: Bea had a High 5 from the teacher yesterday,
      // Kai one from another teacher, Ana nothing this school year.
      await buildRecognition(h.app, {
        schoolId: s.school.id,
        giverId: s.teacher.id,
        receiverId: s.bea.id,
        schoolDate: '2026-10-14',
        categoryIds: [s.high5[0]!.id],
      });
      await buildRecognition(h.app, {
        schoolId: s.school.id,
        giverId: s.teacher2.id,
        receiverId: s.kid.id,
        schoolDate: '2026-10-13',
        categoryIds: [s.high5[0]!.id],
      });
      // Everyone joined long ago (the rows' created_at is the database's clock, not the test's).
      await h.app.services.db
        .updateTable('schoolMemberships')
        .set({ createdAt: new Date('2026-08-20T16:00:00Z') })
        .where('schoolId', '=', s.school.id)
        .execute();
      await h.app.services.db
        .updateTable('enrolments')
        .set({ createdAt: new Date('2026-08-20T16:00:00Z') })
        .where('classId', '=', cls.id)
        .execute();
      const n = c.rec.notYet;
      const { page, context, errors } = await pageAs(h, s.teacher.id, { locale: c.locale, width: 360, height: 800 });
      await page.goto('/dashboard');
      const panel = page.getByTestId('not-yet').first();
      await panel.getByRole('heading', { name: n.title }).waitFor();
      await panel.getByText(fill(n.window_other, { count: 10, from: c.lang === 'en' ? '10/02/2026' : '02/10/2026' })).waitFor();
      await panel.getByRole('button', { name: fill(n.fromMe, { count: 2 }) }).waitFor();
      await expect
        .poll(() => panel.getByRole('listitem').allTextContents())
        .toEqual([expect.stringContaining('Kai Kinder'), expect.stringContaining('Ana Pupil')]);
      await panel
        .getByTestId('never')
        .getByText(fill(n.spread.never_other, { count: 2 }))
        .waitFor();
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await shots(page, `not-yet-dashboard-${c.lang}`);

      // From anyone: Kai had one from another teacher.
      await panel.getByRole('button', { name: fill(n.fromAnyone, { count: 1 }) }).click();
      await expect.poll(() => panel.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Ana Pupil')]);
      await panel.getByRole('button', { name: fill(n.fromMe, { count: 2 }) }).click();

      // One click opens the give dialog addressed to Ana.
      await panel.getByRole('button', { name: fill(n.giveHigh5, { name: 'Ana Pupil' }) }).click();
      const dialog = page.getByRole('dialog', { name: fill(c.rec.dialog.high5Title, { name: 'Ana Pupil' }) });
      await dialog.getByRole('checkbox', { name: c.kindness }).click();
      await dialog.getByRole('textbox', { name: c.rec.dialog.comment }).fill('Great reading today!');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: c.rec.dialog.send }).click();
      const certify = page.getByRole('dialog', { name: c.rec.certify.title });
      await certify.getByRole('button', { name: c.rec.certify.send }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => panel.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Kai Kinder')]);
      const given = await h.app.services.db
        .selectFrom('recognitions')
        .select(['receiverId', 'kind'])
        .where('giverId', '=', s.teacher.id)
        .where('schoolDate', '=', '2026-10-15')
        .execute();
      expect(given).toEqual([{ receiverId: s.ana.id, kind: 'high5' }]);

      // The same list on the class.
      await page.goto('/teacher-classes');
      const onClass = page.getByTestId('not-yet').first();
      await onClass.getByRole('heading', { name: n.title }).waitFor();
      await expect.poll(() => onClass.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Kai Kinder')]);
      await expectNoAxeViolations(page);
      await shots(page, `not-yet-class-${c.lang}`);
      expect(cls.id).toBeTruthy();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the reach report (school admin)', () => {
  for (const c of LANGS) {
    it(`shows reach by group and flag, withholds groups under 10, and lists the givers (${c.lang}, 360 px)`, { timeout: 300_000 }, async () => {
      const s = await recognitionSchool(h.app);
      const admin = await buildUser(h.app, { schoolId: s.school.id, role: 'teacher', isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
      const kids = [];
      for (let i = 0; i < 20; i++)
        kids.push(await buildUser(h.app, { schoolId: s.school.id, role: 'student', grade: 3, firstName: `Kid${i}`, lastName: 'Reach' }));
      await h.app.services.db
        .updateTable('schoolMemberships')
        .set({ iep: true })
        .where(
          'userId',
          'in',
          kids.slice(0, 10).map((k) => k.id),
        )
        .execute();
      for (const k of kids.slice(0, 8))
        await buildRecognition(h.app, {
          schoolId: s.school.id,
          giverId: s.teacher.id,
          receiverId: k.id,
          schoolDate: '2026-10-01',
          categoryIds: [s.high5[0]!.id],
        });
      for (const k of kids.slice(10, 12))
        await buildRecognition(h.app, {
          schoolId: s.school.id,
          giverId: s.teacher2.id,
          receiverId: k.id,
          schoolDate: '2026-09-21',
          categoryIds: [s.high5[0]!.id],
        });
      const r = c.admin.reach;
      const { page, context, errors } = await pageAs(h, admin.id, { locale: c.locale, width: 360, height: 800 });
      await page.goto('/admin?view=reach');
      // 23 students (20 + Ana, Bea, Kai), 10 reached; IEP 8 of 10 (80 %) against 2 of 13 (15.4 %).
      await page.getByRole('heading', { name: fill(r.flagsTitle, { percent: fill(r.percent, { value: 43.5 }) }) }).waitFor();
      const iep = page.getByTestId('reach-flag-iep');
      await iep.getByText(fill(r.differenceMore, { points: 64.6 })).waitFor();
      await page.getByTestId('reach-flag-plan504').getByText(r.differenceWithheld).waitFor();
      await page.getByTestId('reach-suppressed').waitFor();
      await page.getByRole('button', { name: r.export }).waitFor();
      await expect.poll(() => page.getByText('Tina Teach', { exact: true }).count()).toBeGreaterThanOrEqual(1);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await shots(page, `reach-${c.lang}`);
      const audited = await h.app.services.db
        .selectFrom('auditLog')
        .select('action')
        .where('actorId', '=', admin.id)
        .where('action', '=', 'report.reach.read')
        .execute();
      expect(audited.length).toBeGreaterThanOrEqual(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
