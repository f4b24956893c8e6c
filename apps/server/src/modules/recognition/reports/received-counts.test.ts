import { addDays } from '@high5/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { buildCategory, builtinCategories, buildRecognition, setSchool } from '../give/test-factories.js';
import { receivedByDate, receivedByScan, type ReceivedFilter, type ReceivedPage } from './queries.js';

// The received report's first pages from the monthly category counts (docs/decisions/0333).
let t: TestApp;
let high5: { id: string }[];
beforeAll(async () => {
  t = await buildTestApp();
  high5 = await builtinCategories(t.app, 'high5');
});
afterAll(() => t.close());

/** received_category_month_counts without rows that fell back to zero, and the same counted from the rows. */
async function recount() {
  const { db } = t.app.services;
  const kept = await sql<{ line: string }>`
    select concat_ws(' ', user_id, school_id, to_char(month, 'YYYY-MM-DD'), category_id, n) as line from received_category_month_counts where n > 0`.execute(
    db,
  );
  const counted = await sql<{ line: string }>`
    select concat_ws(' ', r.receiver_id, r.school_id, to_char(date_trunc('month', r.school_date), 'YYYY-MM-DD'), rc.category_id, count(*)) as line
    from recognitions r join recognition_categories rc on rc.recognition_id = r.id
    group by r.receiver_id, r.school_id, date_trunc('month', r.school_date), rc.category_id`.execute(db);
  const lines = (rows: { line: string }[]) => rows.map((r) => r.line).sort();
  return { kept: lines(kept.rows), counted: lines(counted.rows) };
}

describe('the monthly category counts (received_category_month_counts)', () => {
  it('stay equal to a recount after gives through HTTP, several rows at once, a moved date, deleted categories, recognitions and people, and an undone transaction', async () => {
    const s = await buildSchool(t.app);
    const ana = await buildUser(t.app, { schoolId: s.id, role: 'student' });
    const ben = await buildUser(t.app, { schoolId: s.id, role: 'teacher' });
    const cy = await buildUser(t.app, { schoolId: s.id, role: 'student' });
    const own = await buildCategory(t.app, { schoolId: s.id, kind: 'high5' });
    await setSchool(t.app, s.id, { dailyGiveLimit: 10 });
    t.clock.set('2026-10-30T16:00:00Z');
    for (const categoryIds of [[high5[0]!.id, own.id], [high5[1]!.id]]) {
      const res = await t.call('POST', '/v1/recognitions', {
        cookie: await sessionFor(t.app, ben.id, s.id),
        body: { kind: 'high5', recipientId: ana.id, categoryIds, comment: '' },
      });
      expect(res.status).toBe(200);
    }
    await buildRecognition(t.app, {
      schoolId: s.id,
      giverId: cy.id,
      receiverId: ana.id,
      schoolDate: '2026-09-30',
      categoryIds: [high5[0]!.id, high5[2]!.id, own.id],
    });
    const movedId = await buildRecognition(t.app, {
      schoolId: s.id,
      giverId: ana.id,
      receiverId: cy.id,
      schoolDate: '2026-10-01',
      categoryIds: [high5[3]!.id],
    });
    expect((await recount()).kept).toEqual((await recount()).counted);

    const { db } = t.app.services;
    await db.updateTable('recognitions').set({ schoolDate: '2026-11-02', receiverId: ben.id }).where('id', '=', movedId).execute();
    let now = await recount();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept.some((line) => line.startsWith(`${ben.id} ${s.id} 2026-11-01 ${high5[3]!.id} 1`))).toBe(true);

    // A failed transaction leaves the counts as they were.
    const before = now.kept;
    await expect(
      db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('recognitions')
          .values({
            kind: 'high5',
            schoolId: s.id,
            giverId: cy.id,
            giverRole: 'student',
            receiverId: ana.id,
            receiverRole: 'student',
            schoolDate: '2026-10-02',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx.insertInto('recognitionCategories').values({ recognitionId: row.id, categoryId: high5[0]!.id }).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await recount()).kept).toEqual(before);

    // One category taken off a recognition, a category deleted, a recognition deleted, a person deleted.
    await db.deleteFrom('recognitionCategories').where('categoryId', '=', high5[2]!.id).execute();
    await db.deleteFrom('categories').where('id', '=', own.id).execute();
    await db.deleteFrom('recognitions').where('giverId', '=', cy.id).execute();
    now = await recount();
    expect(now.kept).toEqual(now.counted);
    await db.deleteFrom('users').where('id', '=', ben.id).execute();
    now = await recount();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept.some((line) => line.includes(s.id))).toBe(false);
  });
});

