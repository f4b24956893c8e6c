import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildSchool, buildUser, linkParent, sessionFor } from '../../../test/factories.js';
import { addAttendance, addMood, addRecognition, addTrustedAdult, jpegWithGps, multipartFile, rosterStudent, setSchoolPaid } from './test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const db = () => t.app.services.db;

/** A school with a student, the people around them, and another school. */
async function world(options: { paid?: boolean } = {}) {
  const school = await buildSchool(t.app, { paid: options.paid ?? false });
  await db()
    .updateTable('schools')
    .set({
      urlProgramIep: 'https://district.example/iep',
      urlProgram504: '',
      urlLanguage: 'https://district.example/ell',
      urlStudentDocument: 'https://district.example/docs',
    })
    .where('id', '=', school.id)
    .execute();
  const student = await buildUser(t.app, { role: 'student', schoolId: school.id, firstName: 'Sam', lastName: 'Rivera', grade: 4 });
  const teacher = await buildUser(t.app, { role: 'teacher', schoolId: school.id, firstName: 'Tess', lastName: 'Ng' });
  const otherTeacher = await buildUser(t.app, { role: 'teacher', schoolId: school.id });
  const admin = await buildUser(t.app, { role: 'teacher', schoolId: school.id, isAdmin: true });
  const staffAdmin = await buildUser(t.app, { role: 'staff', schoolId: school.id, isAdmin: true });
  const trusted = await buildUser(t.app, {
    role: 'staff',
    schoolId: school.id,
    firstName: 'Cora',
    lastName: 'Counselor',
    email: `cora-${school.id.slice(0, 6)}@example.test`,
  });
  const staff = await buildUser(t.app, { role: 'staff', schoolId: school.id });
  const pending = await buildUser(t.app, { role: 'teacher', schoolId: school.id, status: 'pending' });
  const parent = await buildUser(t.app, { role: 'parent', schoolId: school.id });
  const classmate = await buildUser(t.app, { role: 'student', schoolId: school.id });
  const math = await buildClass(t.app, { schoolId: school.id, ownerId: teacher.id, name: 'Math', studentIds: [student.id, classmate.id] });
  await buildClass(t.app, { schoolId: school.id, ownerId: teacher.id, name: 'art', studentIds: [student.id] });
  const pendingClass = await buildClass(t.app, { schoolId: school.id, ownerId: pending.id, studentIds: [student.id] });
  await addTrustedAdult(t.app, student.id, trusted.id);
  await linkParent(t.app, parent.id, student.id);
  const elsewhere = await buildSchool(t.app);
  const foreignAdmin = await buildUser(t.app, { role: 'teacher', schoolId: elsewhere.id, isAdmin: true });
  const foreignStudent = await buildUser(t.app, { role: 'student', schoolId: elsewhere.id });
  return {
    school,
    student,
    teacher,
    otherTeacher,
    admin,
    staffAdmin,
    trusted,
    staff,
    pending,
    parent,
    classmate,
    math,
    pendingClass,
    elsewhere,
    foreignAdmin,
    foreignStudent,
  };
}
type World = Awaited<ReturnType<typeof world>>;
let w: World;
beforeAll(async () => {
  w = await world();
});
const as = (userId: string) => sessionFor(t.app, userId);
const audits = (actorId: string) =>
  db().selectFrom('auditLog').select(['action', 'schoolId', 'targetId', 'details']).where('actorId', '=', actorId).orderBy('id').execute();

