import { formatDate } from '@high5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolWithAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildClass, buildUser } from '../../apps/server/src/test/factories.js';
import { schoolToday } from '../support/calendar.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { shot } from './support.js';

// The school admin previews the new school year, starts it, and undoes it (decisions 0570-0573).
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

const db = () => h.app.services.db;

const words = {
  en: {
    locale: 'en-US',
    settings: 'Settings',
    section: 'School year',
    title: 'Start a new school year',
    startsOn: 'First day of the new year',
    preview: 'Preview the changes',
    what: 'What will change',
    classes: "1 class becomes last year's (read-only)",
    promoted: 'Fifth Grader: Grade 5 → Grade 6',
    graduating: 'Sixth Grader (Grade 6)',
    teachers: '1 teacher starts the year with no classes',
    apply: 'Start the new year',
    applied: (d: string) => `The new school year starts on ${d}.`,
    undo: 'Undo the new year',
    undone: 'The new school year was undone.',
    picker: 'School year',
  },
  es: {
    locale: 'es-ES',
    settings: 'Configuración',
    section: 'Curso escolar',
    title: 'Empezar un nuevo curso escolar',
    startsOn: 'Primer día del nuevo curso',
    preview: 'Ver los cambios',
    what: 'Qué va a cambiar',
    classes: '1 clase pasa al curso pasado (solo lectura)',
    promoted: 'Fifth Grader: 5.º grado → 6.º grado',
    graduating: 'Sixth Grader (6.º grado)',
    teachers: '1 docente empieza el curso sin clases',
    apply: 'Empezar el nuevo curso',
    applied: (d: string) => `El nuevo curso escolar empieza el ${d}.`,
    undo: 'Deshacer el nuevo curso',
    undone: 'Se deshizo el nuevo curso escolar.',
    picker: 'Curso escolar',
  },
} as const;

describe('the school year rollover', () => {
  it.each(['en', 'es'] as const)(
    'the admin previews every change, starts the year exactly as shown, and undoes it (%s, 360 px)',
    { timeout: 240_000 },
    async (lang) => {
      const w = words[lang];
      const { school, admin } = await schoolWithAdmin(h.app);
      await db().updateTable('users').set({ language: lang }).where('id', '=', admin.id).execute();
      const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Tess', lastName: 'Teacher' });
      const fifth = await buildUser(h.app, { schoolId: school.id, role: 'student', grade: 5, firstName: 'Fifth', lastName: 'Grader' });
      const sixth = await buildUser(h.app, { schoolId: school.id, role: 'student', grade: 6, firstName: 'Sixth', lastName: 'Grader' });
      const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Maths', studentIds: [fifth.id, sixth.id] });

      const { context, page } = await h.newPage({ locale: w.locale, width: 360, height: 800 });
      await h.signInAs(context, admin.id, school.id);
      await page.goto('/admin?view=settings');
      await page.getByRole('combobox', { name: w.settings }).click();
      await page.getByRole('option', { name: w.section }).click();
      await page.getByRole('heading', { name: w.title }).waitFor();
      await expectNoAxeViolations(page);

      // The first day, typed in the user's date order; the grade rule and last grade keep their defaults (promote, grade 6).
      const startsOn = schoolToday(20);
      const [y, m, d] = startsOn.split('-');
      await page.getByRole('group', { name: w.startsOn }).getByRole('spinbutton').first().click();
      await page.keyboard.type(lang === 'es' ? `${d}${m}${y}` : `${m}${d}${y}`);
      const preview = page.getByRole('button', { name: w.preview });
      await expect.poll(() => preview.isEnabled()).toBe(true);
      await preview.click();
      const plan = page.getByRole('region', { name: w.what });
      await plan.getByText(w.classes).waitFor();
      await plan.getByText(w.promoted).waitFor();
      await plan.getByText(w.graduating).waitFor();
      await plan.getByText(w.teachers).waitFor();
      // The preview changed nothing.
      expect(await db().selectFrom('schoolYears').select('id').where('schoolId', '=', school.id).execute()).toEqual([]);
      await expectNoAxeViolations(page);
      await shot(page, `school-year-preview-${lang}-360`);

      await page.getByRole('button', { name: w.apply }).click();
      await page.getByText(w.applied(formatDate(startsOn, lang))).waitFor();
      await expect
        .poll(async () => (await db().selectFrom('classes').select('schoolYearId').where('id', '=', cls.id).executeTakeFirstOrThrow()).schoolYearId)
        .not.toBeNull();
      await expect
        .poll(async () => await db().selectFrom('schoolMemberships').select(['grade', 'status']).where('userId', '=', fifth.id).executeTakeFirstOrThrow())
        .toEqual({ grade: 6, status: 'active' });
      expect(await db().selectFrom('schoolMemberships').select('status').where('userId', '=', sixth.id).executeTakeFirstOrThrow()).toEqual({
        status: 'inactive',
      });
      const undo = page.getByRole('button', { name: w.undo });
      await undo.waitFor();
      await expectNoAxeViolations(page);
      await shot(page, `school-year-applied-${lang}-360`);

      await undo.click();
      await page.getByText(w.undone).waitFor();
      await expect
        .poll(async () => (await db().selectFrom('classes').select('schoolYearId').where('id', '=', cls.id).executeTakeFirstOrThrow()).schoolYearId)
        .toBeNull();
      expect(await db().selectFrom('schoolMemberships').select(['grade', 'status']).where('userId', '=', sixth.id).executeTakeFirstOrThrow()).toEqual({
        grade: 6,
        status: 'active',
      });

      // The dashboard's year picker: this year by default.
      await page.goto('/dashboard');
      const picker = page.getByRole('combobox', { name: w.picker });
      await picker.waitFor();
      await expect.poll(() => picker.textContent()).toContain(lang === 'es' ? '(este curso)' : '(this year)');
      await expectNoAxeViolations(page);
      await shot(page, `school-year-dashboard-${lang}-360`);
      await context.close();
    },
  );
});
