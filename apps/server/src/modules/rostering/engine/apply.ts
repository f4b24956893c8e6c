import type { Db } from '../../../db/database.js';
import { rollOverForRoster } from '../../admin/index.js';
import { malformed } from '../sources/oneroster.js';
import type { RosterEnrolment, RosterFlagUpdate, RosterPerson, RosterRead, RosterRole, RosterSchool, RosterSection } from '../sources/types.js';
import { applyFlagUpdates } from './flags.js';
import { applyMemberships, deactivate, resolvePeople } from './people.js';
import * as q from './queries.js';
import { emptyReport, pushCapped, type SchoolReport } from './report.js';
import { applySections } from './sections.js';
import { validateRead } from './validate.js';

export interface ApplyOptions {
  districtId: string;
  timeZone: string;
  /** Test mode: each school is worked out in full, then rolled back. */
  dryRun: boolean;
  /** A school that would lose more than this percent of its people is held (docs/decisions/0401, 0481). */
  holdPercent: number;
  /** The super admin approved the big changes of this run's held schools. */
  approved: boolean;
  /** A school admin's upload: only this school, matched to the file's only org when it has no source id yet. */
  onlySchool?: { id: string; sourceId: string | null };
  now: Date;
}

/** Thrown inside a school's transaction to roll it back on purpose (held, or test mode). */
class Rollback extends Error {}

/**
 * Applies a read, one transaction per school (docs/decisions/0402): a school is written whole or
 * not at all, and a failure leaves every school with its last good roster. Returns each school's report.
 */
