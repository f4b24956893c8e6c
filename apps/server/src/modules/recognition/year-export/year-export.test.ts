import { CSV_BOM, EXPORT_GRADE_NOBODY, YEAR_EXPORT_RATE } from '@high5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, linkParent, sessionFor } from '../../../test/factories.js';
import { pdfPages, text, unzip } from '../../../test/zip-pdf.js';
import { webpImage } from '../student-details/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.services.db;
const download = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/**
 * A school (test clock: 15/10/2026, so this year is 2026-27) with Lucía in grade 7 and Pablo in
 * grade 5, a teacher and a student who give High 5s, Lucía's Spanish-speaking parent, her journal,
 * and High 5s in this year and the last.
 */
async function family() {
  const school = await buildSchool(t.app, { name: 'Escuela Peñasco' });
  const lucia = await buildUser(t.app, { role: 'student', schoolId: school.id, firstName: 'Lucía', lastName: 'Núñez', grade: 7, language: 'es' });
  const pablo = await buildUser(t.app, { role: 'student', schoolId: school.id, firstName: 'Pablo', lastName: 'Ruiz', grade: 5 });
  const teacher = await buildUser(t.app, { role: 'teacher', schoolId: school.id, firstName: 'Begoña', lastName: 'Ibáñez' });
  const friend = await buildUser(t.app, { role: 'student', schoolId: school.id, firstName: 'Ana', lastName: 'Gil', grade: 7 });
  const mama = await buildUser(t.app, { role: 'parent', schoolId: school.id, firstName: 'Rosa', lastName: 'Núñez', language: 'es' });
  const dad = await buildUser(t.app, { role: 'parent', schoolId: school.id, firstName: 'Tom', lastName: 'Núñez', language: 'en' });
  const pabloParent = await buildUser(t.app, { role: 'parent', schoolId: school.id, firstName: 'Eva', lastName: 'Ruiz' });
  await linkParent(t.app, mama.id, lucia.id);
  // A link the school has not confirmed: the parent still sees the High 5s, so may download them (docs/decisions/0540).
  await linkParent(t.app, dad.id, lucia.id, { confirmed: false });
  await linkParent(t.app, pabloParent.id, pablo.id);
  // Lucía has been at the school since last year.
  await db()
    .updateTable('schoolMemberships')
    .set({ createdAt: new Date('2025-09-01T16:00:00Z') })
    .where('userId', '=', lucia.id)
    .execute();
  const [kind, teamwork] = await db()
    .selectFrom('categories')
    .select(['id', 'nameEs', 'nameEn'])
    .where('kind', '=', 'high5')
    .where('schoolId', 'is', null)
    .orderBy('position')
    .limit(2)
    .execute();
  const give = async (giver: { id: string }, giverRole: string, receiver: { id: string }, schoolDate: string, comment: string, categories: string[]) => {
    const r = await db()
      .insertInto('recognitions')
      .values({ kind: 'high5', schoolId: school.id, giverId: giver.id, giverRole, receiverId: receiver.id, receiverRole: 'student', schoolDate, comment })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const categoryId of categories) await db().insertInto('recognitionCategories').values({ recognitionId: r.id, categoryId }).execute();
  };
  await give(teacher, 'teacher', lucia, '2026-09-03', '¡Qué buen trabajo en equipo, señorita!', [kind!.id, teamwork!.id]);
  await give(friend, 'student', lucia, '2026-10-01', 'Thanks for helping me, "always" = friends', [kind!.id]);
  await give(teacher, 'teacher', lucia, '2026-03-10', 'Last year: una niña muy amable', [teamwork!.id]);
  await give(teacher, 'teacher', pablo, '2026-09-04', 'Pablo’s secret High 5', [kind!.id]);
  await db()
    .insertInto('recognitions')
    .values({
      kind: 'vibe',
      schoolId: school.id,
      giverId: friend.id,
      giverRole: 'student',
      receiverId: lucia.id,
      receiverRole: 'student',
      schoolDate: '2026-09-05',
      comment: 'a vibe, not a High 5',
    })
    .execute();
  await db()
    .insertInto('journalEntries')
    .values({ userId: lucia.id, heading: 'Gracias a mi abuela', description: 'Me enseñó a hacer pan.', writtenAt: new Date('2026-09-20T18:00:00Z') })
    .execute();
  await db()
    .insertInto('journalEntries')
    .values({ userId: pablo.id, heading: 'Pablo private', description: 'Nobody else reads this.', writtenAt: new Date('2026-09-20T18:00:00Z') })
    .execute();
  return { school, lucia, pablo, teacher, friend, mama, dad, pabloParent, kind: kind!, teamwork: teamwork! };
}