describe('the first pages from the counts (receivedByDate)', () => {
  it('answer exactly what reading every recognition of the range answers, for any range, order and page', async () => {
    const s = await buildSchool(t.app);
    const other = await buildSchool(t.app);
    const me = await buildUser(t.app, { schoolId: s.id, role: 'student' });
    const peer = await buildUser(t.app, { schoolId: s.id, role: 'student' });
    const givers = [];
    for (const role of ['teacher', 'student', 'staff', 'parent'] as const)
      givers.push({ role, user: await buildUser(t.app, { schoolId: s.id, role, firstName: `Giver ${role}` }) });
    // Sixty High 5s to me over September to December, some days two, one to three categories
    // each; Vibes, High 5s to someone else and in another school that must not count.
    for (let i = 0; i < 60; i++) {
      const giver = givers[i % givers.length]!;
      const categoryIds = [0, 1, 2].slice(0, 1 + (i % 3)).map((k) => high5[(i + 5 * k) % high5.length]!.id);
      await buildRecognition(t.app, {
        schoolId: s.id,
        giverId: giver.user.id,
        giverRole: giver.role,
        receiverId: me.id,
        schoolDate: addDays('2026-09-01', Math.floor(i * 1.8)),
        comment: `note ${i}`,
        categoryIds,
      });
    }
    await buildRecognition(t.app, { kind: 'vibe', schoolId: s.id, giverId: peer.id, receiverId: me.id, schoolDate: '2026-10-10' });
    await buildRecognition(t.app, { schoolId: s.id, giverId: me.id, receiverId: peer.id, schoolDate: '2026-10-10', categoryIds: [high5[0]!.id] });
    await buildRecognition(t.app, { schoolId: other.id, giverId: peer.id, receiverId: me.id, schoolDate: '2026-10-11', categoryIds: [high5[0]!.id] });

    const { db } = t.app.services;
    const day = fc.integer({ min: 0, max: 130 }).map((n) => addDays('2026-08-25', n));
    await fc.assert(
      fc.asyncProperty(
        day,
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom('asc', 'desc'),
        fc.integer({ min: 0, max: 3 }),
        async (from, length, dir, page) => {
          const f: ReceivedFilter = { schoolId: s.id, receiverId: me.id, kind: 'high5', from, to: addDays(from, length) };
          const p: ReceivedPage = {
            categoryId: null,
            search: null,
            language: 'en',
            sort: 'date',
            dir: dir as 'asc' | 'desc',
            roleOrder: ['parent', 'staff', 'student', 'teacher'],
            limit: 7,
            offset: 7 * page,
          };
          expect(await receivedByDate(db, f, p)).toEqual(await receivedByScan(db, f, p));
        },
      ),
      { numRuns: 60 },
    );
    // And the report's own month, which the screen opens on.
    const month = await receivedByDate(
      db,
      { schoolId: s.id, receiverId: me.id, kind: 'high5', from: '2026-10-01', to: '2026-10-31' },
      { categoryId: null, search: null, language: 'en', sort: 'date', dir: 'desc', roleOrder: [], limit: 25, offset: 0 },
    );
    expect(month.total).toBe(17);
    expect(month.tiles.reduce((sum, tile) => sum + tile.count, 0)).toBeGreaterThan(17);
  });
});