describe('GET /v1/student-details/:studentId', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', `/v1/student-details/${w.student.id}`)).status).toBe(401);
  });

  it('when the id is not a uuid, it answers 400', async () => {
    expect((await t.call('GET', '/v1/student-details/42', { cookie: await as(w.teacher.id) })).status).toBe(400);
  });

  it('when their teacher opens it, it returns everything the dialog shows and writes student.view to the audit log', async () => {
    // Today in Los Angeles is 2026-10-15 (the test clock is 16:00Z).
    await addMood(t.app, { userId: w.student.id, schoolId: w.school.id, schoolDate: '2026-10-14', mood: 'weary' });
    await addMood(t.app, { userId: w.student.id, schoolId: w.school.id, schoolDate: '2026-10-15', mood: 'grinning', comment: 'Good day' });
    const r = { schoolId: w.school.id, schoolDate: '2026-10-01' };
    await addRecognition(t.app, { ...r, kind: 'high5', giverId: w.teacher.id, giverRole: 'teacher', receiverId: w.student.id, receiverRole: 'student' });
    await addRecognition(t.app, { ...r, kind: 'high5', giverId: w.admin.id, giverRole: 'teacher', receiverId: w.student.id, receiverRole: 'student' });
    await addRecognition(t.app, { ...r, kind: 'high5', giverId: w.student.id, giverRole: 'student', receiverId: w.classmate.id, receiverRole: 'student' });
    await addRecognition(t.app, { ...r, kind: 'vibe', giverId: w.student.id, giverRole: 'student', receiverId: w.teacher.id, receiverRole: 'teacher' });
    await addRecognition(t.app, { ...r, kind: 'vibe', giverId: w.classmate.id, giverRole: 'student', receiverId: w.teacher.id, receiverRole: 'teacher' });
    const res = await t.call('GET', `/v1/student-details/${w.student.id}`, { cookie: await as(w.teacher.id) });
    expect(res.status).toBe(200);
    const d = res.json.ResponseData;
    expect(d.student).toMatchObject({ id: w.student.id, firstName: 'Sam', lastName: 'Rivera', email: w.student.email, grade: 4, photoUrl: null });
    expect(d.student.classes).toEqual(expect.arrayContaining(['art', 'Math']));
    expect(d.student.classes.indexOf('art')).toBeLessThan(d.student.classes.indexOf('Math'));
    expect(d.flags).toEqual({ iep: false, plan504: false, languageLevel: null });
    expect(d.todayMood).toEqual({ mood: 'grinning', comment: 'Good day' });
    expect(d.totals).toEqual({ high5Given: 1, high5Received: 2, vibeGiven: 1, vibeReceived: 0 });
    expect(d.trustedAdults).toEqual([{ id: w.trusted.id, name: 'Cora Counselor', email: w.trusted.email }]);
    // Deep links only for paid schools (see the paid case below).
    expect(d.links).toEqual({ iep: null, plan504: null, language: null, studentDocument: null });
    expect(d.policies).toEqual({ canEditFlags: true, canChangePhoto: true, canReadMoods: true, canReadMoodHistory: false, canReadAlerts: true });
    expect(d.today).toBe('2026-10-15');
    expect(await audits(w.teacher.id)).toContainEqual({ action: 'student.view', schoolId: w.school.id, targetId: w.student.id, details: {} });
  });

  it('when an admin or a trusted adult opens it, it answers 200; the trusted adult who is not their teacher gets read-only switches; an admin who does not teach the student no mood (decision 0420)', async () => {
    const admin = await t.call('GET', `/v1/student-details/${w.student.id}`, { cookie: await as(w.admin.id) });
    expect(admin.status).toBe(200);
    expect(admin.json.ResponseData.policies).toEqual({
      canEditFlags: true,
      canChangePhoto: true,
      canReadMoods: false,
      canReadMoodHistory: false,
      canReadAlerts: false,
    });
    expect(admin.json.ResponseData.todayMood).toBeNull();
    const trusted = await t.call('GET', `/v1/student-details/${w.student.id}`, { cookie: await as(w.trusted.id) });
    expect(trusted.status).toBe(200);
    expect(trusted.json.ResponseData.policies).toEqual({
      canEditFlags: false,
      canChangePhoto: false,
      canReadMoods: true,
      canReadMoodHistory: false,
      canReadAlerts: true,
    });
    expect(trusted.json.ResponseData.todayMood).toEqual({ mood: 'grinning', comment: 'Good day' });
  });

  it.each([
    ['a teacher without a class with the student', 'otherTeacher'],
    ['a staff member who is not a trusted adult', 'staff'],
    ['a pending teacher of one of their classes', 'pending'],
    ['their parent', 'parent'],
    ['a classmate', 'classmate'],
    ['the student themself', 'student'],
  ] as const)('when %s opens it, it answers 403 and reveals nothing', async (_label, who) => {
    const res = await t.call('GET', `/v1/student-details/${w.student.id}`, { cookie: await as(w[who].id) });
    expect(res.status).toBe(403);
    expect(res.json.ResponseData).toBeNull();
  });

  it('when an admin of another school opens it, it answers 404; and a student of their own school they cannot see from here either', async () => {
    expect((await t.call('GET', `/v1/student-details/${w.student.id}`, { cookie: await as(w.foreignAdmin.id) })).status).toBe(404);
    expect((await t.call('GET', `/v1/student-details/${w.foreignStudent.id}`, { cookie: await as(w.admin.id) })).status).toBe(404);
    expect((await t.call('GET', `/v1/student-details/${w.teacher.id}`, { cookie: await as(w.admin.id) })).status).toBe(404);
    expect((await t.call('GET', `/v1/student-details/${crypto.randomUUID()}`, { cookie: await as(w.admin.id) })).status).toBe(404);
  });

  it('when a teacher of both schools works in the other school, the student is not found there', async () => {
    const both = await buildUser(t.app, { role: 'teacher', schoolId: w.school.id });
    await db().insertInto('schoolMemberships').values({ userId: both.id, schoolId: w.elsewhere.id, role: 'teacher', isAdmin: true }).execute();
    await buildClass(t.app, { schoolId: w.school.id, ownerId: both.id, studentIds: [w.student.id] });
    expect((await t.call('GET', `/v1/student-details/${w.student.id}`, { cookie: await sessionFor(t.app, both.id, w.school.id) })).status).toBe(200);
    expect((await t.call('GET', `/v1/student-details/${w.student.id}`, { cookie: await sessionFor(t.app, both.id, w.elsewhere.id) })).status).toBe(404);
  });
});

