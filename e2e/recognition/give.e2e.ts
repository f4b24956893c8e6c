import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRecognition } from '../../apps/server/src/modules/recognition/give/test-factories.js';
import { buildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { expectNoHorizontalScroll, pageAs, recognitionSchool, snap } from './fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const stored = (giverId: string) => h.app.services.db.selectFrom('recognitions').selectAll().where('giverId', '=', giverId).orderBy('id').execute();

describe('giving', () => {
  it('a teacher gives a High 5 (at least one category, the certify dialog and back, the remaining count) and a Vibe', async () => {
    const s = await recognitionSchool(h.app);
    const { page, context, errors } = await pageAs(h, s.teacher.id, { width: 1280 });
    await page.goto('/high5');
    await page.getByRole('heading', { level: 1, name: 'Give a High 5' }).waitFor();
    await page.getByRole('button', { name: 'Give a High 5 to Ana Pupil' }).waitFor();
    await page.getByText('High 5s left today: 20 of 20').waitFor();
    // Students by default, with grades; the teacher list leaves out the caller.
    await expect.poll(() => page.getByRole('row').count()).toBe(4);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Give a High 5 to Ana Pupil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Give a High 5 to Ana Pupil' });
    await dialog.getByRole('checkbox', { name: 'Kindness' }).waitFor();
    const long = dialog.getByRole('checkbox', { name: 'Going above and beyond' });
    // A dialog has room: the full name, not the tiles' short form.
    await expect.poll(() => long.textContent()).toBe('Going above and beyond');
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Please select a category to proceed').waitFor();
    await dialog.getByRole('checkbox', { name: 'Kindness' }).click();
    await dialog.getByRole('checkbox', { name: 'Teamwork' }).click();
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Kindness' }).getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Thank you for <b>helping</b> Bea today!');
    await dialog.getByRole('button', { name: 'Send' }).click();

    const certify = page.getByRole('dialog', { name: 'Before you send' });
    await certify.getByText('I certify that the written comments I am giving are intended to spread positivity.').waitFor();
    await snap(page, 'give-certify-en-1280');
    await expectNoAxeViolations(page);
    await certify.getByRole('button', { name: 'If not, return to comment for positive corrections.' }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe('Thank you for <b>helping</b> Bea today!');
    await expect.poll(() => stored(s.teacher.id)).toHaveLength(0);

    await dialog.getByRole('button', { name: 'Send' }).click();
    await certify.getByRole('button', { name: 'Send' }).click();
    await page.getByText('High 5 sent. High 5s left today: 19.').waitFor();
    await page.getByText('High 5s left today: 19 of 20').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const rows = await stored(s.teacher.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'high5', receiverId: s.ana.id, comment: 'Thank you for <b>helping</b> Bea today!' });

    // And a Vibe with a comment: no confirmation, straight to the certify dialog.
    await page.getByRole('link', { name: 'Give a Positive Vibe' }).click();
    await page.getByRole('button', { name: 'Give a Positive Vibe to Bea Pupil' }).click();
    const vibe = page.getByRole('dialog', { name: 'Give a Positive Vibe to Bea Pupil' });
    await vibe.getByRole('checkbox', { name: 'Great job' }).click();
    await vibe.getByRole('textbox', { name: 'Comment (optional)' }).fill('Your poem made the whole class smile.');
    await vibe.getByRole('button', { name: 'Send' }).click();
    await certify.getByRole('button', { name: 'Send' }).click();
    await page.getByText('You just gave some positivity. Thank you for making our world a better place. Positive Vibes left today: 19.').waitFor();
    expect((await stored(s.teacher.id)).map((r) => r.kind)).toEqual(['high5', 'vibe']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a student gives a High 5 to a student without a comment box, and a Vibe to a teacher (Spanish, 360 px)', async () => {
    const s = await recognitionSchool(h.app);
    const { page, context, errors } = await pageAs(h, s.ana.id, { locale: 'es-ES', width: 360, height: 760 });
    await page.goto('/high5');
    await page.getByRole('heading', { level: 1, name: 'Dar un High 5' }).waitFor();
    await page.getByRole('button', { name: 'Dar un High 5 a Bea Pupil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dar un High 5 a Bea Pupil' });
    await dialog.getByRole('checkbox', { name: 'Amabilidad' }).waitFor();
    await expect.poll(() => dialog.getByRole('textbox').count()).toBe(0);
    await dialog.getByText('Cuando un estudiante da a otro estudiante no se escribe comentario: las categorías que elijas lo dicen todo.').waitFor();
    await snap(page, 'give-dialog-student-es-360');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await dialog.getByRole('checkbox', { name: 'Amabilidad' }).click();
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    // No comment was written: the certify dialog speaks of what is sent, not of "comments".
    const certify = page.getByRole('dialog', { name: 'Antes de enviar' });
    await certify.getByText('Certifico que el High 5 o la Vibra Positiva que doy tiene la intención de difundir positividad.').waitFor();
    await expect(certify.getByText('comentarios', { exact: false }).count()).resolves.toBe(0);
    await certify.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('High 5 enviado. High 5 que te quedan hoy: 19.').waitFor();

    await page.goto('/positivevibes');
    await page.getByRole('heading', { level: 1, name: 'Dar una Vibra Positiva' }).waitFor();
    await page.getByRole('combobox', { name: 'Dar a' }).click();
    await page.getByRole('option', { name: 'Docente' }).click();
    // The list follows the chosen role; if it did not, the failure says so here rather than at the button.
    await expect.poll(() => page.getByRole('combobox', { name: 'Dar a' }).textContent()).toContain('Docente');
    await page.getByRole('button', { name: 'Dar una Vibra Positiva a Tina Teach' }).click();
    const vibe = page.getByRole('dialog', { name: 'Dar una Vibra Positiva a Tina Teach' });
    await vibe.getByRole('checkbox', { name: 'Gracias' }).click();
    await vibe.getByRole('textbox', { name: 'Comentario (opcional)' }).waitFor();
    await vibe.getByRole('button', { name: 'Enviar' }).click();
    // No comment: a confirmation first.
    const confirm = page.getByRole('dialog', { name: '¿Enviar sin comentario?' });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Enviar sin comentario' }).click();
    await page.getByRole('dialog', { name: 'Antes de enviar' }).getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Acabas de compartir positividad. Gracias por hacer de nuestro mundo un lugar mejor.', { exact: false }).waitFor();
    await snap(page, 'give-vibe-done-es-360');
    await expectNoHorizontalScroll(page);
    const rows = await stored(s.ana.id);
    expect(rows.map((r) => [r.kind, r.receiverId, r.comment])).toEqual([
      ['high5', s.bea.id, ''],
      ['vibe', s.teacher.id, ''],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a parent gives to their own child (only), then a Vibe to a teacher and a High 5 to staff (360 px)', async () => {
    const s = await recognitionSchool(h.app);
    const { page, context, errors } = await pageAs(h, s.parent.id, { width: 360, height: 760 });
    await page.goto('/positivevibes');
    const role = page.getByRole('combobox', { name: 'Give to' });
    await role.waitFor();
    // A parent starts on their own children: Ana only, not the school's other students.
    await expect.poll(() => role.textContent()).toContain('My children');
    await page.getByRole('button', { name: 'Give a Positive Vibe to Ana Pupil' }).waitFor();
    await expect(page.getByRole('button', { name: 'Give a Positive Vibe to Bea Pupil' }).count()).resolves.toBe(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Give a Positive Vibe to Ana Pupil' }).click();
    const child = page.getByRole('dialog', { name: 'Give a Positive Vibe to Ana Pupil' });
    await child.getByRole('checkbox', { name: 'Great job' }).click();
    await child.getByRole('textbox', { name: 'Comment (optional)' }).fill('So proud of your science project!');
    await child.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog', { name: 'Before you send' }).getByRole('button', { name: 'Send' }).click();
    await page.getByText('You just gave some positivity.', { exact: false }).waitFor();
    await child.waitFor({ state: 'detached' });

    await role.click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(['My children', 'Teacher', 'Parent', 'Staff', 'Myself']);
    await page.getByRole('option', { name: 'Teacher' }).click();
    await page.getByRole('button', { name: 'Give a Positive Vibe to Tina Teach' }).click();
    const dialog = page.getByRole('dialog', { name: 'Give a Positive Vibe to Tina Teach' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Please select at least one vibe to proceed.').waitFor();
    await dialog.getByRole('checkbox', { name: 'You make a difference' }).click();
    await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Thank you for everything you do for Ana.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog', { name: 'Before you send' }).getByRole('button', { name: 'Send' }).click();
    await page.getByText('You just gave some positivity.', { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    // A High 5 to the school's staff.
    await page.goto('/high5');
    await page.getByRole('combobox', { name: 'Give to' }).click();
    await page.getByRole('option', { name: 'Staff' }).click();
    await page.getByRole('button', { name: 'Give a High 5 to Sam Staffer' }).click();
    const high5 = page.getByRole('dialog', { name: 'Give a High 5 to Sam Staffer' });
    await high5.getByRole('checkbox', { name: 'Helping others' }).click();
    await high5.getByRole('textbox', { name: 'Comment' }).fill('Thank you for the safe crossing every morning.');
    await high5.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog', { name: 'Before you send' }).getByRole('button', { name: 'Send' }).click();
    await page.getByText('High 5 sent.', { exact: false }).waitFor();
    expect((await stored(s.parent.id)).map((r) => [r.kind, r.receiverId])).toEqual([
      ['vibe', s.ana.id],
      ['vibe', s.teacher.id],
      ['high5', s.staff.id],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('over the daily limit: the screen says so, and a give refused by the server shows the limit message (Spanish)', async () => {
    const s = await recognitionSchool(h.app, { dailyGiveLimit: 2 });
    const { page, context } = await pageAs(h, s.teacher.id, { locale: 'es-ES', width: 1280 });
    await buildRecognition(h.app, { schoolId: s.school.id, giverId: s.teacher.id, receiverId: s.bea.id, schoolDate: '2026-10-15' });
    await page.goto('/high5');
    await page.getByText('High 5 que te quedan hoy: 1 de 2').waitFor();
    await page.getByRole('button', { name: 'Dar un High 5 a Ana Pupil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dar un High 5 a Ana Pupil' });
    await dialog.getByRole('checkbox', { name: 'Respeto' }).click();
    // Meanwhile, the last one of the day is used elsewhere.
    await buildRecognition(h.app, { schoolId: s.school.id, giverId: s.teacher.id, receiverId: s.bea.id, schoolDate: '2026-10-15' });
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await page.getByRole('dialog', { name: 'Antes de enviar' }).getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Ya diste los 2 High 5 de hoy. Podrás dar más mañana.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => stored(s.teacher.id)).toHaveLength(2);
    await page.getByText('High 5 que te quedan hoy: 0 de 2').waitFor();
    await page.getByRole('button', { name: 'Dar un High 5 a Ana Pupil' }).click();
    await dialog.getByText('Ya diste los 2 High 5 de hoy. Podrás dar más mañana.').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Enviar' }).isDisabled()).toBe(true);
    await snap(page, 'give-limit-es-1280');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('searches and pages the recipient list on the server', async () => {
    const s = await recognitionSchool(h.app);
    for (let i = 1; i <= 10; i++)
      await buildUser(h.app, { schoolId: s.school.id, role: 'student', firstName: `Zoe${String(i).padStart(2, '0')}`, lastName: 'Many' });
    const { page, context } = await pageAs(h, s.teacher.id, { width: 1280 });
    await page.goto('/high5');
    await page.getByText('1–10 of 13').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('11–13 of 13').waitFor();
    await page.getByRole('button', { name: 'Give a High 5 to Zoe10 Many' }).waitFor();
    // The full name: a random e-mail (hex) may contain "bea", never a space.
    await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill('bea pupil');
    // One match: one person to give to (a single page shows no pager).
    await expect.poll(() => page.getByRole('button', { name: /^Give a High 5 to / }).count()).toBe(1);
    await page.getByRole('button', { name: 'Give a High 5 to Bea Pupil' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill('nobody-like-this');
    await page.getByText('No one matches “nobody-like-this”.').waitFor();
    await page.getByRole('combobox', { name: 'Give to' }).click();
    await page.getByRole('option', { name: 'Myself' }).click();
    await page.getByRole('button', { name: 'Give a High 5 to Tina Teach' }).waitFor();
    await context.close();
  });
});
