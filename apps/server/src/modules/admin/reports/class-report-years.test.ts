import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildUser } from '../../../test/factories.js';
import { member, schoolWithAdmin } from '../test-factories.js';

// A class report reads the range's school year through that year's classes only (docs/decisions/0608).
let t: TestApp;
const THIS_YEAR = '2026-10-06_2026-10-15';
const LAST_YEAR = '2026-05-01_2026-05-31';

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function arrange() {
  const { school } = await schoolWithAdmin(t.app);
  const ann = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Ann', lastName: 'Pupil' });
  const ben = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Ben', lastName: 'Pupil' });
  const teacher = await member(t.app, school.id, { role: 'teacher' });
  const old = await buildClass(t.app, { schoolId: school.id, ownerId: teacher.user.id, name: 'Old maths', studentIds: [ann.id] });
  const now = await buildClass(t.app, { schoolId: school.id, ownerId: teacher.user.id, name: 'Maths', studentIds: [ben.id] });
  const db = t.app.services.db;
  const year = await db
    .insertInto('schoolYears')
    .values({ schoolId: school.id, startsOn: '2025-08-01', endsOn: '2026-07-31', state: 'closed' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // As a rollover leaves it: the closed year, then the current one.
  await db.insertInto('schoolYears').values({ schoolId: school.id, startsOn: '2026-08-01', endsOn: null, state: 'current' }).execute();
  await db.updateTable('classes').set({ schoolYearId: year.id }).where('id', '=', old.id).execute();
  return { teacher, old, now };
}

const names = (res: { json: { ResponseData: { rows: { name: string }[] } } }) => res.json.ResponseData.rows.map((r) => r.name.split(' ')[0]).sort();

describe('class reports across school years', () => {
  it.each(['recognition', 'mood'])("%s: last year's class inside last year, this year's inside this one; never one year through the other", async (report) => {
    const w = await arrange();
    const get = (query: string) => t.call('GET', `/v1/class-reports/${report}?${query}`, { cookie: w.teacher.cookie });
    const first = await get(`range=${THIS_YEAR}`);
    expect(names(first)).toEqual(['Ben']);
    expect(names(await get(`range=${LAST_YEAR}`))).toEqual(['Ann']);
    expect(names(await get(`range=${LAST_YEAR}&classId=${w.old.id}`))).toEqual(['Ann']);
    const crossed = await get(`range=${THIS_YEAR}&classId=${w.old.id}`);
    expect(crossed.status).toBe(400);
    expect(crossed.json.ErrorCode).toBe('RANGE_CROSSES_SCHOOL_YEAR');
    expect((await get(`range=${LAST_YEAR}&classId=${w.now.id}`)).status).toBe(400);
  });

  it('lists each class with the first day of its school year, for the pickers', async () => {
    const w = await arrange();
    const res = await t.call('GET', '/v1/class-reports/classes', { cookie: w.teacher.cookie });
    expect(res.status).toBe(200);
    const years = Object.fromEntries((res.json.ResponseData as { name: string; yearStart: string }[]).map((c) => [c.name, c.yearStart]));
    expect(years).toEqual({ 'Old maths': '2025-08-01', Maths: '2026-08-01' });
  });
});
