import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { buildRecognition, setSchool } from '../give/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function school() {
  const s = await buildSchool(t.app);
  const other = await buildSchool(t.app);
  const me = await buildUser(t.app, { schoolId: s.id, role: 'teacher' });
  const peer = await buildUser(t.app, { schoolId: s.id, role: 'student' });
  return { s, other, me, peer };
}

const get = async (userId: string, schoolId?: string) =>
  t.call('GET', '/v1/recognition/dashboard', { cookie: await sessionFor(t.app, userId, schoolId ?? null) });

describe('dashboard', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', '/v1/recognition/dashboard')).status).toBe(401);
  });

  it("counts given and received per month of the school year, and the year's totals, in the current school only", async () => {
    const { s, other, me, peer } = await school();
    t.clock.set('2026-10-15T16:00:00Z');
    const give = (kind: 'high5' | 'vibe', schoolDate: string, giverId = me.id, receiverId = peer.id, schoolId = s.id) =>
      buildRecognition(t.app, { kind, schoolId, giverId, receiverId, schoolDate });
    await give('high5', '2026-08-01');
    await give('high5', '2026-08-31');
    await give('vibe', '2026-09-30');
    await give('high5', '2026-10-15');
    await give('high5', '2026-07-31'); // last school year: neither in the totals nor the months (decision 0573)
    await give('high5', '2026-10-02', peer.id, me.id);
    await give('vibe', '2026-10-03', peer.id, me.id);
    await give('vibe', '2027-07-31', peer.id, me.id); // the last day of this school year
    await give('high5', '2026-10-04', me.id, me.id); // to oneself: given and received
    await give('high5', '2026-10-05', peer.id, peer.id); // someone else's
    await t.app.services.db.insertInto('schoolMemberships').values({ userId: me.id, schoolId: other.id, role: 'teacher' }).execute();
    await give('high5', '2026-10-06', me.id, me.id, other.id); // another school

    const res = await get(me.id, s.id);
    expect(res.status).toBe(200);
    const d = res.json.ResponseData;
    expect(d.today).toBe('2026-10-15');
    expect(d.schoolYear).toEqual({ from: '2026-08-01', to: '2027-07-31' });
    expect(d.receivedVisible).toBe(true);
    expect(d.totals).toEqual({ high5Given: 4, vibeGiven: 1, high5Received: 2, vibeReceived: 2 });
    expect(d.months.map((m: { month: string }) => m.month)).toEqual([
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
    ]);
    expect(d.months[0]).toEqual({ month: '2026-08', from: '2026-08-01', to: '2026-08-31', high5Given: 2, vibeGiven: 0, high5Received: 0, vibeReceived: 0 });
    expect(d.months[1]).toMatchObject({ vibeGiven: 1, high5Given: 0 });
    expect(d.months[2]).toMatchObject({ high5Given: 2, vibeGiven: 0, high5Received: 2, vibeReceived: 1 });
    expect(d.months[6]).toMatchObject({ from: '2027-02-01', to: '2027-02-28' });
    expect(d.months[11]).toMatchObject({ vibeReceived: 1 });

    const inOther = await get(me.id, other.id);
    expect(inOther.json.ResponseData.totals).toEqual({ high5Given: 1, vibeGiven: 0, high5Received: 1, vibeReceived: 0 });
  });

  it('counts 29 February in a leap school year', async () => {
    const { s, me, peer } = await school();
    t.clock.set('2028-03-01T20:00:00Z');
    await buildRecognition(t.app, { schoolId: s.id, giverId: peer.id, receiverId: me.id, schoolDate: '2028-02-29' });
    const d = (await get(me.id)).json.ResponseData;
    expect(d.months[6]).toMatchObject({ month: '2028-02', from: '2028-02-01', to: '2028-02-29', high5Received: 1 });
    t.clock.set('2026-10-15T16:00:00Z');
  });

  it("uses the school's time zone for today and the school year", async () => {
    const { s, me } = await school();
    // 31 July 23:30 in Los Angeles is already 1 August in UTC.
    t.clock.set('2027-08-01T06:30:00Z');
    expect((await get(me.id)).json.ResponseData).toMatchObject({ today: '2027-07-31', schoolYear: { from: '2026-08-01' } });
    await setSchool(t.app, s.id, { timeZone: 'Europe/Madrid' });
    expect((await get(me.id)).json.ResponseData).toMatchObject({ today: '2027-08-01', schoolYear: { from: '2027-08-01' } });
    t.clock.set('2026-10-15T16:00:00Z');
  });

  it("when the school's high5_vibes setting is OFF, no received number is sent", async () => {
    const { s, me, peer } = await school();
    await buildRecognition(t.app, { schoolId: s.id, giverId: peer.id, receiverId: me.id, schoolDate: '2026-10-01' });
    await buildRecognition(t.app, { schoolId: s.id, giverId: me.id, receiverId: peer.id, schoolDate: '2026-10-01' });
    await setSchool(t.app, s.id, { high5Vibes: false });
    const d = (await get(me.id)).json.ResponseData;
    expect(d.receivedVisible).toBe(false);
    expect(d.totals).toEqual({ high5Given: 1, vibeGiven: 0, high5Received: null, vibeReceived: null });
    expect(d.months.every((m: { high5Received: unknown; vibeReceived: unknown }) => m.high5Received === null && m.vibeReceived === null)).toBe(true);
  });

  it('for a super admin, answers an empty dashboard', async () => {
    const admin = await buildUser(t.app, { isSuperAdmin: true });
    const d = (await get(admin.id)).json.ResponseData;
    expect(d.totals).toEqual({ high5Given: 0, vibeGiven: 0, high5Received: 0, vibeReceived: 0 });
    expect(d.months).toHaveLength(12);
  });
});

