import { addDays } from '@high5/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildUser, sessionFor } from '../../../test/factories.js';
import { keysetBatches } from '../../../lib/cursor.js';
import { schoolWithAdmin } from '../test-factories.js';
import { moodReportBatch, recognitionReportBatch, type BatchScope } from './queries.js';

// Reports over any day range from monthly counts plus edge days (docs/decisions/0450).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Both monthly tables, without rows that fell back to zero, and the same counted from scratch. */
async function recount() {
  const { db } = t.app.services;
  const moodsKept = await sql<{ line: string }>`
    select concat_ws(' ', user_id, school_id, to_char(month, 'YYYY-MM-DD'), high, low, talk_today, talk_not_today, low_moods::text, talk_today_moods::text, talk_not_today_moods::text) as line
    from mood_month_counts where high + low > 0 or low_moods <> '{}'::jsonb`.execute(db);
  const moodsCounted = await sql<{ line: string }>`
    select concat_ws(' ', user_id, school_id, to_char(month, 'YYYY-MM-DD'), sum(high), sum(low), sum(talk_today), sum(talk_not_today),
      coalesce(jsonb_object_agg(mood, low) filter (where low > 0), '{}'::jsonb)::text,
      coalesce(jsonb_object_agg(mood, low_today) filter (where low_today > 0), '{}'::jsonb)::text,
      coalesce(jsonb_object_agg(mood, low_not_today) filter (where low_not_today > 0), '{}'::jsonb)::text) as line
    from (
      select user_id, school_id, date_trunc('month', school_date) as month, mood,
        count(*) filter (where not low_enjoyment) as high, count(*) filter (where low_enjoyment) as low,
        count(*) filter (where emergency_priority = 'today') as talk_today, count(*) filter (where emergency_priority = 'not-today') as talk_not_today,
        count(*) filter (where low_enjoyment and emergency_priority = 'today') as low_today, count(*) filter (where low_enjoyment and emergency_priority = 'not-today') as low_not_today
      from moods group by 1, 2, 3, 4) x
    group by user_id, school_id, month`.execute(db);
  const recognitionsKept = await sql<{ line: string }>`
    select concat_ws(' ', c.user_id, c.school_id, d.direction, d.kind, to_char(c.month, 'YYYY-MM-DD'), d.n) as line from recognition_month_counts c
    cross join lateral (values ('given', 'high5', c.high5_given), ('given', 'vibe', c.vibe_given), ('received', 'high5', c.high5_received), ('received', 'vibe', c.vibe_received)) as d (direction, kind, n)
    where d.n > 0`.execute(db);
  const recognitionsCounted = await sql<{ line: string }>`
    select concat_ws(' ', user_id, school_id, direction, kind, to_char(month, 'YYYY-MM-DD'), count(*)) as line from (
      select giver_id as user_id, school_id, 'given' as direction, kind, date_trunc('month', school_date) as month from recognitions
      union all select receiver_id, school_id, 'received', kind, date_trunc('month', school_date) from recognitions) x
    group by user_id, school_id, direction, kind, month`.execute(db);
  const lines = (rows: { line: string }[]) => rows.map((r) => r.line).sort();
  return {
    kept: { moods: lines(moodsKept.rows), recognitions: lines(recognitionsKept.rows) },
    counted: { moods: lines(moodsCounted.rows), recognitions: lines(recognitionsCounted.rows) },
  };
}

