import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../../test/factories.js';
import { superAdmin } from '../admin/test-factories.js';
import type { RosterPerson, RosterSnapshot } from './sources/types.js';
import { RosterSourceError } from './sources/types.js';
import { executeRun } from './runs.js';
import { buildSisDistrict, drain, useMemorySource } from './test-support.js';

// A held run that a newer run has overtaken must never be applied (decision 0535).
let t: TestApp;
const source = useMemorySource();
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const uid = () => Math.random().toString(36).slice(2, 8);
const person = (id: string, school: string, role: RosterPerson['role']): RosterPerson => ({
  sourceId: id,
  role,
  schoolSourceIds: [school],
  firstName: `F${id}`,
  lastName: `L${id}`,
  email: `${id}@school.example`,
});

/** A school of one teacher and 12 students in one section. */
function roster() {
  const p = uid();
  const school = `sch-${p}`;
  const students = Array.from({ length: 12 }, (_, i) => person(`${p}-s${i}`, school, 'student'));
  const teacher = person(`${p}-t`, school, 'teacher');
  const snapshot: RosterSnapshot = {
    schools: [{ sourceId: school, name: `School ${p}` }],
    people: [teacher, ...students],
    sections: [
      {
        sourceId: `${p}-sec`,
        schoolSourceId: school,
        name: `Math ${p}`,
        teacherSourceIds: [teacher.sourceId],
        studentSourceIds: students.map((s) => s.sourceId),
      },
    ],
  };
  /** The same school with its last `n` students missing (more than the 10% hold). */
  const without = (n: number): RosterSnapshot => ({
    ...snapshot,
    people: snapshot.people.slice(0, 13 - n),
    sections: [{ ...snapshot.sections[0]!, studentSourceIds: students.slice(0, 12 - n).map((s) => s.sourceId) }],
  });
  return { school, snapshot, without };
}

const db = () => t.app.services.db;
const inactive = async (districtId: string, sourceId: string) => {
  const school = await db().selectFrom('schools').select('id').where('districtId', '=', districtId).where('sourceId', '=', sourceId).executeTakeFirstOrThrow();
  const rows = await db().selectFrom('schoolMemberships').select('status').where('schoolId', '=', school.id).where('status', '=', 'inactive').execute();
  return rows.length;
};

async function sync(districtId: string, cookie: string) {
  const res = await t.call('POST', `/v1/super/districts/${districtId}/roster/sync`, { cookie, body: {} });
  expect(res.status).toBe(200);
  await drain(t.app);
  return (await t.call('GET', `/v1/super/roster-runs/${res.json.ResponseData.id}`, { cookie })).json.ResponseData;
}