describe('GET /v1/year-export/:studentId/:startYear', () => {
  it('when signed out, it answers 401; with a malformed year or journal flag, 400', async () => {
    const f = await family();
    expect((await download(`/v1/year-export/${f.lucia.id}/2026`)).statusCode).toBe(401);
    const cookie = await sessionFor(t.app, f.mama.id);
    expect((await download(`/v1/year-export/${f.lucia.id}/twenty`, cookie)).statusCode).toBe(400);
    expect((await download(`/v1/year-export/${f.lucia.id}/2026?journal=maybe`, cookie)).statusCode).toBe(400);
    expect((await download(`/v1/year-export/not-a-uuid/2026`, cookie)).statusCode).toBe(400);
  });

  it("gives a parent the child's year in Spanish: a PDF, JSON and CSV with every High 5 of the year and no journal", async () => {
    const f = await family();
    const res = await download(`/v1/year-export/${f.lucia.id}/2026`, await sessionFor(t.app, f.mama.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="high5-lucia-nunez-2026-27.zip"');
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['high5-lucia-nunez-2026-27.pdf', 'high5s.csv', 'high5s.json']);

    const json = JSON.parse(text(files['high5s.json']));
    expect(json).toMatchObject({
      student: 'Lucía Núñez',
      school: 'Escuela Peñasco',
      schoolYear: { label: '2026-27', from: '2026-08-01', to: '2027-07-31' },
      language: 'es',
    });
    expect(json.journal).toBeUndefined();
    expect(json.high5s).toEqual([
      {
        date: '2026-09-03',
        from: 'Begoña Ibáñez',
        fromRole: 'Docente',
        categories: [f.kind.nameEs, f.teamwork.nameEs],
        comment: '¡Qué buen trabajo en equipo, señorita!',
      },
      { date: '2026-10-01', from: 'Ana Gil', fromRole: 'Estudiante', categories: [f.kind.nameEs], comment: 'Thanks for helping me, "always" = friends' },
    ]);

    const csv = text(files['high5s.csv']);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Fecha,De,Rol,Categorías,Comentario',
      `2026-09-03,Begoña Ibáñez,Docente,${f.kind.nameEs}; ${f.teamwork.nameEs},"¡Qué buen trabajo en equipo, señorita!"`,
      `2026-10-01,Ana Gil,Estudiante,${f.kind.nameEs},"Thanks for helping me, ""always"" = friends"`,
      '',
    ]);

    const pages = await pdfPages(files['high5-lucia-nunez-2026-27.pdf']!);
    const all = pages.join('\n');
    expect(pages[0]).toContain('El curso escolar 2026-27 de Lucía Núñez');
    expect(pages[0]).toContain('Escuela Peñasco');
    expect(pages[0]).toContain('2 High 5 recibidos');
    expect(all).toContain('03/09/2026 · De Begoña Ibáñez');
    expect(all).toContain('¡Qué buen trabajo en equipo, señorita!');
    expect(all).toContain(`${f.kind.nameEs} · ${f.teamwork.nameEs}`);
    expect(all).toContain('Descargado de High5 el 15/10/2026');
    for (const absent of ['Last year', 'Pablo', 'a vibe', 'Gracias a mi abuela', 'diario']) expect(all).not.toContain(absent);

    const audit = await db().selectFrom('auditLog').selectAll().where('action', '=', 'family.yearExport').where('targetId', '=', f.lucia.id).execute();
    expect(audit).toMatchObject([{ actorId: f.mama.id, schoolId: f.school.id, details: { startYear: 2026, high5s: 2, journal: false } }]);
  });

  it("writes the keepsake in the downloader's language: English for the English-speaking parent, last year on request", async () => {
    const f = await family();
    const res = await download(`/v1/year-export/${f.lucia.id}/2025`, await sessionFor(t.app, f.dad.id));
    expect(res.statusCode).toBe(200);
    const files = unzip(res.rawPayload);
    const pages = await pdfPages(files['high5-lucia-nunez-2025-26.pdf']!);
    expect(pages[0]).toContain("Lucía Núñez's school year 2025-26");
    expect(pages[0]).toContain('1 High 5 received');
    expect(pages.join('\n')).toContain('03/10/2026 · From Begoña Ibáñez');
    expect(JSON.parse(text(files['high5s.json'])).high5s).toEqual([
      { date: '2026-03-10', from: 'Begoña Ibáñez', fromRole: 'Teacher', categories: [f.teamwork.nameEn], comment: 'Last year: una niña muy amable' },
    ]);
  });

  it('adds the journal only for the student who asks, and the hand avatar when there is one', async () => {
    const f = await family();
    await t.app.services.storage.put(`avatars/${f.lucia.id}.webp`, await webpImage(200, 200), 'image/webp');
    await db()
      .insertInto('avatars')
      .values({ userId: f.lucia.id, imageKey: `avatars/${f.lucia.id}.webp`, hand: 'Hand3', colourInfo: JSON.stringify({}) })
      .execute();
    const cookie = await sessionFor(t.app, f.lucia.id);
    const plain = unzip((await download(`/v1/year-export/${f.lucia.id}/2026`, cookie)).rawPayload);
    expect(Object.keys(plain).sort()).toEqual(['hand.png', 'high5-lucia-nunez-2026-27.pdf', 'high5s.csv', 'high5s.json']);
    expect(Buffer.from(plain['hand.png']!).subarray(1, 4).toString()).toBe('PNG');

    const res = await download(`/v1/year-export/${f.lucia.id}/2026?journal=true`, cookie);
    expect(res.statusCode).toBe(200);
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['hand.png', 'high5-lucia-nunez-2026-27.pdf', 'high5s.csv', 'high5s.json', 'journal.csv']);
    expect(JSON.parse(text(files['high5s.json'])).journal).toEqual([{ date: '2026-09-20', heading: 'Gracias a mi abuela', text: 'Me enseñó a hacer pan.' }]);
    expect(text(files['journal.csv']).slice(1)).toBe('Fecha,Título,Entrada\r\n2026-09-20,Gracias a mi abuela,Me enseñó a hacer pan.\r\n');
    const pages = await pdfPages(files['high5-lucia-nunez-2026-27.pdf']!);
    expect(pages.at(-1)).toContain('Mi diario de gratitud');
    expect(pages.at(-1)).toContain('20/09/2026 · Gracias a mi abuela');
    expect(pages.at(-1)).toContain('Me enseñó a hacer pan.');
    expect(pages.join('\n')).not.toContain('Pablo private');
  });

  it("never gives a parent the journal, another child's year, or another school's student", async () => {
    const f = await family();
    const mama = await sessionFor(t.app, f.mama.id);
    const journal = await download(`/v1/year-export/${f.lucia.id}/2026?journal=true`, mama);
    expect(journal.statusCode).toBe(403);
    expect(journal.json().ErrorCode).toBe('FORBIDDEN');
    expect((await download(`/v1/year-export/${f.pablo.id}/2026`, mama)).statusCode).toBe(403);
    // Another student's year, even from grade 7.
    expect((await download(`/v1/year-export/${f.pablo.id}/2026`, await sessionFor(t.app, f.friend.id))).statusCode).toBe(403);
    expect((await download(`/v1/year-export/${f.lucia.id}/2026`, await sessionFor(t.app, f.teacher.id))).statusCode).toBe(403);
    const other = await family();
    expect((await download(`/v1/year-export/${other.lucia.id}/2026`, mama)).statusCode).toBe(404);
    // A year the student was not at the school, or one not begun.
    expect((await download(`/v1/year-export/${f.lucia.id}/2024`, mama)).statusCode).toBe(404);
    expect((await download(`/v1/year-export/${f.lucia.id}/2027`, mama)).statusCode).toBe(404);
    expect(await db().selectFrom('auditLog').select('id').where('action', '=', 'family.yearExport').where('actorId', '=', f.mama.id).execute()).toEqual([]);
  });

  it("refuses a student below the school's grade (YEAR_EXPORT_NOT_ALLOWED) until the school lowers it; the parent may meanwhile", async () => {
    const f = await family();
    const pablo = await sessionFor(t.app, f.pablo.id);
    const refused = await download(`/v1/year-export/${f.pablo.id}/2026`, pablo);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().ErrorCode).toBe('YEAR_EXPORT_NOT_ALLOWED');
    expect((await t.call('GET', `/v1/year-export/${f.pablo.id}`, { cookie: pablo })).json.ResponseData).toEqual({
      allowed: false,
      minGrade: 6,
      journal: false,
      years: [],
    });
    expect((await download(`/v1/year-export/${f.pablo.id}/2026`, await sessionFor(t.app, f.pabloParent.id))).statusCode).toBe(200);

    await db().updateTable('schools').set({ familyExportMinGrade: 5 }).where('id', '=', f.school.id).execute();
    expect((await download(`/v1/year-export/${f.pablo.id}/2026`, pablo)).statusCode).toBe(200);
    await db().updateTable('schools').set({ familyExportMinGrade: EXPORT_GRADE_NOBODY }).where('id', '=', f.school.id).execute();
    expect((await download(`/v1/year-export/${f.lucia.id}/2026`, await sessionFor(t.app, f.lucia.id))).statusCode).toBe(403);
  });

  it(`allows ${YEAR_EXPORT_RATE.max} downloads an hour per person, then 429 with Retry-After`, async () => {
    const f = await family();
    const cookie = await sessionFor(t.app, f.mama.id);
    for (let i = 0; i < YEAR_EXPORT_RATE.max; i++) expect((await download(`/v1/year-export/${f.lucia.id}/2026`, cookie)).statusCode).toBe(200);
    const limited = await download(`/v1/year-export/${f.lucia.id}/2026`, cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().ErrorCode).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another parent is not held back.
    expect((await download(`/v1/year-export/${f.lucia.id}/2026`, await sessionFor(t.app, f.dad.id))).statusCode).toBe(200);
  });
});