describe('the monthly mood counts (mood_month_counts)', () => {
  it('stay equal to a recount after check-ins through HTTP, a replaced check-in, bulk rows, an acknowledgement, deletes and an undone transaction', async () => {
    const { school } = await schoolWithAdmin(t.app);
    const { db } = t.app.services;
    await db.updateTable('schools').set({ promptMoodmeter: true }).where('id', '=', school.id).execute();
    const amy = await buildUser(t.app, { schoolId: school.id, role: 'student' });
    const bob = await buildUser(t.app, { schoolId: school.id, role: 'student' });
    const cookie = await sessionFor(t.app, amy.id, school.id);
    t.clock.set('2026-09-30T16:00:00Z');
    expect((await t.call('POST', '/v1/moods', { cookie, body: { mood: 'smile' } })).status).toBe(200);
    // The same day again: the check-in is replaced, and so is what it counted.
    expect((await t.call('POST', '/v1/moods', { cookie, body: { mood: 'weary', emergencyPriority: 'today' } })).status).toBe(200);
    t.clock.set('2026-10-01T16:00:00Z');
    expect((await t.call('POST', '/v1/moods', { cookie, body: { mood: 'worried', emergencyPriority: 'not-today' } })).status).toBe(200);
    const moods = ['rage', 'smile', 'worried', 'grinning', 'rage'];
    await db
      .insertInto('moods')
      .values(
        moods.map((mood, i) => ({
          userId: bob.id,
          schoolId: school.id,
          schoolDate: addDays('2026-08-29', i * 2),
          mood,
          lowEnjoyment: mood !== 'smile' && mood !== 'grinning',
          emergencyPriority: i === 0 ? 'today' : 'none',
        })),
      )
      .execute();
    await db.updateTable('moods').set({ acknowledgedAt: new Date() }).where('userId', '=', bob.id).execute();
    await db.deleteFrom('moods').where('userId', '=', bob.id).where('schoolDate', '=', '2026-08-31').execute();
    expect((await recount()).kept).toEqual((await recount()).counted);

    // A transaction that fails undoes its check-ins and recognitions, counts included.
    const before = (await recount()).kept;
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('moods').values({ userId: bob.id, schoolId: school.id, schoolDate: '2026-10-02', mood: 'rage', lowEnjoyment: true }).execute();
        await tx
          .insertInto('recognitions')
          .values({
            kind: 'high5',
            schoolId: school.id,
            giverId: amy.id,
            giverRole: 'student',
            receiverId: bob.id,
            receiverRole: 'student',
            schoolDate: '2026-10-02',
          })
          .execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await recount()).kept).toEqual(before);

    await db.deleteFrom('users').where('id', '=', amy.id).execute();
    const after = await recount();
    expect(after.kept).toEqual(after.counted);
    expect(after.kept.moods.some((line) => line.startsWith(bob.id))).toBe(true);
  });
});

// --- Reports over ranges that cut months equal a count of the rows themselves.

const LOW = ['rage', 'worried', 'weary'];
const MOODS = ['smile', 'rage', 'worried', 'grinning', 'weary'];
const PRIORITIES = ['none', 'not-today', 'today'] as const;

/** Every row a CSV file would read, batch after batch (small batches, so the keyset is crossed). */
async function readAll<Row extends { key: unknown[] }>(read: (after: unknown[] | null, limit: number) => Promise<Row[]>) {
  const rows: Row[] = [];
  for await (const batch of keysetBatches(read, (r) => r.key, 2)) rows.push(...batch);
  return rows;
}

async function arrangeYear() {
  const { school, cookie } = await schoolWithAdmin(t.app);
  const students = [];
  for (const [first, last] of [
    ['Ann', 'Avila'],
    ['Ben', 'Baker'],
    ['Cy', 'Cruz'],
    ['Dee', 'Diaz'],
  ] as const) {
    students.push(await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: first, lastName: last }));
  }
  const recognitions: { kind: 'high5' | 'vibe'; giver: string; receiver: string; date: string }[] = [];
  const moods: { user: string; date: string; mood: string; low: boolean; talk: (typeof PRIORITIES)[number] }[] = [];
  for (let k = 0; k < 60; k++) {
    const date = addDays('2026-08-25', k);
    if (k % 2 === 0)
      recognitions.push({ kind: k % 3 === 0 ? 'vibe' : 'high5', giver: students[k % 4]!.id, receiver: students[(k + 1 + (k % 3)) % 4]!.id, date });
    students.forEach((s, i) => {
      if ((k + i) % 3 !== 0) return;
      const mood = MOODS[(k + i) % MOODS.length]!;
      moods.push({ user: s.id, date, mood, low: LOW.includes(mood), talk: LOW.includes(mood) ? PRIORITIES[(k + i) % 3]! : 'none' });
    });
  }
  const { db } = t.app.services;
  await db
    .insertInto('recognitions')
    .values(
      recognitions.map((r) => ({
        kind: r.kind,
        schoolId: school.id,
        giverId: r.giver,
        giverRole: 'student',
        receiverId: r.receiver,
        receiverRole: 'student',
        schoolDate: r.date,
      })),
    )
    .execute();
  await db
    .insertInto('moods')
    .values(
      moods.map((m) => ({
        userId: m.user,
        schoolId: school.id,
        schoolDate: m.date,
        mood: m.mood,
        lowEnjoyment: m.low,
        emergency: m.talk !== 'none',
        emergencyPriority: m.talk,
      })),
    )
    .execute();
  return { school, cookie, students, recognitions, moods };
}