describe('a held run overtaken by a newer run', () => {
  it('is stale once a newer run finishes: approving it answers 409 and deactivates nobody the source still lists', async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const r = roster();
    source.full(r.snapshot);
    await sync(district.id, cookie);

    source.full(r.without(4));
    const first = await sync(district.id, cookie);
    expect(first.status).toBe('held');
    const storedRead = (await db().selectFrom('rosterRuns').select('readKey').where('id', '=', first.id).executeTakeFirstOrThrow()).readKey!;
    const second = await sync(district.id, cookie);
    expect(second.status).toBe('held');
    expect((await t.call('GET', `/v1/super/roster-runs/${first.id}`, { cookie })).json.ResponseData.status).toBe('stale');
    // Nothing will apply the older read any more: it is deleted.
    expect(await t.app.services.storage.get(storedRead)).toBeNull();

    // The newer one is approved and applied; then the SIS is fixed and lists everyone again.
    expect((await t.call('POST', `/v1/super/roster-runs/${second.id}/approve`, { cookie, body: {} })).status).toBe(200);
    await drain(t.app);
    expect(await inactive(district.id, r.school)).toBe(4);
    source.full(r.snapshot);
    const fixed = await sync(district.id, cookie);
    expect(fixed).toMatchObject({ status: 'done', counts: { reactivated: 4 } });

    const stale = await t.call('POST', `/v1/super/roster-runs/${first.id}/approve`, { cookie, body: {} });
    expect(stale.status).toBe(409);
    expect(stale.json.ErrorCode).toBe('ROSTER_RUN_STALE');
    await drain(t.app);
    expect(await inactive(district.id, r.school)).toBe(0);
    const list = (await t.call('GET', `/v1/super/districts/${district.id}/roster`, { cookie })).json.ResponseData;
    expect(list.runs.map((run: { id: string; status: string }) => [run.id, run.status])).toEqual(
      expect.arrayContaining([
        [first.id, 'stale'],
        [second.id, 'done'],
      ]),
    );
  });

  it('an approval waiting for its job is overtaken too when a newer run finishes first; approving while another run works answers 409', async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const r = roster();
    source.full(r.snapshot);
    await sync(district.id, cookie);
    source.full(r.without(3));
    const held = await sync(district.id, cookie);
    expect(held.status).toBe('held');

    // A nightly run is queued (not yet run): the held run cannot be approved while it waits.
    const queued = await t.call('POST', `/v1/super/districts/${district.id}/roster/sync`, { cookie, body: {} });
    const busy = await t.call('POST', `/v1/super/roster-runs/${held.id}/approve`, { cookie, body: {} });
    expect(busy.status).toBe(409);
    expect(busy.json.ErrorCode).toBe('ROSTER_RUN_BUSY');
    source.full(r.snapshot);
    await drain(t.app);
    expect((await t.call('GET', `/v1/super/roster-runs/${queued.json.ResponseData.id}`, { cookie })).json.ResponseData.status).toBe('done');
    expect((await t.call('GET', `/v1/super/roster-runs/${held.id}`, { cookie })).json.ResponseData.status).toBe('stale');
    expect(await inactive(district.id, r.school)).toBe(0);

    // Approved, but before its job runs a newer run (an upload of the school) finishes: the approval is overtaken.
    source.full(r.without(3));
    const again = await sync(district.id, cookie);
    expect((await t.call('POST', `/v1/super/roster-runs/${again.id}/approve`, { cookie, body: {} })).status).toBe(200);
    const newer = await db()
      .insertInto('rosterRuns')
      .values({ districtId: district.id, origin: 'sync', status: 'queued', createdAt: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    source.full(r.snapshot);
    await executeRun(t.app.services, newer.id);
    await drain(t.app);
    expect((await t.call('GET', `/v1/super/roster-runs/${again.id}`, { cookie })).json.ResponseData.status).toBe('stale');
    expect(await inactive(district.id, r.school)).toBe(0);
  });

  it('a super admin discards a held run: nothing applied, its read deleted, audited; it cannot be approved or discarded again', async () => {
    const district = await buildSisDistrict(t.app);
    const { user, cookie } = await superAdmin(t.app);
    const r = roster();
    source.full(r.snapshot);
    await sync(district.id, cookie);
    source.full(r.without(5));
    const held = await sync(district.id, cookie);
    const key = (await db().selectFrom('rosterRuns').select('readKey').where('id', '=', held.id).executeTakeFirstOrThrow()).readKey!;

    const res = await t.call('POST', `/v1/super/roster-runs/${held.id}/discard`, { cookie, body: {} });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData.status).toBe('discarded');
    expect(await t.app.services.storage.get(key)).toBeNull();
    expect(await inactive(district.id, r.school)).toBe(0);
    const audit = await db()
      .selectFrom('auditLog')
      .select(['actorId', 'details'])
      .where('action', '=', 'roster.discard')
      .where('targetId', '=', district.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actorId: user.id, details: { runId: held.id } });
    for (const action of ['approve', 'discard']) {
      const again = await t.call('POST', `/v1/super/roster-runs/${held.id}/${action}`, { cookie, body: {} });
      expect(again.status).toBe(409);
      expect(again.json.ErrorCode).toBe('ROSTER_RUN_NOT_HELD');
    }
  });

  it('discard: 401 without a session, 403 for a school admin, 404 for an unknown run, 400 for a bad id', async () => {
    const { cookie } = await superAdmin(t.app);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.call('POST', `/v1/super/roster-runs/${id}/discard`, { body: {} })).status).toBe(401);
    const school = await buildSchool(t.app);
    const admin = await buildUser(t.app, { role: 'teacher', isAdmin: true, schoolId: school.id });
    expect((await t.call('POST', `/v1/super/roster-runs/${id}/discard`, { cookie: await sessionFor(t.app, admin.id, school.id), body: {} })).status).toBe(403);
    expect((await t.call('POST', `/v1/super/roster-runs/${id}/discard`, { cookie, body: {} })).status).toBe(404);
    expect((await t.call('POST', '/v1/super/roster-runs/nope/discard', { cookie, body: {} })).status).toBe(400);
  });
});

describe('announcing held and failed runs', () => {
  const outbox = (to: string) => db().selectFrom('devOutbox').select(['subject', 'bodyText']).where('recipient', '=', to).execute();

  it('e-mails every super admin, in their language, with a link to the district; a run that applies e-mails nobody', async () => {
    const district = await buildSisDistrict(t.app);
    const { user: en, cookie } = await superAdmin(t.app);
    const es = await buildUser(t.app, { isSuperAdmin: true, language: 'es' });
    const r = roster();
    source.full(r.snapshot);
    await sync(district.id, cookie);
    expect(await outbox(en.email!)).toHaveLength(0);

    source.full(r.without(6));
    await sync(district.id, cookie);
    const [held] = await outbox(en.email!);
    expect(held!.subject).toBe('A High5 roster sync is waiting for your approval');
    expect(held!.bodyText).toContain(district.name);
    expect(held!.bodyText).toContain(`/add-district?district=${district.id}`);
    expect((await outbox(es.email!))[0]!.subject).toBe('Una sincronización de listas de High5 espera su aprobación');

    source.next = () => {
      throw new RosterSourceError('roster_unreachable', 'down');
    };
    const failed = await sync(district.id, cookie);
    expect(failed.status).toBe('failed');
    expect((await outbox(en.email!)).map((m) => m.subject)).toContain('A High5 roster sync failed');
  });
});

describe('when the next nightly run is due', () => {
  it('the roster page says when, in the district time zone, and skips the nights of a summer pause', async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    t.clock.set('2026-06-10T12:00:00Z');
    try {
      const url = `/v1/super/districts/${district.id}/roster`;
      expect((await t.call('GET', url, { cookie })).json.ResponseData.settings.nextRunAt).toBe('2026-06-11T09:00:00.000Z');
      await t.call('PATCH', url, { cookie, body: { syncTime: '03:30', summerPause: { from: '2026-06-11', until: '2026-08-15' } } });
      expect((await t.call('GET', url, { cookie })).json.ResponseData.settings.nextRunAt).toBe('2026-08-16T10:30:00.000Z');
      const free = await db()
        .insertInto('districts')
        .values({ name: `Files ${uid()}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await t.call('GET', `/v1/super/districts/${free.id}/roster`, { cookie })).json.ResponseData.settings.nextRunAt).toBeNull();
    } finally {
      t.clock.set(new Date());
    }
  });
});
