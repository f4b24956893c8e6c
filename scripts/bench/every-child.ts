import { addDays, toIsoDate } from '@high5/contract';
import { scenario, type BenchContext, type BenchRequest } from './types.js';

/**
 * Every child seen. The teacher's "not yet" list for 5 classes of about 30: the bench
 * teacher owns two classes and is made a substitute in three more of the school for the run
 * (removed after); and the admin's reach report of the school (1,000 students on the large seed)
 * over the last 365 days, as the other admin reports are measured. Each once under the run's
 * connections against the bare endpoint, and once with one connection (what one person waits for).
 */
interface FiveClasses {
  added: string[];
  students: number;
}

async function fiveClasses(ctx: BenchContext): Promise<FiveClasses> {
  const { db } = ctx.services;
  const { id: teacherId, schoolId } = ctx.accounts.teacher;
  const own = await db
    .selectFrom('classTeachers as ct')
    .innerJoin('classes as c', 'c.id', 'ct.classId')
    .select('c.id')
    .where('ct.teacherId', '=', teacherId)
    .where('c.schoolId', '=', schoolId)
    .execute();
  const more = await db
    .selectFrom('classes as c')
    .select('c.id')
    .where('c.schoolId', '=', schoolId)
    .where('c.id', 'not in', own.length ? own.map((c) => c.id) : ['00000000-0000-0000-0000-000000000000'])
    .orderBy('c.id')
    .limit(Math.max(0, 5 - own.length))
    .execute();
  if (more.length)
    await db
      .insertInto('classTeachers')
      .values(more.map((c) => ({ classId: c.id, teacherId, isSubstitute: true })))
      .execute();
  const res = await fetch(`${ctx.baseUrl}/v1/recognition/not-yet`, { headers: { cookie: ctx.accounts.teacher.cookie } });
  if (!res.ok) throw new Error(`/recognition/not-yet answered ${res.status}`);
  const body = (await res.json()) as { ResponseData: { students: number; notYet: unknown[] } };
  process.stderr.write(
    `  (not-yet: ${own.length + more.length} classes, ${body.ResponseData.students} students, ${body.ResponseData.notYet.length} not yet)\n`,
  );
  return { added: more.map((c) => c.id), students: body.ResponseData.students };
}

async function dropAdded(ctx: BenchContext, state: FiveClasses) {
  if (state.added.length)
    await ctx.services.db.deleteFrom('classTeachers').where('teacherId', '=', ctx.accounts.teacher.id).where('classId', 'in', state.added).execute();
}

const notYet = (ctx: BenchContext): BenchRequest => ({ path: '/v1/recognition/not-yet', headers: { cookie: ctx.accounts.teacher.cookie } });

function reach(ctx: BenchContext): BenchRequest {
  const to = toIsoDate(ctx.services.clock.now(), 'America/Los_Angeles');
  return { path: `/v1/admin/reports/reach?range=${addDays(to, -364)}_${to}`, headers: { cookie: ctx.accounts.admin.cookie } };
}

export const scenarios = [
  scenario<FiveClasses>({
    name: 'every child: not-yet list, 5 classes of ~30',
    baseline: 'bare: session + select 1',
    setup: fiveClasses,
    request: notYet,
    teardown: dropAdded,
  }),
  scenario<FiveClasses>({
    name: 'every child: not-yet list, 5 classes of ~30, one teacher',
    connections: 1,
    setup: fiveClasses,
    request: notYet,
    teardown: dropAdded,
  }),
  scenario({ name: 'every child: reach report, school, a year', baseline: 'bare: session + select 1', request: reach }),
  scenario({ name: 'every child: reach report, school, a year, one admin', connections: 1, request: reach }),
];