describe('the monthly counts the dashboard reads (docs/decisions/0260)', () => {
  const recount = async () => {
    const { db } = t.app.services;
    // One row per person and month (decision 0451), compared per direction and kind.
    const kept = (
      await sql<{ userId: string; schoolId: string; direction: string; kind: string; month: string; n: number }>`
        select c.user_id, c.school_id, d.direction, d.kind, to_char(c.month, 'YYYY-MM-DD') as month, d.n from recognition_month_counts c
        cross join lateral (values ('given', 'high5', c.high5_given), ('given', 'vibe', c.vibe_given), ('received', 'high5', c.high5_received), ('received', 'vibe', c.vibe_received)) as d (direction, kind, n)
        where d.n > 0`.execute(db)
    ).rows;
    const counted = await sql<{ userId: string; schoolId: string; direction: string; kind: string; month: string; n: number }>`
      select user_id, school_id, direction, kind, to_char(month, 'YYYY-MM-DD') as month, count(*)::int as n from (
        select giver_id as user_id, school_id, 'given' as direction, kind, date_trunc('month', school_date) as month from recognitions
        union all select receiver_id, school_id, 'received', kind, date_trunc('month', school_date) from recognitions) x
      group by 1, 2, 3, 4, 5`.execute(db);
    const key = (r: { userId: string; schoolId: string; direction: string; kind: string; month: string; n: number }) =>
      `${r.userId} ${r.schoolId} ${r.direction} ${r.kind} ${r.month} ${r.n}`;
    return { kept: kept.map(key).sort(), counted: counted.rows.map(key).sort() };
  };

  it('stay equal to a recount after gives through HTTP, several rows at once, moved dates and deleted people', async () => {
    const { s, me, peer } = await school();
    t.clock.set('2026-10-15T16:00:00Z');
    await setSchool(t.app, s.id, { dailyGiveLimit: 10 });
    const category = await t.app.services.db
      .selectFrom('categories')
      .select('id')
      .where('kind', '=', 'high5')
      .where('schoolId', 'is', null)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 3; i++) {
      const res = await t.call('POST', '/v1/recognitions', {
        cookie: await sessionFor(t.app, me.id, s.id),
        body: { kind: 'high5', recipientId: peer.id, categoryIds: [category.id], comment: '' },
      });
      expect(res.status).toBe(200);
    }
    const third = await buildUser(t.app, { schoolId: s.id, role: 'student' });
    await buildRecognition(t.app, { kind: 'vibe', schoolId: s.id, giverId: third.id, receiverId: me.id, schoolDate: '2026-09-01' });
    await buildRecognition(t.app, { kind: 'high5', schoolId: s.id, giverId: peer.id, receiverId: third.id, schoolDate: '2026-09-02' });
    await t.app.services.db.updateTable('recognitions').set({ schoolDate: '2026-08-20' }).where('giverId', '=', me.id).where('schoolId', '=', s.id).execute();
    await t.app.services.db.deleteFrom('users').where('id', '=', third.id).execute();

    const d = (await get(me.id, s.id)).json.ResponseData;
    expect(d.totals).toEqual({ high5Given: 3, vibeGiven: 0, high5Received: 0, vibeReceived: 0 });
    expect(d.months[0]).toMatchObject({ month: '2026-08', high5Given: 3 });
    const { kept, counted } = await recount();
    expect(kept).toEqual(counted);
  });
});
