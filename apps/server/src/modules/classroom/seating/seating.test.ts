import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { addSubstitute, buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';
import { nearSquare, presetLayout } from './layout.js';

let t: TestApp;
let w: ClassroomWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
  await t.app.services.db.insertInto('enrolments').values({ classId: w.cls.id, studentId: w.student2.id }).execute();
  await t.app.services.db.updateTable('schoolMemberships').set({ iep: true, languageLevel: 'L' }).where('userId', '=', w.student2.id).execute();
  await t.app.services.db
    .updateTable('users')
    .set({ photoKey: `schools/${w.school.id}/students/${w.student.id}.webp` })
    .where('id', '=', w.student.id)
    .execute();
});
afterAll(() => t.close());

const chart = (seats: Record<string, string>, extra: object = {}) => ({ name: 'Period 1', rows: 2, cols: 3, deskDirection: 90, seats, ...extra });

describe('seating data', () => {
  it('401, 400, 404 for another school, 403 for a non-teacher of the class (admins included) and a pending teacher', async () => {
    const url = `/v1/classes/${w.cls.id}/seating`;
    expect((await t.call('GET', url)).status).toBe(401);
    expect((await t.call('GET', '/v1/classes/x/seating', { cookie: w.cookies.teacher })).status).toBe(400);
    expect((await t.call('GET', url, { cookie: w.cookies.otherTeacher })).status).toBe(404);
    expect((await t.call('GET', url, { cookie: w.cookies.substitute })).status).toBe(403);
    expect((await t.call('GET', url, { cookie: w.cookies.admin })).status).toBe(403);
    expect((await t.call('GET', url, { cookie: w.cookies.student })).status).toBe(403);
    const pendingClass = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.pending.id, studentIds: [w.student.id] });
    expect((await t.call('GET', `/v1/classes/${pendingClass.id}/seating`, { cookie: w.cookies.pending })).json.ErrorCode).toBe('ACCOUNT_PENDING_APPROVAL');
  });

  it("gives students with flags, a photo link valid 3600 s, charts and today's moods", async () => {
    await t.call('POST', '/v1/moods', { cookie: w.cookies.student, body: { mood: 'pensive', emergencyPriority: 'today' } });
    const res = await t.call('GET', `/v1/classes/${w.cls.id}/seating`, { cookie: w.cookies.teacher });
    expect(res.status).toBe(200);
    const data = res.json.ResponseData;
    expect(data).toMatchObject({ classId: w.cls.id, className: 'Math 5', charts: [], presetsAvailable: false });
    expect(data.students).toEqual([
      {
        id: w.student.id,
        name: 'Amy Student',
        photoUrl: expect.stringContaining(`expires=${Math.floor(t.clock.now().getTime() / 1000) + 3600}`),
        iep: false,
        plan504: false,
        language: false,
      },
      { id: w.student2.id, name: 'Ben Student', photoUrl: null, iep: true, plan504: false, language: true },
    ]);
    expect(data.moods).toEqual([
      { studentId: w.student.id, mood: 'pensive', emergency: true, emergencyPriority: 'today', acknowledged: false, moodSwing: false },
      { studentId: w.student2.id, mood: null, emergency: false, emergencyPriority: 'none', acknowledged: false, moodSwing: false },
    ]);
    const audit = await t.app.services.db.selectFrom('auditLog').selectAll().where('action', '=', 'mood.read.class').where('targetId', '=', w.cls.id).execute();
    expect(audit).toHaveLength(1);
    // The 30 s refresh does not flood the audit log.
    await t.call('GET', `/v1/classes/${w.cls.id}/moods`, { cookie: w.cookies.teacher });
    expect(
      await t.app.services.db.selectFrom('auditLog').selectAll().where('action', '=', 'mood.read.class').where('targetId', '=', w.cls.id).execute(),
    ).toHaveLength(1);
  });

  it('class moods mark a mood swing since the last check-in', async () => {
    const kid = await buildUser(t.app, { schoolId: w.school.id, role: 'student' });
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id, studentIds: [kid.id] });
    await t.app.services.db
      .insertInto('moods')
      .values({ userId: kid.id, schoolId: w.school.id, schoolDate: '2026-10-13', mood: 'grinning', lowEnjoyment: false })
      .execute();
    await t.call('POST', '/v1/moods', { cookie: await sessionFor(t.app, kid.id), body: { mood: 'rage', emergencyPriority: 'not-today' } });
    const res = await t.call('GET', `/v1/classes/${cls.id}/moods`, { cookie: w.cookies.teacher });
    expect(res.json.ResponseData).toEqual([
      { studentId: kid.id, mood: 'rage', emergency: true, emergencyPriority: 'not-today', acknowledged: false, moodSwing: true },
    ]);
    expect((await t.call('GET', `/v1/classes/${cls.id}/moods`, { cookie: w.cookies.substitute })).status).toBe(403);
    expect((await t.call('GET', `/v1/classes/${cls.id}/moods`, { cookie: w.cookies.otherTeacher })).status).toBe(404);
  });
});

