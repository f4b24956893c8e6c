import type { Db } from '../../../db/database.js';
import { randomClassCode } from '../../../lib/class-code.js';
import type { RosterSection } from '../sources/types.js';
import * as q from './queries.js';
import type { SchoolReport } from './report.js';

const CLASS_NAME_MAX = 80;

/**
 * Sections become classes (matched by the source's id; classes made by hand have none and are
 * never touched): the first teacher owns the class, the others co-teach, enrolments follow the
 * section (a dropped student's seat on the class's charts is freed, the chart kept). A class
 * whose section the source no longer returns (`gone`) keeps its history and loses its students.
 */
export async function applySections(
  db: Db,
  schoolId: string,
  sections: RosterSection[],
  ids: Map<string, string>,
  gone: (sourceId: string) => boolean,
  now: Date,
  report: SchoolReport,
  /** A OneRoster delta: the lists are additions, `dropped` holds `section|person` pairs to remove. */
  partial?: { dropped: Set<string> },
) {
  const classes = new Map((await q.rosteredClasses(db, schoolId)).map((c) => [c.sourceId!, c]));
  const wanted = new Map<string, Set<string>>();
  const additions = new Map<string, { sourceId: string; students: Set<string> }>();
  for (const section of sections) {
    const teachers = section.teacherSourceIds.map((t) => ids.get(t)).filter((t): t is string => !!t);
    const known = classes.get(section.sourceId);
    if (partial && known && teachers.length === 0) {
      // Only enrolments of this class changed: its owner and name stay.
      additions.set(known.id, { sourceId: section.sourceId, students: mapped(section.studentSourceIds, ids) });
      continue;
    }
    // Flexible scheduling (Aeries v5): a section whose staff has no teacher record has no owner here.
    if (teachers.length === 0) {
      report.warnings.push({ code: 'no_teacher', sourceId: section.sourceId });
      continue;
    }
    const [owner, ...coTeachers] = teachers;
    const existing = classes.get(section.sourceId);
    let classId: string;
    if (!existing) {
      const name = await freeName(db, owner!, section, null);
      classId = await insertWithCode(db, { schoolId, ownerId: owner!, name, sourceId: section.sourceId, now });
      report.counts.classesCreated++;
    } else {
      classId = existing.id;
      const patch: { name?: string; ownerId?: string } = {};
      if (existing.ownerId !== owner) patch.ownerId = owner!;
      const base = section.name.trim().slice(0, CLASS_NAME_MAX) || existing.name;
      if (existing.name !== base || patch.ownerId) {
        const name = await freeName(db, owner!, section, existing.id);
        if (name !== existing.name) patch.name = name;
      }
      if (Object.keys(patch).length) {
        await q.updateClass(db, classId, patch);
        report.counts.classesUpdated++;
      }
    }
    await syncCoTeachers(db, classId, owner!, partial ? [...new Set([...coTeachers, ...(await coTeachersOf(db, classId))])] : coTeachers, report, !!existing);
    if (partial) additions.set(classId, { sourceId: section.sourceId, students: mapped(section.studentSourceIds, ids) });
    else wanted.set(classId, mapped(section.studentSourceIds, ids));
  }
  for (const [sourceId, c] of classes) if (!wanted.has(c.id) && gone(sourceId)) wanted.set(c.id, new Set());
  if (partial) await patchWanted(db, classes, additions, partial.dropped, ids, wanted);
  await syncEnrolments(db, wanted, now, report);
}

const mapped = (sourceIds: string[], ids: Map<string, string>) => new Set(sourceIds.map((s) => ids.get(s)).filter((s): s is string => !!s));

async function coTeachersOf(db: Db, classId: string) {
  return (await q.classTeachers(db, [classId])).map((r) => r.teacherId);
}