describe('PUT /v1/student-details/:studentId/flags', () => {
  const put = async (userId: string, body: unknown, studentId = w.student.id) =>
    t.call('PUT', `/v1/student-details/${studentId}/flags`, { cookie: await as(userId), body });

  it('when signed out, it answers 401', async () => {
    expect((await t.call('PUT', `/v1/student-details/${w.student.id}/flags`, { body: { iep: true } })).status).toBe(401);
  });

  it('when their teacher switches IEP and language on, it saves at once, answers the flags and audits the change', async () => {
    const res = await put(w.teacher.id, { iep: true, languageLevel: 'L' });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ iep: true, plan504: false, languageLevel: 'L' });
    const row = await db()
      .selectFrom('schoolMemberships')
      .select(['iep', 'plan504', 'languageLevel'])
      .where('userId', '=', w.student.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ iep: true, plan504: false, languageLevel: 'L' });
    expect(await audits(w.teacher.id)).toContainEqual({
      action: 'student.flags.update',
      schoolId: w.school.id,
      targetId: w.student.id,
      details: { iep: true, languageLevel: 'L' },
    });
    expect((await put(w.admin.id, { plan504: true, iep: false, languageLevel: 'LF' })).json.ResponseData).toEqual({
      iep: false,
      plan504: true,
      languageLevel: 'LF',
    });
  });

  it.each([
    ['no change at all', {}],
    ['a string for a switch', { iep: 'yes' }],
    ['an unknown language level', { languageLevel: 'X' }],
    ['an unknown field', { grade: 9 }],
  ])('when it gets %s, it answers 400', async (_label, body) => {
    const res = await put(w.teacher.id, body);
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('VALIDATION_FAILED');
  });

  it('when a trusted adult who does not teach the student switches, it answers 403 STUDENT_FLAGS_READ_ONLY', async () => {
    const res = await put(w.trusted.id, { iep: true });
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('STUDENT_FLAGS_READ_ONLY');
  });

  it('when someone without a reason, or another school, switches, it answers 403 or 404', async () => {
    expect((await put(w.otherTeacher.id, { iep: true })).status).toBe(403);
    expect((await put(w.pending.id, { iep: true })).status).toBe(403);
    expect((await put(w.parent.id, { iep: true })).status).toBe(403);
    expect((await put(w.foreignAdmin.id, { iep: true })).status).toBe(404);
  });

  it('when the SIS lists the student (paid district, rostered), teachers (even admins) get STUDENT_FLAGS_READ_ONLY while a staff admin may switch (docs/decisions/0606)', async () => {
    const paid = await world({ paid: true });
    await rosterStudent(t.app, paid.school.id, paid.student.id);
    const teacherView = await t.call('GET', `/v1/student-details/${paid.student.id}`, { cookie: await as(paid.teacher.id) });
    expect(teacherView.json.ResponseData.policies).toEqual({
      canEditFlags: false,
      canChangePhoto: false,
      canReadMoods: true,
      canReadMoodHistory: false,
      canReadAlerts: true,
    });
    expect(teacherView.json.ResponseData.links).toEqual({
      iep: 'https://district.example/iep',
      plan504: null,
      language: 'https://district.example/ell',
      studentDocument: 'https://district.example/docs',
    });
    const teacher = await put(paid.teacher.id, { iep: true }, paid.student.id);
    expect([teacher.status, teacher.json.ErrorCode]).toEqual([403, 'STUDENT_FLAGS_READ_ONLY']);
    const admin = await put(paid.admin.id, { iep: true }, paid.student.id);
    expect([admin.status, admin.json.ErrorCode]).toEqual([403, 'STUDENT_FLAGS_READ_ONLY']);
    const staffAdmin = await put(paid.staffAdmin.id, { plan504: true }, paid.student.id);
    expect(staffAdmin.status).toBe(200);
    expect(staffAdmin.json.ResponseData.plan504).toBe(true);
  });

  it('when a school of a paid district is not listed by the SIS, its admin and the student’s teacher record the flags as in a free school, audited; another school’s admin gets 404', async () => {
    const listed = await world({ paid: true });
    await rosterStudent(t.app, listed.school.id, listed.student.id);
    // A second school of the same district the SIS does not list: no source id, no rostered student.
    const unlisted = await buildSchool(t.app, { districtId: listed.school.districtId });
    const student = await buildUser(t.app, { role: 'student', schoolId: unlisted.id });
    const admin = await buildUser(t.app, { role: 'teacher', schoolId: unlisted.id, isAdmin: true });
    const teacher = await buildUser(t.app, { role: 'teacher', schoolId: unlisted.id });
    await buildClass(t.app, { schoolId: unlisted.id, ownerId: teacher.id, studentIds: [student.id] });
    const view = await t.call('GET', `/v1/student-details/${student.id}`, { cookie: await as(admin.id) });
    expect(view.json.ResponseData.policies.canEditFlags).toBe(true);
    const saved = await put(admin.id, { iep: true, languageLevel: 'L' }, student.id);
    expect(saved.status).toBe(200);
    expect(saved.json.ResponseData).toEqual({ iep: true, plan504: false, languageLevel: 'L' });
    expect((await audits(admin.id)).filter((a) => a.action === 'student.flags.update')).toEqual([
      { action: 'student.flags.update', schoolId: unlisted.id, targetId: student.id, details: { iep: true, languageLevel: 'L' } },
    ]);
    expect((await put(teacher.id, { plan504: true }, student.id)).status).toBe(200);
    expect(
      await db().selectFrom('schoolMemberships').select(['iep', 'plan504', 'languageLevel']).where('userId', '=', student.id).executeTakeFirstOrThrow(),
    ).toEqual({ iep: true, plan504: true, languageLevel: 'L' });
    // The listed school's admin still may not, and neither admin reaches the other school's student.
    expect((await put(listed.admin.id, { iep: true }, listed.student.id)).json.ErrorCode).toBe('STUDENT_FLAGS_READ_ONLY');
    expect((await put(listed.admin.id, { iep: true }, student.id)).status).toBe(404);
    expect((await put(admin.id, { iep: true }, listed.student.id)).status).toBe(404);
  });
});

