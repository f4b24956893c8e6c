import { addDays, toIsoDate, type DataSettingsUpdate } from '@high5/contract';
import { inTransaction, type Db } from '../../../db/database.js';
import { audit } from '../../../lib/audit.js';
import { notFound } from '../../../lib/errors.js';
import { yearRange } from '../../../lib/school-year.js';
import type { Services } from '../../../services/index.js';
import type { Actor } from '../../../policies/actors.js';
import * as q from './queries.js';

/** The job, run every 15 minutes by a schedule (once across servers), that applies each school's retention once a night. */
export const RETENTION_TICK = 'retention.tick';
/** The school-local time from which a night's retention runs. */
export const RETENTION_AT = '02:00';

/**
 * What a school keeping `years` school years keeps on `today` (docs/decisions/0576): this year and
 * the `years - 1` before it; moods, journals and attendance dated before the oldest one's first day go.
 */
async function kept(db: Db, schoolId: string, years: number, today: string) {
  const current = await yearRange(db, schoolId, { date: today });
  const oldestKept = await yearRange(db, schoolId, { startYear: current.startYear - years + 1 });
  return { current, oldestKept, before: oldestKept.from };
}

/**
 * When the retention next deletes something: tonight's run (today's if it has not run yet) when
 * old data is there now, else the first day of the next school year, when the oldest kept year
 * falls out. Null when the school keeps everything.
 */
async function nextDeletion(
  db: Db,
  schoolId: string,
  settings: { retentionYears: number | null; retentionCheckedOn: string | null; timeZone: string },
  now: Date,
) {
  if (settings.retentionYears === null) return null;
  const today = toIsoDate(now, settings.timeZone);
  const { current, oldestKept, before } = await kept(db, schoolId, settings.retentionYears, today);
  if (await q.hasDataBefore(db, schoolId, before, settings.timeZone)) {
    return { on: settings.retentionCheckedOn === today ? addDays(today, 1) : today, before, oldestKept };
  }
  const next = await yearRange(db, schoolId, { startYear: current.startYear + 1 });
  const then = await kept(db, schoolId, settings.retentionYears, next.from);
  return { on: next.from, before: then.before, oldestKept: then.oldestKept };
}

export async function getDataSettings(db: Db, services: Services, actor: Actor) {
  const settings = await q.dataSettings(db, actor.schoolId);
  if (!settings) throw notFound();
  return {
    retentionYears: settings.retentionYears,
    familyExportMinGrade: settings.familyExportMinGrade,
    nextDeletion: await nextDeletion(db, actor.schoolId, { ...settings, retentionCheckedOn: isoOrNull(settings.retentionCheckedOn) }, services.clock.now()),
  };
}

export async function updateDataSettings(db: Db, services: Services, actor: Actor, input: DataSettingsUpdate) {
  const before = await q.dataSettings(db, actor.schoolId);
  if (!before) throw notFound();
  await q.updateDataSettings(db, actor.schoolId, input);
  await audit(
    db,
    {
      actorId: actor.id,
      schoolId: actor.schoolId,
      action: 'dataSettings.update',
      targetType: 'school',
      targetId: actor.schoolId,
      details: { from: { retentionYears: before.retentionYears, familyExportMinGrade: before.familyExportMinGrade }, to: input },
    },
    services.clock.now(),
  );
  return getDataSettings(db, services, actor);
}

/** A `date` column as PGlite (a Date) or pg (a string) reads it. */
const isoOrNull = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/**
 * One tick: each school keeping a limited number of years whose night has come is claimed for
 * its local date and its old moods, journal entries and attendance deleted in the same
 * transaction; what went is audited as counts only (never a child's words).
 */
export async function runRetentionTick(services: Services) {
  const now = services.clock.now();
  let ran = 0;
  for (const school of await q.dueSchools(services.db, now, RETENTION_AT)) {
    await inTransaction(services.db, async (tx) => {
      if (!(await q.claimRun(tx, school.id, school.localDate))) return;
      const { before, oldestKept } = await kept(tx, school.id, school.retentionYears, school.localDate);
      const deleted = await q.deleteBefore(tx, school.id, before, school.timeZone);
      if (deleted.moods + deleted.attendance + deleted.journalEntries > 0) {
        await audit(
          tx,
          {
            actorId: null,
            schoolId: school.id,
            action: 'retention.delete',
            targetType: 'school',
            targetId: school.id,
            details: { before, oldestKeptYear: oldestKept.startYear, retentionYears: school.retentionYears, ...deleted },
          },
          now,
        );
      }
      ran++;
    });
  }
  return ran;
}
