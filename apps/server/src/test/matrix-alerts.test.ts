import { alertEndpoints } from '@high5/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildUser, sessionFor } from './factories.js';
import { buildWorld, homeOf, describeMatrix, type Caller, type CellContext, type Row, type Side, type World } from './matrix.js';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const inSchool = (c: Caller, side: Side) => homeOf(c) === side;
/** The class's teacher reaches the alert at once; an admin, staff or a teacher of another class does not (docs/decisions/0420). */
const classTeacher = (c: Caller, side: Side) => inSchool(c, side) && (c === 'teacher' || c === 'otherTeacher');

/** A fresh student of the side's class who has just asked for help today (in school hours: the test clock's Thursday morning). */
async function freshAlert(c: CellContext) {
  const student = await buildUser(t.app, { schoolId: c.s.school.id, role: 'student' });
  await t.app.services.db.insertInto('enrolments').values({ classId: c.s.cls.id, studentId: student.id }).execute();
  const cookie = await sessionFor(t.app, student.id, c.s.school.id);
  const res = await t.call('POST', '/v1/moods', { cookie, body: { mood: 'persevere', emergencyPriority: 'today' } });
  expect(res.status).toBe(200);
  const alert = await t.app.services.db.selectFrom('alerts').select('id').where('studentId', '=', student.id).executeTakeFirstOrThrow();
  return alert.id;
}

const rows: Record<string, Row> = {
  alertsMine: { allow: 'self' },
  alertDetail: { allow: classTeacher, request: async (c) => ({ params: { alertId: await freshAlert(c) } }) },
  alertAct: { allow: classTeacher, request: async (c) => ({ params: { alertId: await freshAlert(c) }, body: { action: 'talked', close: true } }) },
  alertCorrect: {
    allow: classTeacher,
    request: async (c) => {
      const alertId = await freshAlert(c);
      // The caller's own entry: only its author may correct it.
      const entry = await t.app.services.db
        .insertInto('alertActions')
        .values({ alertId, actorId: c.me, at: t.clock.now(), action: 'talked', closed: false })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { params: { alertId, actionId: entry.id }, body: { action: 'contactedFamily', note: '' } };
    },
  },
  alertReopen: {
    allow: classTeacher,
    request: async (c) => {
      const alertId = await freshAlert(c);
      await t.app.services.db.updateTable('alerts').set({ closedAt: t.clock.now() }).where('id', '=', alertId).execute();
      return { params: { alertId }, body: { note: 'Not done' } };
    },
  },
  alertsOfStudent: { allow: classTeacher },
  alertSettings: { allow: 'self' },
  alertSettingsUpdate: { allow: 'self', request: () => ({ body: { escalationMinutes: 30 } }) },
  alertAdults: { allow: 'self' },
  alertReport: { allow: 'self', request: () => ({ query: { dateRange: '2026-10-01_2026-10-31' } }) },
  moodConsents: { allow: 'self' },
  schoolMoodConsents: { allow: 'self' },
  moodConsentSet: { allow: (c, side) => c === 'parent' && side === 'A', request: () => ({ body: { status: 'given' } }) },
};

describeMatrix(
  'the authorization matrix of well-being alerts',
  () => ({ t, w }),
  Object.fromEntries(Object.entries(alertEndpoints).map(([key, e]) => [key, { ...e, id: key }])),
  rows,
);
