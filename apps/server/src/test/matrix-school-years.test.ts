import { schoolYearEndpoints } from '@high5/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { sessionFor } from './factories.js';
import { buildWorld, describeMatrix, type CellContext, type Row, type World } from './matrix.js';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

// The test clock's today is 15 October 2026: a start day a few weeks on, grades kept (the world stays as it is).
const ROLLOVER = { startsOn: '2026-11-02', gradeMode: 'keep', finalGrade: null };
const db = () => t.app.services.db;
const schoolOf = (c: CellContext) => (c.caller === 'anonymous' ? null : w.users[c.caller].schoolId);

/** The caller's school as if it never rolled over, so that each cell starts from the same state. */
async function reset(c: CellContext) {
  const schoolId = schoolOf(c);
  if (!schoolId) return;
  await db().updateTable('classes').set({ schoolYearId: null }).where('schoolId', '=', schoolId).execute();
  await db().deleteFrom('schoolYearRollovers').where('schoolId', '=', schoolId).execute();
  await db().deleteFrom('schoolYears').where('schoolId', '=', schoolId).execute();
}

const rows: Record<string, Row> = {
  // Any member reads their own school's years; a super admin is a member of none.
  'schoolYears.years': { allow: (caller) => caller !== 'superAdmin', once: true },
  'schoolYears.admin': { allow: 'self' },
  'schoolYears.preview': { allow: 'self', request: async (c) => (await reset(c), { body: ROLLOVER }) },
  'schoolYears.rollover': { allow: 'self', request: async (c) => (await reset(c), { body: ROLLOVER }) },
  'schoolYears.undo': {
    allow: 'self',
    // A rollover of the caller's school to undo (made by its admin when the caller is one).
    request: async (c) => {
      await reset(c);
      const schoolId = schoolOf(c);
      if (schoolId && (c.caller === 'admin' || c.caller === 'otherAdmin')) {
        const cookie = await sessionFor(t.app, c.me, schoolId);
        expect((await t.call('POST', '/v1/admin/school-years/rollover', { cookie, body: ROLLOVER })).status).toBe(200);
      }
      return { body: {} };
    },
  },
};

describeMatrix('the authorization matrix of school years', () => ({ t, w }), schoolYearEndpoints, rows);