describe('attendance and moods in a date range', () => {
  it('when their teacher asks, it returns the rows inside the range only, newest first, and of the moods only today’s (decision 0420); moods reads are audited', async () => {
    await addAttendance(t.app, { classId: w.math.id, studentId: w.student.id, schoolDate: '2026-09-10', code: 'A' });
    await addAttendance(t.app, { classId: w.math.id, studentId: w.student.id, schoolDate: '2026-10-01', code: 'T' });
    await addAttendance(t.app, { classId: w.pendingClass.id, studentId: w.student.id, schoolDate: '2026-10-02', code: 'P' });
    await addAttendance(t.app, { classId: w.math.id, studentId: w.classmate.id, schoolDate: '2026-10-01', code: 'E' });
    await addMood(t.app, { userId: w.student.id, schoolId: w.school.id, schoolDate: '2026-09-01', mood: 'rage' });
    const cookie = await as(w.teacher.id);
    const att = await t.call('GET', `/v1/student-details/${w.student.id}/attendance?range=2026-09-15_2026-10-15`, { cookie });
    expect(att.status).toBe(200);
    expect(att.json.ResponseData).toEqual([
      { date: '2026-10-02', code: 'P', className: expect.any(String) },
      { date: '2026-10-01', code: 'T', className: 'Math' },
    ]);
    const moods = await t.call('GET', `/v1/student-details/${w.student.id}/moods?range=2026-09-15_2026-10-15`, { cookie });
    expect(moods.json.ResponseData).toEqual([{ date: '2026-10-15', mood: 'grinning', comment: 'Good day' }]);
    // An admin who does not teach the student reads reports, not the child's moods.
    expect((await t.call('GET', `/v1/student-details/${w.student.id}/moods?range=2026-09-15_2026-10-15`, { cookie: await as(w.admin.id) })).status).toBe(403);
    const actions = (await audits(w.teacher.id)).map((a) => a.action);
    expect(actions).toContain('mood.read');
    expect(actions).toContain('student.attendance.view');
  });

  it.each(['2026-10-15_2026-10-01', '2026-10-01', '10/01/2026_10/15/2026', '2025-01-01_2026-10-15', ''])(
    'when the range is %j, it answers 400',
    async (range) => {
      const res = await t.call('GET', `/v1/student-details/${w.student.id}/moods?range=${range}`, { cookie: await as(w.teacher.id) });
      expect(res.status).toBe(400);
    },
  );

  it('reads a past school year inside it, and refuses a range that runs into the next (docs/decisions/0608)', async () => {
    await addAttendance(t.app, { classId: w.math.id, studentId: w.student.id, schoolDate: '2026-05-04', code: 'A' });
    const cookie = await as(w.teacher.id);
    const lastYear = await t.call('GET', `/v1/student-details/${w.student.id}/attendance?range=2026-04-01_2026-07-31`, { cookie });
    expect(lastYear.status).toBe(200);
    expect(lastYear.json.ResponseData).toEqual([{ date: '2026-05-04', code: 'A', className: 'Math' }]);
    for (const tab of ['attendance', 'moods']) {
      const crossing = await t.call('GET', `/v1/student-details/${w.student.id}/${tab}?range=2026-07-20_2026-08-10`, { cookie });
      expect(crossing.status).toBe(400);
      expect(crossing.json.ErrorCode).toBe('RANGE_CROSSES_SCHOOL_YEAR');
    }
  });

  it('when signed out, or without a reason, or from another school, it refuses', async () => {
    const url = `/v1/student-details/${w.student.id}/attendance?range=2026-09-15_2026-10-15`;
    expect((await t.call('GET', url)).status).toBe(401);
    expect((await t.call('GET', url, { cookie: await as(w.staff.id) })).status).toBe(403);
    expect((await t.call('GET', url.replace('attendance', 'moods'), { cookie: await as(w.parent.id) })).status).toBe(403);
    expect((await t.call('GET', url, { cookie: await as(w.foreignAdmin.id) })).status).toBe(404);
  });
});

