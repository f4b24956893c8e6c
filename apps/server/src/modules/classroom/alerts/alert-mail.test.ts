import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildUser } from '../../../test/factories.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';

let t: TestApp;
let w: ClassroomWorld;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await buildTestApp({ SMTP_URL: smtp.url });
  w = await buildClassroomWorld(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('alert e-mails through a real SMTP server', () => {
  it("the first notice and the escalation arrive, each in the adult's language", async () => {
    const db = t.app.services.db;
    const counsellor = await buildUser(t.app, { schoolId: w.school.id, role: 'staff', language: 'es', firstName: 'Clara', lastName: 'Consejera' });
    await db.insertInto('trustedAdults').values({ studentId: w.student.id, adultId: w.staff.id }).execute();
    await db.updateTable('users').set({ language: 'es' }).where('id', '=', w.staff.id).execute();
    expect(
      (await t.call('PATCH', '/v1/admin/alerts/settings', { cookie: w.cookies.admin, body: { escalationTiers: [[counsellor.id], [w.admin.id]] } })).status,
    ).toBe(200);
    await t.call('POST', '/v1/moods', { cookie: w.cookies.student, body: { mood: 'pensive', emergencyPriority: 'today' } });
    await t.app.services.jobs.runDue();

    const es = await smtp.next(w.staff.email!);
    expect(es.subject).toBe('High5: un estudiante pidió ayuda');
    expect(es.text).toContain('Amy Student');
    expect(es.text).toContain('se siente sin esperanza');
    const en = await smtp.next(w.teacher.email!);
    expect(en.subject).toBe('High5: a student asked for help');
    expect(en.text).toContain('feeling hopeless');

    t.clock.advance(30 * 60_000);
    await t.app.services.jobs.runDue();
    const escalatedEs = await smtp.next(counsellor.email!);
    expect(escalatedEs.subject).toBe('High5: la petición de ayuda de un estudiante sigue sin respuesta');
    expect(escalatedEs.text).toContain('Amy Student');
    t.clock.advance(30 * 60_000);
    await t.app.services.jobs.runDue();
    const escalatedEn = await smtp.next(w.admin.email!);
    expect(escalatedEn.subject).toBe("High5: a student's request for help is still unanswered");
    expect(smtp.to(w.substitute.email!)).toEqual([]);
  });
});