describe('GET /v1/year-export/:studentId', () => {
  it('answers 401 signed out, 400 for a bad id, and the years and journal choice for the parent and the student', async () => {
    const f = await family();
    expect((await t.call('GET', `/v1/year-export/${f.lucia.id}`)).status).toBe(401);
    const mama = await sessionFor(t.app, f.mama.id);
    expect((await t.call('GET', '/v1/year-export/nope', { cookie: mama })).status).toBe(400);
    const years = [
      { startYear: 2026, from: '2026-08-01', to: '2027-07-31' },
      { startYear: 2025, from: '2025-08-01', to: '2026-07-31' },
    ];
    expect((await t.call('GET', `/v1/year-export/${f.lucia.id}`, { cookie: mama })).json.ResponseData).toEqual({
      allowed: true,
      minGrade: null,
      journal: false,
      years,
    });
    expect((await t.call('GET', `/v1/year-export/${f.lucia.id}`, { cookie: await sessionFor(t.app, f.lucia.id) })).json.ResponseData).toEqual({
      allowed: true,
      minGrade: null,
      journal: true,
      years,
    });
    expect((await t.call('GET', `/v1/year-export/${f.pablo.id}`, { cookie: mama })).status).toBe(403);
    expect((await t.call('GET', `/v1/year-export/${f.lucia.id}`, { cookie: await sessionFor(t.app, f.teacher.id) })).status).toBe(403);
  });
});