describe("last year's classes", () => {
  it("a teacher who taught the student only in a class of a closed year no longer sees them; this year's teacher does (docs/decisions/0608)", async () => {
    const former = await buildUser(t.app, { role: 'teacher', schoolId: w.school.id });
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: former.id, name: 'Old maths', studentIds: [w.student.id] });
    const cookie = await as(former.id);
    expect((await t.call('GET', `/v1/student-details/${w.student.id}`, { cookie })).status).toBe(200);
    const year = await t.app.services.db
      .insertInto('schoolYears')
      .values({ schoolId: w.school.id, startsOn: '2025-08-01', endsOn: '2026-07-31', state: 'closed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // As a rollover leaves it: the closed year, then the current one.
    await t.app.services.db.insertInto('schoolYears').values({ schoolId: w.school.id, startsOn: '2026-08-01', endsOn: null, state: 'current' }).execute();
    await t.app.services.db.updateTable('classes').set({ schoolYearId: year.id }).where('id', '=', cls.id).execute();
    expect((await t.call('GET', `/v1/student-details/${w.student.id}`, { cookie })).status).toBe(403);
    expect((await t.call('GET', `/v1/student-details/${w.student.id}/moods?range=2026-10-01_2026-10-15`, { cookie })).status).toBe(403);
    expect((await t.call('GET', `/v1/student-details/${w.student.id}`, { cookie: await as(w.teacher.id) })).status).toBe(200);
  });
});