// Cut months read as days added, and as whole months minus days (rows on both sides of the cut).
const RANGES = [
  ['2026-08-25', '2026-10-20'],
  ['2026-08-27', '2026-10-19'],
  ['2026-09-03', '2026-09-28'],
  ['2026-09-05', '2026-10-19'],
  ['2026-09-01', '2026-09-30'],
  ['2026-09-10', '2026-09-20'],
  ['2026-08-31', '2026-10-01'],
  ['2026-09-01', '2026-10-15'],
];

describe("the mood report's talk columns with a feeling filter", () => {
  it("count only the filtered feelings' requests, from whole months and edge days alike", async () => {
    t.clock.set('2026-11-20T16:00:00Z');
    const { school, cookie } = await schoolWithAdmin(t.app);
    const zoe = await buildUser(t.app, { schoolId: school.id, role: 'student' });
    // October (a whole month of the range) and 2-3 November (edge days): worried asks today, rage not today, weary today.
    const rows = [
      ['2026-10-05', 'worried', 'today'],
      ['2026-10-06', 'rage', 'not-today'],
      ['2026-10-07', 'smile', 'today'],
      ['2026-11-02', 'worried', 'today'],
      ['2026-11-03', 'weary', 'today'],
    ] as const;
    await t.app.services.db
      .insertInto('moods')
      .values(
        rows.map(([date, mood, talk]) => ({
          userId: zoe.id,
          schoolId: school.id,
          schoolDate: date,
          mood,
          lowEnjoyment: mood !== 'smile',
          emergencyPriority: talk,
        })),
      )
      .execute();
    const row = async (filters: string) => {
      const res = await t.call('GET', `/v1/admin/reports/mood?role=student&range=2026-09-28_2026-11-03${filters}`, { cookie });
      expect(res.status).toBe(200);
      const { lowEnjoyment, talkToday, talkNotToday } = res.json.ResponseData.rows.find((r: { userId: string }) => r.userId === zoe.id);
      return { lowEnjoyment, talkToday, talkNotToday };
    };
    expect(await row('')).toEqual({ lowEnjoyment: 4, talkToday: 4, talkNotToday: 1 });
    expect(await row('&filters=worried')).toEqual({ lowEnjoyment: 2, talkToday: 2, talkNotToday: 0 });
    expect(await row('&filters=rage,weary')).toEqual({ lowEnjoyment: 2, talkToday: 1, talkNotToday: 1 });
    const { kept, counted } = await recount();
    expect(kept.moods).toEqual(counted.moods);
  });
});