/** A delta's classes keep their students, plus the added ones, minus the dropped ones. */
async function patchWanted(
  db: Db,
  classes: Map<string, { id: string }>,
  additions: Map<string, { sourceId: string; students: Set<string> }>,
  dropped: Set<string>,
  ids: Map<string, string>,
  wanted: Map<string, Set<string>>,
) {
  const bySource = new Map([...classes].map(([sourceId, c]) => [c.id, sourceId]));
  for (const [classId, a] of additions) bySource.set(classId, a.sourceId);
  const droppedUsers = new Set<string>();
  for (const pair of dropped) {
    const [section, person] = pair.split('|');
    const userId = ids.get(person!);
    const classId = classes.get(section!)?.id;
    if (userId && classId) droppedUsers.add(`${classId}|${userId}`);
  }
  const touched = new Set([...additions.keys(), ...[...droppedUsers].map((p) => p.split('|')[0]!)].filter((id) => !wanted.has(id)));
  for (const row of await q.enrolmentsOf(db, [...touched])) {
    if (!wanted.has(row.classId)) wanted.set(row.classId, new Set());
    if (!droppedUsers.has(`${row.classId}|${row.studentId}`)) wanted.get(row.classId)!.add(row.studentId);
  }
  for (const classId of touched) {
    const set = wanted.get(classId) ?? new Set<string>();
    for (const s of additions.get(classId)?.students ?? []) set.add(s);
    wanted.set(classId, set);
  }
}

async function syncCoTeachers(db: Db, classId: string, owner: string, coTeachers: string[], report: SchoolReport, existed: boolean) {
  const current = new Set((await q.classTeachers(db, [classId])).map((r) => r.teacherId));
  // The owner is one of the class's teachers too, as for classes made by hand.
  const want = new Set([owner, ...coTeachers]);
  const add = [...want].filter((t) => !current.has(t));
  const remove = [...current].filter((t) => !want.has(t));
  if (add.length || remove.length) {
    await q.setClassTeachers(db, classId, add, remove);
    if (existed) report.counts.classesUpdated++;
  }
}

/** The section's name, or with what tells it apart (its id by default) when the owner already has a class of that name. */
async function freeName(db: Db, ownerId: string, section: RosterSection, exceptId: string | null) {
  const base = section.name.trim().slice(0, CLASS_NAME_MAX) || section.sourceId;
  if (!(await q.nameTakenByOwner(db, ownerId, base, exceptId))) return base;
  // The section's number (or id) tells same-named classes of one teacher apart; a number after it, if even that is taken.
  for (let n = 1; ; n++) {
    const suffix = ` (${(section.distinct || section.sourceId).slice(0, 20)}${n > 1 ? ` ${n}` : ''})`;
    const name = `${base.slice(0, CLASS_NAME_MAX - suffix.length)}${suffix}`;
    if (n >= 50 || !(await q.nameTakenByOwner(db, ownerId, name, exceptId))) return name;
  }
}

async function insertWithCode(db: Db, values: { schoolId: string; ownerId: string; name: string; sourceId: string; now: Date }) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = randomClassCode();
    if (!(await q.codeExists(db, code))) return q.insertClass(db, { ...values, code });
  }
  throw new Error('no free class code');
}

/** Adds and removes enrolments so each class holds exactly the wanted students. */
async function syncEnrolments(db: Db, wanted: Map<string, Set<string>>, now: Date, report: SchoolReport) {
  const current = new Map<string, Set<string>>();
  for (const row of await q.enrolmentsOf(db, [...wanted.keys()])) {
    let set = current.get(row.classId);
    if (!set) current.set(row.classId, (set = new Set()));
    set.add(row.studentId);
  }
  const add: { classId: string; studentId: string }[] = [];
  for (const [classId, students] of wanted) {
    const have = current.get(classId) ?? new Set();
    for (const studentId of students) if (!have.has(studentId)) add.push({ classId, studentId });
    for (const studentId of have) {
      if (students.has(studentId)) continue;
      await q.dropEnrolment(db, classId, studentId);
      report.counts.enrolmentsRemoved++;
    }
  }
  await q.addEnrolments(db, add, now);
  report.counts.enrolmentsAdded += add.length;
}
