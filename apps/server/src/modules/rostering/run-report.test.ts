import type { RosterPersonChange, RosterRun } from '@high5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { superAdmin } from '../admin/test-factories.js';
import type { RosterPerson, RosterSnapshot } from './sources/types.js';
import { buildSisDistrict, drain, useMemorySource } from './test-support.js';

// The run report names every change: who, in which school, with role and grade, field, from and to (decision 0580).
let t: TestApp;
const source = useMemorySource();
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const uid = () => Math.random().toString(36).slice(2, 8);

async function sync(districtId: string, cookie: string): Promise<RosterRun> {
  const res = await t.call('POST', `/v1/super/districts/${districtId}/roster/sync`, { cookie, body: {} });
  expect(res.status).toBe(200);
  await drain(t.app);
  const run = await t.call('GET', `/v1/super/roster-runs/${res.json.ResponseData.id}`, { cookie });
  expect(run.status).toBe(200);
  return run.json.ResponseData as RosterRun;
}

/** Two schools of 12 students each and a teacher who teaches at both. */
function district() {
  const p = uid();
  const [a, b] = [`a-${p}`, `b-${p}`];
  const student = (id: string, school: string, extra: Partial<RosterPerson> = {}): RosterPerson => ({
    sourceId: `${p}-${id}`,
    role: 'student',
    schoolSourceIds: [school],
    firstName: `F${id}`,
    lastName: `L${id}`,
    email: `${p}-${id}@students.example`,
    grade: 9,
    ...extra,
  });
  const teacher: RosterPerson = {
    sourceId: `${p}-t`,
    role: 'teacher',
    schoolSourceIds: [a, b],
    firstName: 'Dana',
    lastName: 'Moss',
    email: `${p}-t@staff.example`,
  };
  const people = [teacher, ...Array.from({ length: 12 }, (_, i) => student(`sa${i}`, a)), ...Array.from({ length: 12 }, (_, i) => student(`sb${i}`, b))];
  const snapshot = (list: RosterPerson[]): RosterSnapshot => ({
    schools: [
      { sourceId: a, name: `Alder ${p}` },
      { sourceId: b, name: `Birch ${p}` },
    ],
    people: list,
    sections: [],
  });
  return { p, a, b, people, snapshot, id: (local: string) => `${p}-${local}` };
}

const changesOf = (run: RosterRun) => run.schools.flatMap((s) => s.changes.map((c) => ({ ...c, school: s.schoolName })));
const find = (run: RosterRun, sourceId: string) => changesOf(run).filter((c) => c.sourceId === sourceId);