describe('seating charts', () => {
  it('validates the grid, the seats and the students', async () => {
    const url = `/v1/classes/${w.cls.id}/seating`;
    const cookie = w.cookies.teacher;
    expect((await t.call('POST', url, { body: chart({}) })).status).toBe(401);
    expect((await t.call('POST', url, { cookie, body: chart({}, { rows: 0 }) })).status).toBe(400);
    expect((await t.call('POST', url, { cookie, body: chart({}, { cols: 31 }) })).status).toBe(400);
    // The screen refuses 99 rows or columns (1 to 30): the server does too, naming the field, on create and update.
    const tooMany = await t.call('POST', url, { cookie, body: chart({}, { rows: 99 }) });
    expect([tooMany.status, tooMany.json.issues?.map((i) => i.path)]).toEqual([400, ['body.rows']]);
    const created = await t.call('POST', url, { cookie, body: chart({}, { name: 'Shape check' }) });
    const updated = await t.call('PUT', `${url}/${created.json.ResponseData.id}`, { cookie, body: chart({}, { name: 'Shape check', cols: 99 }) });
    expect([updated.status, updated.json.issues?.map((i) => i.path)]).toEqual([400, ['body.cols']]);
    await t.call('DELETE', `${url}/${created.json.ResponseData.id}`, { cookie });
    expect((await t.call('POST', url, { cookie, body: chart({}, { deskDirection: 45 }) })).status).toBe(400);
    expect((await t.call('POST', url, { cookie, body: chart({}, { name: '' }) })).status).toBe(400);
    expect((await t.call('POST', url, { cookie, body: chart({ a_b: w.student.id }) })).status).toBe(400);
    expect((await t.call('POST', url, { cookie, body: chart({ '2_0': w.student.id }) })).json.ErrorCode).toBe('SEAT_OUT_OF_GRID');
    expect((await t.call('POST', url, { cookie, body: chart({ '0_0': w.student.id, '0_1': w.student.id }) })).json.ErrorCode).toBe('SEAT_DUPLICATE_STUDENT');
    expect((await t.call('POST', url, { cookie, body: chart({ '0_0': w.otherStudent.id }) })).json.ErrorCode).toBe('STUDENT_NOT_ENROLLED');
    expect((await t.call('POST', url, { cookie: w.cookies.substitute, body: chart({}) })).status).toBe(403);
    expect((await t.call('POST', url, { cookie: w.cookies.otherAdmin, body: chart({}) })).status).toBe(404);
  });

  it('saves, lists, updates and deletes a chart; names are unique per class', async () => {
    const url = `/v1/classes/${w.cls.id}/seating`;
    const cookie = w.cookies.teacher;
    const created = await t.call('POST', url, { cookie, body: chart({ '0_0': w.student.id, '1_2': w.student2.id }) });
    expect(created.status).toBe(200);
    const id = created.json.ResponseData.id;
    expect(created.json.ResponseData).toMatchObject({
      name: 'Period 1',
      rows: 2,
      cols: 3,
      deskDirection: 90,
      seats: { '0_0': w.student.id, '1_2': w.student2.id },
    });
    const dup = await t.call('POST', url, { cookie, body: chart({}, { name: 'period 1' }) });
    expect(dup.status).toBe(409);
    expect(dup.json.ErrorCode).toBe('SEATING_NAME_TAKEN');

    const updated = await t.call('PUT', `${url}/${id}`, { cookie, body: chart({ '0_1': w.student.id }, { rows: 3, deskDirection: 180 }) });
    expect(updated.json.ResponseData).toMatchObject({ id, rows: 3, deskDirection: 180, seats: { '0_1': w.student.id } });
    const second = await t.call('POST', url, { cookie, body: chart({}, { name: 'Period 2' }) });
    expect((await t.call('PUT', `${url}/${second.json.ResponseData.id}`, { cookie, body: chart({}, { name: 'Period 1' }) })).status).toBe(409);

    // A substitute teaches the class too.
    await addSubstitute(t.app, w.cls.id, w.substitute.id);
    const list = await t.call('GET', url, { cookie: w.cookies.substitute });
    expect(list.json.ResponseData.charts.map((c: { name: string }) => c.name)).toEqual(['Period 1', 'Period 2']);
    await t.app.services.db.deleteFrom('classTeachers').where('classId', '=', w.cls.id).where('teacherId', '=', w.substitute.id).execute();

    // A student who leaves the class disappears from the saved seats.
    const leaver = await buildUser(t.app, { schoolId: w.school.id, role: 'student' });
    await t.app.services.db.insertInto('enrolments').values({ classId: w.cls.id, studentId: leaver.id }).execute();
    await t.call('PUT', `${url}/${id}`, { cookie, body: chart({ '0_1': w.student.id, '2_2': leaver.id }, { rows: 3 }) });
    await t.app.services.db.deleteFrom('enrolments').where('studentId', '=', leaver.id).execute();
    const after = await t.call('GET', url, { cookie });
    expect(after.json.ResponseData.charts[0].seats).toEqual({ '0_1': w.student.id });

    expect((await t.call('DELETE', `${url}/${id}`, { cookie: w.cookies.otherTeacher })).status).toBe(404);
    expect((await t.call('DELETE', `${url}/${id}`, { cookie })).status).toBe(200);
    expect((await t.call('DELETE', `${url}/${id}`, { cookie })).status).toBe(404);
    expect((await t.call('PUT', `${url}/${id}`, { cookie, body: chart({}) })).status).toBe(404);
    // Another class's chart id is not found through this class.
    const otherCls = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id });
    expect((await t.call('DELETE', `/v1/classes/${otherCls.id}/seating/${second.json.ResponseData.id}`, { cookie })).status).toBe(404);
  });

  it('presets exist only for paid schools', async () => {
    const res = await t.call('GET', `/v1/classes/${w.cls.id}/seating/preset?flag=iep&spread=false`, { cookie: w.cookies.teacher });
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('PAID_SCHOOL_ONLY');

    const paid = await buildSchool(t.app, { paid: true });
    const teacher = await buildUser(t.app, { schoolId: paid.id, role: 'teacher' });
    const kids = await Promise.all([0, 1, 2, 3, 4].map((i) => buildUser(t.app, { schoolId: paid.id, role: 'student', firstName: `Kid${i}`, lastName: 'X' })));
    await t.app.services.db.updateTable('schoolMemberships').set({ iep: true }).where('userId', 'in', [kids[1]!.id, kids[3]!.id]).execute();
    const cls = await buildClass(t.app, { schoolId: paid.id, ownerId: teacher.id, studentIds: kids.map((k) => k.id) });
    const cookie = await sessionFor(t.app, teacher.id);
    expect((await t.call('GET', `/v1/classes/${cls.id}/seating`, { cookie })).json.ResponseData.presetsAvailable).toBe(true);
    const together = await t.call('GET', `/v1/classes/${cls.id}/seating/preset?flag=iep&spread=false`, { cookie });
    expect(together.json.ResponseData).toEqual({
      rows: 2,
      cols: 3,
      seats: { '0_0': kids[1]!.id, '0_1': kids[3]!.id, '0_2': kids[0]!.id, '1_0': kids[2]!.id, '1_1': kids[4]!.id },
    });
    const spread = await t.call('GET', `/v1/classes/${cls.id}/seating/preset?flag=iep&spread=true&rows=2&cols=4`, { cookie });
    expect(spread.json.ResponseData.seats['0_0']).toBe(kids[1]!.id);
    expect(spread.json.ResponseData.seats['1_3']).toBe(kids[3]!.id);
    expect(Object.keys(spread.json.ResponseData.seats)).toHaveLength(5);
    const small = await t.call('GET', `/v1/classes/${cls.id}/seating/preset?flag=504&spread=true&rows=2&cols=2`, { cookie });
    expect(small.json.ErrorCode).toBe('SEATING_GRID_TOO_SMALL');
    expect((await t.call('GET', `/v1/classes/${cls.id}/seating/preset?flag=art&spread=true`, { cookie })).status).toBe(400);
  });
});

