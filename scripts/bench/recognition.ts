import { sql } from 'kysely';
import { scenario, type BenchContext } from './types.js';

/** How many different givers the give scenario rotates through (each under the school's daily limit). */
const GIVERS = 200;
const COMMENT = 'bench give';

interface GiveState {
  lastRecognitionId: number;
  lastJobId: number;
  dailyGiveLimit: number;
  categoryId: string;
  givers: { id: string; cookie: string }[];
  since: Date;
}

/**
 * Many givers of the teacher's school, each with a session, and the school's daily limit at
 * its highest (1000 per giver per kind): the limit must not be what stops the load.
 */
async function prepareGivers(ctx: BenchContext): Promise<GiveState> {
  const { db } = ctx.services;
  const since = ctx.services.clock.now();
  const schoolId = ctx.accounts.teacher.schoolId;
  const school = await db.selectFrom('schools').select('dailyGiveLimit').where('id', '=', schoolId).executeTakeFirstOrThrow();
  await db.updateTable('schools').set({ dailyGiveLimit: 1000 }).where('id', '=', schoolId).execute();
  const members = await db
    .selectFrom('schoolMemberships')
    .select('userId')
    .where('schoolId', '=', schoolId)
    .where('status', '=', 'active')
    .where('role', 'in', ['teacher', 'staff', 'student'])
    .where('userId', '<>', ctx.accounts.teacher.id)
    .orderBy('userId')
    .limit(GIVERS)
    .execute();
  const givers = [];
  for (const m of members) givers.push({ id: m.userId, cookie: await ctx.sessionFor(m.userId, schoolId) });
  const category = await db.selectFrom('categories').select('id').where('kind', '=', 'high5').where('key', '=', 'kindness').executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('recognitions')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const lastJob = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return { lastRecognitionId: last?.id ?? 0, lastJobId: lastJob?.id ?? 0, dailyGiveLimit: school.dailyGiveLimit, categoryId: category.id, givers, since };
}

/** Puts the database back: the scenario's High 5s, their e-mail jobs, its sessions and the school's limit. */
async function cleanUpGivers(ctx: BenchContext, state: GiveState) {
  const { db } = ctx.services;
  await db.deleteFrom('recognitions').where('id', '>', state.lastRecognitionId).where('comment', '=', COMMENT).execute();
  // The givers' day counts go back to what their remaining recognitions say.
  const ids = state.givers.map((g) => g.id);
  if (ids.length) {
    const schoolId = ctx.accounts.teacher.schoolId;
    await sql`delete from daily_give_counts where school_id = ${schoolId} and user_id = any(${ids}::uuid[]) and school_date >= ${state.since}::date - 1`.execute(
      db,
    );
    await sql`insert into daily_give_counts (user_id, school_id, school_date, kind, given)
      select giver_id, school_id, school_date, kind, count(*) from recognitions
      where school_id = ${schoolId} and giver_id = any(${ids}::uuid[]) and school_date >= ${state.since}::date - 1
      group by giver_id, school_id, school_date, kind`.execute(db);
  }
  await db.deleteFrom('jobs').where('id', '>', state.lastJobId).where('kind', '=', 'mail.send').execute();
  if (state.givers.length)
    await db
      .deleteFrom('sessions')
      .where(
        'userId',
        'in',
        state.givers.map((g) => g.id),
      )
      .where('createdAt', '>=', state.since)
      .execute();
  await db.updateTable('schools').set({ dailyGiveLimit: state.dailyGiveLimit }).where('id', '=', ctx.accounts.teacher.schoolId).execute();
}

/** Giving and seeing (docs/rules/recognition.md#give): the give against the bare insert, the dashboard and a report against the bare select. */
export const scenarios = [
  scenario<GiveState>({
    name: 'recognition: give a High 5 (POST /v1/recognitions)',
    baseline: 'bare: session + insert one row',
    setup: prepareGivers,
    request: (ctx, state) =>
      state.givers.map((giver) => ({
        method: 'POST' as const,
        path: '/v1/recognitions',
        headers: { cookie: giver.cookie },
        body: { kind: 'high5', recipientId: ctx.accounts.teacher.id, categoryIds: [state.categoryId], comment: COMMENT },
      })),
    teardown: cleanUpGivers,
  }),
  scenario({
    name: 'recognition: dashboard (GET /v1/recognition/dashboard)',
    baseline: 'bare: session + select 1',
    setup: async (ctx) => {
      const a = await activityOf(ctx, ctx.accounts.teacher.id);
      process.stderr.write(`  (the dashboard's user, ${ctx.accounts.teacher.login}, gave ${a.given} and received ${a.received})\n`);
    },
    request: (ctx) => ({ path: '/v1/recognition/dashboard', headers: { cookie: ctx.accounts.teacher.cookie } }),
  }),
  scenario({
    name: 'recognition: received High 5s this month',
    baseline: 'bare: session + select 1',
    // What /highfivereport asks for when it opens: the tiles and the table's first page (decision 0452).
    request: (ctx) => ({
      path: '/v1/recognition/received?kind=high5&language=en&sort=date&dir=desc&page=0&pageSize=25',
      headers: { cookie: ctx.accounts.teacher.cookie },
    }),
  }),
  scenario({
    name: 'recognition: recipients, students page 1',
    baseline: 'bare: session + select 1',
    request: (ctx) => ({ path: '/v1/recognition/recipients?role=student&limit=10', headers: { cookie: ctx.accounts.teacher.cookie } }),
  }),
];

/** How much activity the dashboard's user has, all schools and years. */
async function activityOf(ctx: BenchContext, userId: string) {
  const row = await sql<{ given: number; received: number }>`select
      (select count(*)::int from recognitions where giver_id = ${userId}) as given,
      (select count(*)::int from recognitions where receiver_id = ${userId}) as received`.execute(ctx.services.db);
  return row.rows[0]!;
}