describe('the run report', () => {
  it('names each change with field, from and to, role, grade and school, and counts people, not memberships', async () => {
    const d = district();
    const sis = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);

    source.full(d.snapshot(d.people));
    const first = await sync(sis.id, cookie);
    expect(first.status).toBe('done');
    // 25 people, 26 memberships: the teacher of both schools is one person added.
    expect(first.counts.created).toBe(26);
    expect(first.people).toEqual({ added: 25, reactivated: 0, updated: 0, deactivated: 0 });
    expect(find(first, d.id('t')).map((c) => [c.school, c.kind, c.role])).toEqual([
      [`Alder ${d.p}`, 'added', 'teacher'],
      [`Birch ${d.p}`, 'added', 'teacher'],
    ]);
    expect(find(first, d.id('sa0'))[0]).toMatchObject({ kind: 'added', role: 'student', grade: 9, fields: [] });

    // The teacher is renamed, one student moves up a grade and gets an IEP, one is English learner, one leaves.
    const second = d.people
      .filter((p) => p.sourceId !== d.id('sb11'))
      .map((p) =>
        p.sourceId === d.id('t')
          ? { ...p, lastName: 'Moss-Reyes' }
          : p.sourceId === d.id('sa1')
            ? { ...p, grade: 10, iep: true }
            : p.sourceId === d.id('sb2')
              ? { ...p, englishLearner: true }
              : p,
      );
    source.full(d.snapshot(second));
    const run = await sync(sis.id, cookie);
    expect(run.status).toBe('done');
    // A rename is the person's: written (and named) with the first school's part, once.
    expect(run.counts.updated).toBe(3);
    expect(run.people).toEqual({ added: 0, reactivated: 0, updated: 3, deactivated: 1 });
    expect(find(run, d.id('t'))).toEqual([
      expect.objectContaining({
        school: `Alder ${d.p}`,
        kind: 'updated',
        role: 'teacher',
        grade: null,
        fields: [{ field: 'lastName', from: 'Moss', to: 'Moss-Reyes' }],
      }),
    ]);
    expect(find(run, d.id('sa1'))).toEqual([
      {
        sourceId: d.id('sa1'),
        firstName: 'Fsa1',
        lastName: 'Lsa1',
        school: `Alder ${d.p}`,
        kind: 'updated',
        role: 'student',
        grade: 10,
        fields: [
          { field: 'grade', from: 9, to: 10 },
          { field: 'iep', from: false, to: true },
        ],
      },
    ]);
    expect(find(run, d.id('sb2'))).toEqual([
      expect.objectContaining({ school: `Birch ${d.p}`, kind: 'updated', fields: [{ field: 'languageLevel', from: null, to: 'L' }] }),
    ]);
    expect(find(run, d.id('sb11'))).toEqual([
      expect.objectContaining({
        school: `Birch ${d.p}`,
        kind: 'deactivated',
        role: 'student',
        grade: 9,
        firstName: 'Fsb11',
        fields: [{ field: 'status', from: 'active', to: 'inactive' }],
      }),
    ]);
    // Nobody else is named: an unchanged person is not a change.
    expect(changesOf(run)).toHaveLength(4);

    // The student comes back.
    source.full(d.snapshot(second.concat(d.people.filter((p) => p.sourceId === d.id('sb11')))));
    const third = await sync(sis.id, cookie);
    expect(third.people).toEqual({ added: 0, reactivated: 1, updated: 0, deactivated: 0 });
    expect(changesOf(third)).toEqual([
      expect.objectContaining<Partial<RosterPersonChange>>({
        sourceId: d.id('sb11'),
        kind: 'reactivated',
        fields: [{ field: 'status', from: 'inactive', to: 'active' }],
      }),
    ]);

    // An unchanged read names nobody.
    const fourth = await sync(sis.id, cookie);
    expect(changesOf(fourth)).toEqual([]);
    expect(fourth.people).toEqual({ added: 0, reactivated: 0, updated: 0, deactivated: 0 });
  });

  it('test mode names a rename in each school of the person and counts the person once', async () => {
    const d = district();
    const sis = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    source.full(d.snapshot(d.people));
    await sync(sis.id, cookie);
    await t.app.services.db.updateTable('districts').set({ testMode: true }).where('id', '=', sis.id).execute();
    source.full(d.snapshot(d.people.map((p) => (p.sourceId === d.id('t') ? { ...p, firstName: 'Danielle' } : p))));
    const preview = await sync(sis.id, cookie);
    expect(preview.status).toBe('preview');
    expect(find(preview, d.id('t')).map((c) => [c.school, c.fields])).toEqual([
      [`Alder ${d.p}`, [{ field: 'firstName', from: 'Dana', to: 'Danielle' }]],
      [`Birch ${d.p}`, [{ field: 'firstName', from: 'Dana', to: 'Danielle' }]],
    ]);
    expect(preview.counts.updated).toBe(2);
    expect(preview.people?.updated).toBe(1);
  });

  it('a held run names who it would deactivate, and the district list carries the same report', async () => {
    const d = district();
    const sis = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    source.full(d.snapshot(d.people));
    await sync(sis.id, cookie);
    // Half of Birch leaves: held.
    const gone = new Set(Array.from({ length: 6 }, (_, i) => d.id(`sb${i}`)));
    source.full(d.snapshot(d.people.filter((p) => !gone.has(p.sourceId))));
    const held = await sync(sis.id, cookie);
    expect(held.status).toBe('held');
    expect(held.people?.deactivated).toBe(6);
    const birch = held.schools.find((s) => s.schoolName === `Birch ${d.p}`)!;
    expect(birch.outcome).toBe('held');
    expect(birch.changes.map((c) => c.sourceId).sort()).toEqual([...gone].sort());
    const list = await t.call('GET', `/v1/super/districts/${sis.id}/roster`, { cookie });
    expect(list.json.ResponseData.runs[0].schools).toEqual(held.schools);
  });
});
