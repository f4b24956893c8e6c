import type { RosterFlag } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import type { RosterFlagUpdate, RosterPerson } from '../sources/types.js';
import * as q from './queries.js';
import { fieldChanges, pushCapped, type NamedPerson, type SchoolReport } from './report.js';

/** A student membership's flags as stored; English learner is the language level `L`. */
export interface StudentFlags {
  iep: boolean;
  plan504: boolean;
  languageLevel: string | null;
}

/** A new membership's flags before the source's are applied. */
export const NO_FLAGS: StudentFlags = { iep: false, plan504: false, languageLevel: null };

export type FlagPatch = { grade?: number; iep?: boolean; plan504?: boolean; languageLevel?: string | null };

/**
 * The membership columns the source decides (docs/decisions/0400, 0505): a value the source gives
 * is applied, false included ("N" clears a flag); a null or missing one is left to the school. A
 * yes/no English-learner answer sets `L`, and "no" turns an `L` into `LF`, as the school's own
 * switch does; it never invents a level for a student who had none.
 */
export function flagsOf(person: Pick<RosterPerson, 'grade' | 'iep' | 'plan504' | 'languageLevel' | 'englishLearner'>, current: StudentFlags): FlagPatch {
  const flags: FlagPatch = {};
  if (person.grade !== undefined && person.grade !== null) flags.grade = Math.max(-1, Math.min(12, person.grade));
  if (person.iep !== undefined && person.iep !== null) flags.iep = person.iep;
  if (person.plan504 !== undefined && person.plan504 !== null) flags.plan504 = person.plan504;
  if (person.languageLevel !== undefined && person.languageLevel !== null) flags.languageLevel = person.languageLevel;
  else if (person.englishLearner === true) flags.languageLevel = 'L';
  else if (person.englishLearner === false && current.languageLevel === 'L') flags.languageLevel = 'LF';
  return flags;
}

const on = (f: StudentFlags): Record<RosterFlag, boolean> => ({ iep: f.iep, plan504: f.plan504, englishLearner: f.languageLevel === 'L' });

/** Puts a student on the report when a flag goes on or off (counted once however many change). */
export function noteFlagChange(report: SchoolReport, person: NamedPerson, before: StudentFlags, after: StudentFlags) {
  const [was, is] = [on(before), on(after)];
  const flags = Object.keys(is) as RosterFlag[];
  const set = flags.filter((f) => is[f] && !was[f]);
  const cleared = flags.filter((f) => !is[f] && was[f]);
  if (set.length === 0 && cleared.length === 0) return;
  report.counts.flagsChanged++;
  pushCapped(report.flagChanges, { ...person, set, cleared });
}

/** A delta's flags for people it names in no other file: their student memberships here change; none is created. */
export async function applyFlagUpdates(db: Db, schoolId: string, updates: RosterFlagUpdate[], ids: Map<string, string>, report: SchoolReport) {
  const byUser = new Map<string, RosterFlagUpdate>();
  for (const update of updates) {
    const userId = ids.get(update.sourceId);
    if (userId) byUser.set(userId, update);
  }
  if (byUser.size === 0) return;
  const names = new Map((await q.usersById(db, [...byUser.keys()])).map((u) => [u.id, u]));
  for (const member of await q.studentMembershipsOf(db, schoolId, [...byUser.keys()])) {
    const update = byUser.get(member.userId)!;
    const patch = Object.fromEntries(Object.entries(flagsOf(update, member)).filter(([key, value]) => member[key as keyof FlagPatch] !== value)) as FlagPatch;
    if (Object.keys(patch).length === 0) continue;
    await q.updateMembership(db, schoolId, member.userId, patch);
    report.counts.updated++;
    const user = names.get(member.userId);
    const person = { sourceId: update.sourceId, firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' };
    report.changes.push({ ...person, kind: 'updated', role: 'student', grade: member.grade, fields: fieldChanges(member, { ...member, ...patch }) });
    noteFlagChange(report, person, member, { ...member, ...patch });
  }
}