export async function applyRead(db: Db, read: RosterRead, options: ApplyOptions): Promise<SchoolReport[]> {
  validateRead(read);
  const snapshot = read.mode === 'full' ? read.snapshot : read.upsert;
  const known = await q.schoolsOfDistrict(db, options.districtId);
  // A school admin's upload fills their school and no other (decision 0501).
  const own = options.onlySchool ? ownSchool(snapshot.schools, known, options.onlySchool, read.mode === 'delta') : undefined;
  let schools: RosterSchool[] = snapshot.schools;
  if (read.mode === 'delta') {
    // A delta names only what changed; every rostered school may have people to remove.
    const named = new Set(schools.map((s) => s.sourceId));
    const touched = new Set([...snapshot.people.flatMap((p) => p.schoolSourceIds), ...snapshot.sections.map((s) => s.schoolSourceId)]);
    // A person named only for their flags (a OneRoster demographics row) touches the schools where they study.
    const flagged = await q.schoolsOfStudents(db, options.districtId, [
      ...(
        await q.linksOf(
          db,
          options.districtId,
          (read.flagUpdates ?? []).map((f) => f.sourceId),
        )
      ).values(),
    ]);
    for (const s of known)
      if (
        s.sourceId &&
        !named.has(s.sourceId) &&
        (touched.has(s.sourceId) || flagged.has(s.sourceId) || read.remove.people.length || read.remove.sections.length || read.remove.enrolments?.length)
      )
        schools = [...schools, { sourceId: s.sourceId, name: s.name }];
  }
  if (own) schools = [own];

  const removedPeople = read.mode === 'delta' ? new Set((await q.linksOf(db, options.districtId, read.remove.people)).values()) : new Set<string>();
  const removedSections = new Set(read.mode === 'delta' ? read.remove.sections : []);
  const bySchool = indexBySchool(snapshot.people, snapshot.sections);
  const reports: SchoolReport[] = [];
  for (const school of schools) {
    const report = emptyReport(school);
    const { sections, people } = bySchool(school.sourceId);
    try {
      await db.transaction().execute(async (tx) => {
        const existing = options.onlySchool
          ? { id: options.onlySchool.id, name: school.name, sourceId: options.onlySchool.sourceId }
          : known.find((k) => k.sourceId === school.sourceId);
        const partial = read.mode === 'delta' && read.partialSections ? { pairs: read.remove.enrolments ?? [] } : undefined;
        const flagUpdates = read.mode === 'delta' ? (read.flagUpdates ?? []) : [];
        await applySchool(
          tx,
          options,
          school,
          existing,
          people,
          sections,
          read.mode === 'full',
          removedPeople,
          removedSections,
          partial,
          flagUpdates,
          report,
          snapshot.schoolYear,
        );
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
    reports.push(report);
  }
  return reports;
}

async function applySchool(
  tx: Db,
  options: ApplyOptions,
  school: RosterSchool,
  existing: { id: string; name: string; sourceId: string | null } | undefined,
  people: RosterPerson[],
  sections: RosterSection[],
  full: boolean,
  removedPeople: Set<string>,
  removedSections: Set<string>,
  partial: { pairs: RosterEnrolment[] } | undefined,
  flagUpdates: RosterFlagUpdate[],
  report: SchoolReport,
  schoolYear: string | null | undefined,
) {
  let schoolId: string;
  if (existing) {
    schoolId = existing.id;
    if (existing.sourceId !== school.sourceId) await q.updateSchool(tx, schoolId, { sourceId: school.sourceId });
  } else {
    schoolId = await q.insertSchool(tx, {
      districtId: options.districtId,
      name: school.name.slice(0, 120),
      sourceId: school.sourceId,
      timeZone: options.timeZone,
      now: options.now,
    });
    report.counts.schoolsCreated++;
  }
  // A roster of a later school year starts it first: last year's classes close, this year's sections make new ones (decision 0572).
  const startedOn = await rollOverForRoster(tx, options.now, schoolId, schoolYear);
  if (startedOn) report.warnings.push({ code: 'school_year_started', sourceId: schoolYear! });
  const scope = { districtId: options.districtId, schoolId: options.onlySchool?.id ?? null };
  // Teachers of this school's sections are resolved even when the source lists them elsewhere.
  const ids = await resolvePeople(tx, scope, people, options.now, report, options.dryRun && scope.schoolId !== null);
  // Section members listed under another school, a delta's dropped enrolments and its flag-only rows, by their links (inside the scope only).
  const others = [
    ...sections.flatMap((s) => [...s.teacherSourceIds, ...s.studentSourceIds]),
    ...(partial?.pairs.map((p) => p.personSourceId) ?? []),
    ...flagUpdates.map((f) => f.sourceId),
  ].filter((id) => !ids.has(id));
  const links = await q.linksOf(tx, options.districtId, [...new Set(others)]);
  const reachable = scope.schoolId ? await q.inScope(tx, scope, [...links.values()]) : new Set(links.values());
  for (const [sourceId, userId] of links) if (reachable.has(userId)) ids.set(sourceId, userId);
  const gone = full ? (m: { userId: string }, present: Set<string>) => !present.has(m.userId) : (m: { userId: string }) => removedPeople.has(m.userId);
  const { leaving, activeCount } = await applyMemberships(tx, schoolId, people, ids, gone, options.now, report);
  const listed = new Set(people.map((p) => p.sourceId));
  await applyFlagUpdates(
    tx,
    schoolId,
    flagUpdates.filter((f) => !listed.has(f.sourceId)),
    ids,
    report,
  );

  const leavingIds = leaving.map((m) => m.userId);
  if (leaving.length) {
    const bySource = new Map([...(await q.linksOfUsers(tx, options.districtId, leavingIds))].map(([user, source]) => [user, source]));
    const users = new Map((await q.usersById(tx, leavingIds)).map((u) => [u.id, u]));
    for (const m of leaving) {
      const person = {
        sourceId: bySource.get(m.userId) ?? null,
        firstName: users.get(m.userId)?.firstName ?? '',
        lastName: users.get(m.userId)?.lastName ?? '',
      };
      pushCapped(report.deactivated, person);
      report.changes.push({
        ...person,
        kind: 'deactivated',
        role: rosterRole(m.role),
        grade: m.grade,
        fields: [{ field: 'status', from: 'active', to: 'inactive' }],
      });
    }
  }
  report.counts.deactivated = leaving.length;
  if (leaving.length * 100 > activeCount * options.holdPercent && !options.approved) {
    report.outcome = 'held';
    throw new Rollback();
  }
  await deactivate(tx, schoolId, leavingIds);
  // Who leaves the school leaves its rostered classes too (seats freed); hand-made classes stay as they are.
  for (const row of await q.rosteredEnrolmentsOf(tx, schoolId, leavingIds)) {
    await q.dropEnrolment(tx, row.classId, row.studentId);
    report.counts.enrolmentsRemoved++;
  }
  const gonePart = (sourceId: string) => (full ? !sections.some((s) => s.sourceId === sourceId) : removedSections.has(sourceId));
  const dropped = partial ? { dropped: new Set(partial.pairs.map((p) => `${p.sectionSourceId}|${p.personSourceId}`)) } : undefined;
  await applySections(tx, schoolId, sections, ids, gonePart, options.now, report, dropped);
  if (options.dryRun) {
    report.outcome = 'preview';
    throw new Rollback();
  }
}

/** A membership's role as a report names it (parents are never rostered). */
const rosterRole = (role: string): RosterRole => (role === 'student' || role === 'teacher' ? role : 'staff');

/**
 * A school's sections and people, found through indexes built once per read: filtering the whole
 * district's lists for each school blocked the event loop (150 schools × 53,000 people) and
 * slowed every other request while a district synced. People keep the source's order.
 */
function indexBySchool(people: RosterPerson[], sections: RosterSection[]) {
  const sectionsOf = new Map<string, RosterSection[]>();
  const add = <T>(map: Map<string, T[]>, key: string, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const section of sections) add(sectionsOf, section.schoolSourceId, section);
  const peopleOf = new Map<string, number[]>();
  for (const [index, person] of people.entries()) for (const school of new Set(person.schoolSourceIds)) add(peopleOf, school, index);
  const indexOf = new Map(people.map((person, index) => [person.sourceId, index]));
  return (schoolSourceId: string) => {
    const own = sectionsOf.get(schoolSourceId) ?? [];
    const chosen = new Set(peopleOf.get(schoolSourceId) ?? []);
    // A teacher the source lists at another school still teaches here: they are this school's too.
    for (const section of own) for (const teacher of section.teacherSourceIds) if (indexOf.has(teacher)) chosen.add(indexOf.get(teacher)!);
    return { sections: own, people: [...chosen].sort((a, b) => a - b).map((index) => people[index]!) };
  };
}

/**
 * The one school a school admin's upload may fill: the file's single school org (or none, in a delta
 * once the school has its id), mapped to their school. More or fewer orgs, another school's source
 * id, or not their school's: refused.
 */
function ownSchool(
  orgs: RosterSchool[],
  known: { id: string; name: string; sourceId: string | null }[],
  only: { id: string; sourceId: string | null },
  delta: boolean,
): RosterSchool {
  // A delta names only what changed: without orgs it is about the school already rostered.
  const school = known.find((k) => k.id === only.id);
  if (delta && orgs.length === 0 && only.sourceId && school) return { sourceId: only.sourceId, name: school.name };
  if (orgs.length !== 1) throw malformed('school_orgs', { count: String(orgs.length) });
  const org = orgs[0]!;
  if (known.some((k) => k.id !== only.id && k.sourceId === org.sourceId)) throw malformed('org_of_other_school', { org: org.sourceId });
  if (only.sourceId && only.sourceId !== org.sourceId) throw malformed('org_mismatch', { org: org.sourceId, expected: only.sourceId });
  return org;
}