describe('reports over ranges that cut months', () => {
  let y: Awaited<ReturnType<typeof arrangeYear>>;
  beforeAll(async () => {
    // The ranges end by 20 October: asked after it (a future To is refused, decision 0582).
    t.clock.set('2026-10-21T16:00:00Z');
    y = await arrangeYear();
  });

  const scopeOf = (from: string, to: string): BatchScope => ({
    schoolId: y.school.id,
    role: 'student',
    from,
    to,
    classIds: null,
    students: { flags: [] },
    search: '',
    sort: 'name',
    dir: 'asc',
  });

  it.each(RANGES)('the group report from %s to %s equals a count of the recognitions, by name and by count', async (from, to) => {
    const inRange = y.recognitions.filter((r) => r.date >= from && r.date <= to);
    const count = (id: string, kind: string, side: 'giver' | 'receiver') => inRange.filter((r) => r.kind === kind && r[side] === id).length;
    const expected = y.students.map((s) => ({
      userId: s.id,
      high5Given: count(s.id, 'high5', 'giver'),
      high5Received: count(s.id, 'high5', 'receiver'),
      vibeGiven: count(s.id, 'vibe', 'giver'),
      vibeReceived: count(s.id, 'vibe', 'receiver'),
    }));
    const byName = await t.call('GET', `/v1/admin/reports/group?role=student&range=${from}_${to}`, { cookie: y.cookie });
    expect(
      byName.json.ResponseData.rows.map(({ userId, high5Given, high5Received, vibeGiven, vibeReceived }: Record<string, unknown>) => ({
        userId,
        high5Given,
        high5Received,
        vibeGiven,
        vibeReceived,
      })),
    ).toEqual(expected);
    // A CSV-sized page counts the whole school first (decision 0451): the same rows.
    const csvPage = await t.call('GET', `/v1/admin/reports/group?role=student&range=${from}_${to}&pageSize=500`, { cookie: y.cookie });
    expect(csvPage.json.ResponseData.rows).toEqual(byName.json.ResponseData.rows);
    // The CSV file's batches (docs/decisions/0610): the same counts, in the same order.
    const file = await readAll((after, limit) => recognitionReportBatch(t.app.services.db, scopeOf(from, to), after, limit));
    expect(
      file.map(({ userId, high5Given, high5Received, vibeGiven, vibeReceived }) => ({ userId, high5Given, high5Received, vibeGiven, vibeReceived })),
    ).toEqual(expected);
    const byCount = await t.call('GET', `/v1/admin/reports/group?role=student&range=${from}_${to}&sort=high5Received&dir=desc`, { cookie: y.cookie });
    const order = [...expected].sort((a, b) => b.high5Received - a.high5Received || expected.indexOf(a) - expected.indexOf(b));
    expect(byCount.json.ResponseData.rows.map((r: { userId: string; high5Received: number }) => [r.userId, r.high5Received])).toEqual(
      order.map((e) => [e.userId, e.high5Received]),
    );
  });

  it.each(RANGES)('the mood report from %s to %s equals a count of the check-ins, with and without a feeling filter and minimum', async (from, to) => {
    const expected = (filters: string[]) =>
      y.students.map((s) => {
        const mine = y.moods.filter((m) => m.user === s.id && m.date >= from && m.date <= to).sort((a, b) => a.date.localeCompare(b.date));
        const low = mine.filter((m) => m.low && (filters.length === 0 || filters.includes(m.mood)));
        return {
          userId: s.id,
          highEnjoyment: mine.filter((m) => !m.low).length,
          lowEnjoyment: low.length,
          // With a feeling filter, the talk requests are those of the feelings shown (decision 0583).
          talkToday: (filters.length ? low : mine).filter((m) => m.talk === 'today').length,
          talkNotToday: (filters.length ? low : mine).filter((m) => m.talk === 'not-today').length,
          lowEntries: low.map((m) => ({ date: m.date, mood: m.mood, emergency: m.talk !== 'none', talk: m.talk })),
        };
      });
    // The screen's pages: the counts without the check-ins themselves.
    const rows = async (query: string) => {
      const res = await t.call('GET', `/v1/admin/reports/mood?role=student&range=${from}_${to}${query}`, { cookie: y.cookie });
      expect(res.status).toBe(200);
      return res.json.ResponseData.rows.map(({ name: _n, email: _e, username: _u, ...row }: Record<string, unknown>) => row);
    };
    // The CSV file's batches: the counts and each row's low check-ins.
    const file = async (sort: string, dir: 'asc' | 'desc', filters: string[], minimumLow: number) =>
      (
        await readAll((after, limit) =>
          moodReportBatch(t.app.services.db, { ...scopeOf(from, to), sort, dir }, { filters, minimumLow, entries: true }, after, limit),
        )
      ).map(({ userId, highEnjoyment, lowEnjoyment, talkToday, talkNotToday, lowEntries }) => ({
        userId,
        highEnjoyment,
        lowEnjoyment,
        talkToday,
        talkNotToday,
        lowEntries,
      }));
    const counts = (list: ReturnType<typeof expected>) => list.map(({ lowEntries: _l, ...row }) => row);
    const all = expected([]);
    expect(await rows('')).toEqual(counts(all));
    expect(await rows('&pageSize=500')).toEqual(counts(all));
    expect(await file('name', 'asc', [], -1)).toEqual(all);
    const byLow = [...all].sort((a, b) => b.lowEnjoyment - a.lowEnjoyment || all.indexOf(a) - all.indexOf(b));
    expect(await rows('&sort=lowEnjoyment&dir=desc')).toEqual(counts(byLow));
    expect(await file('lowEnjoyment', 'desc', [], -1)).toEqual(byLow);
    const filtered = expected(['worried', 'rage']).filter((r) => r.lowEnjoyment >= 2);
    expect(await rows('&filters=worried,rage&minLow=2')).toEqual(counts(filtered));
    expect(await file('name', 'asc', ['worried', 'rage'], 2)).toEqual(filtered);
  });
});