describe('attendance', () => {
  it('401, 400, 403 and 404 rules', async () => {
    const url = `/v1/classes/${w.cls.id}/attendance`;
    const body = { present: [w.student.id], absent: [], tardy: [], excused: [] };
    expect((await t.call('POST', url, { body })).status).toBe(401);
    expect((await t.call('POST', url, { cookie: w.cookies.teacher, body: { present: ['x'], absent: [], tardy: [], excused: [] } })).status).toBe(400);
    expect((await t.call('POST', url, { cookie: w.cookies.teacher, body: { present: [w.student.id] } })).status).toBe(400);
    expect(
      (await t.call('POST', url, { cookie: w.cookies.teacher, body: { present: [w.student.id], absent: [w.student.id], tardy: [], excused: [] } })).status,
    ).toBe(400);
    expect((await t.call('POST', url, { cookie: w.cookies.teacher, body: { ...body, absent: [w.otherStudent.id] } })).json.ErrorCode).toBe(
      'STUDENT_NOT_ENROLLED',
    );
    expect((await t.call('POST', url, { cookie: w.cookies.admin, body })).status).toBe(403);
    expect((await t.call('POST', url, { cookie: w.cookies.otherTeacher, body })).status).toBe(404);
    expect((await t.call('GET', `${url}/today`, { cookie: w.cookies.student })).status).toBe(403);
  });

  it('saves one row per student per school day (saving again replaces), and exports attendance.csv', async () => {
    const url = `/v1/classes/${w.cls.id}/attendance`;
    const cookie = w.cookies.teacher;
    const saved = await t.call('POST', url, { cookie, body: { present: [w.student.id], absent: [w.student2.id], tardy: [], excused: [] } });
    expect(saved.json.ResponseData).toEqual({ date: '2026-10-15', saved: 2 });
    await t.call('POST', url, { cookie, body: { present: [w.student.id], absent: [], tardy: [w.student2.id], excused: [] } });
    expect((await t.call('GET', `${url}/today`, { cookie })).json.ResponseData).toEqual({
      date: '2026-10-15',
      codes: { [w.student.id]: 'P', [w.student2.id]: 'T' },
    });
    const rows = await t.app.services.db.selectFrom('attendance').selectAll().where('classId', '=', w.cls.id).execute();
    expect(rows).toHaveLength(2);

    await t.app.services.db.insertInto('attendance').values({ classId: w.cls.id, studentId: w.student.id, schoolDate: '2026-10-14', code: 'E' }).execute();
    await t.app.services.db.updateTable('users').set({ firstName: '=HYPERLINK("x")' }).where('id', '=', w.student2.id).execute();
    const exp = await t.call('GET', `${url}/export?dateRange=2026-10-01_2026-10-15`, { cookie });
    expect(exp.json.ResponseData.filename).toBe('attendance.csv');
    expect(exp.json.ResponseData.rows).toBe(3);
    const lines = exp.json.ResponseData.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Student,Email,2026-10-14,2026-10-15,Present,Absent,Tardy,Excused');
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"") Student",${w.student2.email},,T,0,0,1,0`);
    expect(lines[2]).toBe(`Amy Student,${w.student.email},E,P,1,0,0,1`);
    const long = await t.call('GET', `${url}/export?dateRange=2024-10-01_2026-10-15`, { cookie });
    expect(long.json.ErrorCode).toBe('DATE_RANGE_TOO_LONG');
    expect((await t.call('GET', `${url}/export?dateRange=2026-10-01_2026-10-15`, { cookie: w.cookies.otherTeacher })).status).toBe(404);
    expect((await t.call('GET', `${url}/export?dateRange=2026-10-01_2026-10-15`)).status).toBe(401);
  });

  it("exports headers in the teacher's language", async () => {
    const es = await buildUser(t.app, { schoolId: w.school.id, role: 'teacher', language: 'es' });
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: es.id });
    await t.app.services.db.insertInto('attendance').values({ classId: cls.id, studentId: w.student.id, schoolDate: '2026-10-14', code: 'P' }).execute();
    const res = await t.call('GET', `/v1/classes/${cls.id}/attendance/export?dateRange=2026-10-01_2026-10-15`, { cookie: await sessionFor(t.app, es.id) });
    expect(res.json.ResponseData.csv).toContain('Estudiante,Correo electrónico,2026-10-14,Presente,Ausente,Tarde,Justificado');
  });
});

describe('layout helpers', () => {
  it('near-square grids are at least 2 by 2', () => {
    expect(nearSquare(0)).toEqual({ rows: 2, cols: 2 });
    expect(nearSquare(5)).toEqual({ rows: 2, cols: 3 });
    expect(nearSquare(30)).toEqual({ rows: 5, cols: 6 });
  });

  it('spread presets never put two students in one seat', () => {
    const students = Array.from({ length: 23 }, (_, i) => ({ id: `s${i}`, flagged: i % 3 === 0 }));
    const seats = presetLayout(students, 4, 6, true);
    expect(Object.keys(seats)).toHaveLength(23);
    expect(new Set(Object.values(seats)).size).toBe(23);
  });
});
