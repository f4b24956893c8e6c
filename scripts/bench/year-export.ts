import { schoolYearOf, toIsoDate } from '@high5/contract';
import { scenario, type BenchContext } from './types.js';

/** The family export of a student with 500 High 5s this school year (docs/decisions/0575). */
const HIGH5S = 500;
const COMMENT = 'bench year export: thank you for helping everyone in the group today, ¡muchas gracias! ';

interface ExportState {
  path: string;
  minGrade: number;
  lastId: number;
}

async function prepare(ctx: BenchContext): Promise<ExportState> {
  const { db } = ctx.services;
  const { student, teacher } = ctx.accounts;
  const school = await db.selectFrom('schools').select(['familyExportMinGrade', 'timeZone']).where('id', '=', student.schoolId).executeTakeFirstOrThrow();
  // The student downloads their own year whatever their grade; the hourly limit must not be what stops the load.
  await db.updateTable('schools').set({ familyExportMinGrade: -1 }).where('id', '=', student.schoolId).execute();
  ctx.services.rateLimits.override('family.yearExport', { max: 1_000_000, perSeconds: 3600 });
  const year = schoolYearOf(toIsoDate(ctx.services.clock.now(), school.timeZone));
  const last = await db
    .selectFrom('recognitions')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const category = await db.selectFrom('categories').select('id').where('kind', '=', 'high5').where('key', '=', 'kindness').executeTakeFirstOrThrow();
  const rows = Array.from({ length: HIGH5S }, (_, i) => ({
    kind: 'high5',
    schoolId: student.schoolId,
    giverId: teacher.id,
    giverRole: 'teacher',
    receiverId: student.id,
    receiverRole: 'student',
    // The year's first day: always in the past, whatever month the bench runs in.
    schoolDate: year.from,
    comment: `${COMMENT}${i + 1}`,
  }));
  const inserted = await db.insertInto('recognitions').values(rows).returning('id').execute();
  await db
    .insertInto('recognitionCategories')
    .values(inserted.map((r) => ({ recognitionId: r.id, categoryId: category.id })))
    .execute();
  const path = `/v1/year-export/${student.id}/${year.startYear}`;
  // One download alone, timed, with its size: the figures the issue asks for.
  const started = performance.now();
  const response = await fetch(`${ctx.baseUrl}${path}`, { headers: { cookie: student.cookie } });
  const bytes = (await response.arrayBuffer()).byteLength;
  process.stderr.write(
    `year-export: ${response.status}, ${bytes} bytes, ${Math.round(performance.now() - started)} ms for one download of ${HIGH5S}+ High 5s\n`,
  );
  return { path, minGrade: school.familyExportMinGrade, lastId: last?.id ?? 0 };
}

export const scenarios = [
  scenario<ExportState>({
    name: 'year-export (student, 500 High 5s)',
    connections: 1,
    setup: prepare,
    request: (ctx, state) => ({ path: state.path, headers: { cookie: ctx.accounts.student.cookie } }),
    teardown: async (ctx, state) => {
      const { db } = ctx.services;
      await db.deleteFrom('recognitions').where('id', '>', state.lastId).where('comment', 'like', 'bench year export:%').execute();
      await db.updateTable('schools').set({ familyExportMinGrade: state.minGrade }).where('id', '=', ctx.accounts.student.schoolId).execute();
      ctx.services.rateLimits.override('family.yearExport');
    },
  }),
];