describe('notes', () => {
  it('when a note is added, it is listed newest first with its author, and both reads and writes are audited', async () => {
    const url = `/v1/student-details/${w.student.id}/notes`;
    const first = await t.call('POST', url, { cookie: await as(w.teacher.id), body: { body: '  Works well in groups  ' } });
    expect(first.status).toBe(200);
    expect(first.json.ResponseData).toMatchObject({ body: 'Works well in groups', authorName: 'Tess Ng', mine: true });
    t.clock.advance(60_000);
    await t.call('POST', url, { cookie: await as(w.trusted.id), body: { body: '<script>alert(1)</script> is kept as text' } });
    const list = await t.call('GET', url, { cookie: await as(w.teacher.id) });
    expect(list.json.ResponseData.map((n: { body: string; mine: boolean }) => [n.body, n.mine])).toEqual([
      ['<script>alert(1)</script> is kept as text', false],
      ['Works well in groups', true],
    ]);
    const actions = (await audits(w.teacher.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['student.note.add', 'student.notes.view']));
  });

  it('when the note is empty, blank or too long, it answers 400', async () => {
    const url = `/v1/student-details/${w.student.id}/notes`;
    const cookie = await as(w.teacher.id);
    for (const body of [{}, { body: '' }, { body: '   ' }, { body: 'n'.repeat(2001) }]) {
      expect((await t.call('POST', url, { cookie, body })).status).toBe(400);
    }
  });

  it('when signed out, without a reason or from another school, it refuses', async () => {
    const url = `/v1/student-details/${w.student.id}/notes`;
    expect((await t.call('POST', url, { body: { body: 'x' } })).status).toBe(401);
    expect((await t.call('GET', url, { cookie: await as(w.otherTeacher.id) })).status).toBe(403);
    expect((await t.call('POST', url, { cookie: await as(w.pending.id), body: { body: 'x' } })).status).toBe(403);
    expect((await t.call('POST', url, { cookie: await as(w.foreignAdmin.id), body: { body: 'x' } })).status).toBe(404);
  });
});

describe('POST /v1/student-details/:studentId/photo', () => {
  const upload = async (userId: string | null, bytes: Buffer, studentId = w.student.id) => {
    const { body, headers } = multipartFile(bytes);
    return t.call('POST', `/v1/student-details/${studentId}/photo`, { ...(userId ? { cookie: await as(userId) } : {}), body, headers });
  };

  it('when their teacher uploads a webcam capture, it is stored in the students folder without metadata, audited, and shown in the details', async () => {
    const res = await upload(w.teacher.id, await jpegWithGps(100, 100));
    expect(res.status).toBe(200);
    const key = `schools/${w.school.id}/students/${w.student.id}.webp`;
    expect((await sharp((await t.app.services.storage.get(key))!).metadata()).exif).toBeUndefined();
    expect((await audits(w.teacher.id)).map((a) => a.action)).toContain('student.photo.update');
    const details = await t.call('GET', `/v1/student-details/${w.student.id}`, { cookie: await as(w.admin.id) });
    expect(details.json.ResponseData.student.photoUrl).toContain(key);
  });

  it('when a trusted adult, someone without a reason or another school uploads, it refuses; a renamed text file is refused', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(null, png)).status).toBe(401);
    expect((await upload(w.trusted.id, png)).json.ErrorCode).toBe('PHOTO_CHANGE_NOT_ALLOWED');
    expect((await upload(w.otherTeacher.id, png)).status).toBe(403);
    expect((await upload(w.foreignAdmin.id, png)).status).toBe(404);
    const text = await upload(w.teacher.id, Buffer.from('plain text file'));
    expect(text.status).toBe(400);
    expect(text.json.ErrorCode).toBe('IMAGE_INVALID');
  });

  it('when the school is paid, it answers 403 PHOTO_CHANGE_NOT_ALLOWED', async () => {
    const paid = await world({ paid: true });
    await setSchoolPaid(t.app, paid.school.id, true);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await upload(paid.admin.id, png, paid.student.id);
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('PHOTO_CHANGE_NOT_ALLOWED');
  });
});
