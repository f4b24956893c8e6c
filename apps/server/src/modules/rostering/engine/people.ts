import { randomInt } from 'node:crypto';
import type { Db } from '../../../db/database.js';
import { createAccount } from '../../../lib/accounts.js';
import type { RosterPerson } from '../sources/types.js';
import { flagsOf, NO_FLAGS, noteFlagChange } from './flags.js';
import * as q from './queries.js';
import { fieldChanges, pushCapped, type SchoolReport } from './report.js';

/**
 * Finds the account of every person of the read, never duplicating one (docs/decisions/0400):
 * the district's link from an earlier sync, else an account with the same e-mail (someone who
 * signed up themselves), else a teacher's Aeries username typed at sign-up, else a new account
 * (a student without e-mail gets a username). Returns source id → user id. Only accounts inside
 * the run's scope are matched (decision 0501): one elsewhere is left alone with a warning, or,
 * in a school admin's preview (`hideOutside`), counted as a new person so the preview does not
 * tell which addresses have accounts elsewhere.
 */
export async function resolvePeople(db: Db, scope: q.RosterScope, people: RosterPerson[], now: Date, report: SchoolReport, hideOutside = false) {
  const ids = await q.linksOf(
    db,
    scope.districtId,
    people.map((p) => p.sourceId),
  );
  const outside = new Set<string>();
  if (scope.schoolId) {
    // A school admin's upload: a record of the district linked to someone outside the school is not theirs.
    const mine = await q.inScope(db, scope, [...ids.values()]);
    for (const [sourceId, userId] of ids) {
      if (mine.has(userId)) continue;
      ids.delete(sourceId);
      outside.add(sourceId);
      report.warnings.push({ code: 'linked_elsewhere', sourceId });
    }
  }
  const unlinked = people.filter((p) => !ids.has(p.sourceId) && !outside.has(p.sourceId));
  if (unlinked.length === 0) return ids;

  const emailRows = await q.usersByEmail(db, unique(unlinked.map((p) => p.email?.toLowerCase() ?? null)));
  const sisRows = await q.usersByAeriesUsername(db, unique(unlinked.filter((p) => p.role !== 'student').map((p) => p.sisUsername?.toLowerCase() ?? null)));
  const byEmail = new Map(emailRows.map((r) => [r.email!, r.id]));
  const bySis = new Map(sisRows.map((r) => [r.name, r.id]));
  const reachable = await q.inScope(db, scope, [...byEmail.values(), ...bySis.values()]);
  // An account linked to another record of this district is someone else: never merged.
  const taken = await q.linkedUserIds(db, scope.districtId, [...byEmail.values(), ...bySis.values()]);

  for (const person of unlinked) {
    let email = person.email?.toLowerCase() ?? null;
    let userId = (email && byEmail.get(email)) || (person.role !== 'student' && person.sisUsername && bySis.get(person.sisUsername.toLowerCase())) || null;
    if (userId && !reachable.has(userId)) {
      if (!hideOutside) {
        // An account of another school or district: never matched, renamed or enrolled from here.
        report.warnings.push({ code: 'linked_elsewhere', sourceId: person.sourceId });
        continue;
      }
      // Rolled back with the preview; the address stays out of it, as for anyone new without one.
      if (byEmail.get(email ?? '') === userId) email = null;
      userId = null;
    }
    if (userId && taken.has(userId)) {
      // An account already linked to another record of this district.
      report.warnings.push({ code: 'linked_elsewhere', sourceId: person.sourceId });
      continue;
    }
    if (userId) {
      report.counts.linked++;
    } else {
      const username = email ? null : await freeUsername(db, person);
      // A rostered account has no password until the person is invited or signs up (then they count as registered).
      const created = await createAccount(
        db,
        { email, username, firstName: clip(person.firstName), lastName: clip(person.lastName), language: 'en', password: null },
        now,
      );
      if (!created) {
        // Another record of this read took the address first: two records, one person's address.
        report.warnings.push({ code: 'linked_elsewhere', sourceId: person.sourceId });
        continue;
      }
      userId = created;
    }
    await q.insertLink(db, scope.districtId, person.sourceId, userId);
    taken.add(userId);
    ids.set(person.sourceId, userId);
  }
  return ids;
}

/** Names longer than the profile allows are cut, never refused. */
const clip = (name: string) => name.trim().slice(0, 60);

function unique(values: (string | null)[]) {
  return [...new Set(values.filter((v): v is string => !!v))];
}

/** first initial + last name (letters and digits only), then with a number, until one is free. */
async function freeUsername(db: Db, person: RosterPerson) {
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[^a-zA-Z0-9]/g, '')
      .toLowerCase();
  const base = `${ascii(person.firstName).slice(0, 1)}${ascii(person.lastName).slice(0, 40)}` || 'student';
  const stem = base.length >= 3 ? base : `${base}stu`;
  const candidates = [stem, `${stem}${ascii(person.sourceId).slice(-6)}`, ...Array.from({ length: 5 }, () => `${stem}${randomInt(1000, 1_000_000)}`)];
  const taken = await q.usernamesTaken(db, candidates);
  const free = candidates.find((c) => !taken.has(c));
  if (!free) throw new Error('no free username');
  return free;
}

/**
 * Brings the school's memberships in line with the read: new people join, returning people are
 * reactivated, names and flags change (a null flag leaves the school's own value), and rostered
 * people the source no longer returns (`gone`) are deactivated. Each change is named on the report
 * (decision 0580). Returns the memberships that would be deactivated.
 */
export async function applyMemberships(
  db: Db,
  schoolId: string,
  people: RosterPerson[],
  ids: Map<string, string>,
  gone: (m: q.MembershipRow, present: Set<string>) => boolean,
  now: Date,
  report: SchoolReport,
) {
  const existing = new Map((await q.membershipsOfSchool(db, schoolId)).map((m) => [m.userId, m]));
  const names = new Map((await q.usersById(db, [...ids.values()])).map((u) => [u.id, u]));
  const present = new Set<string>();
  for (const person of people) {
    const userId = ids.get(person.sourceId);
    if (!userId) continue;
    present.add(userId);
    const student = person.role === 'student';
    const member = existing.get(userId);
    const flags = student ? flagsOf(person, member ?? NO_FLAGS) : {};
    const user = names.get(userId);
    let changed = false;
    // Names are the person's: a rename shows on each school's report, and counts once (countPeople).
    const renamed = user ? fieldChanges(user, { firstName: clip(person.firstName), lastName: clip(person.lastName) }) : [];
    if (renamed.length) {
      await q.updateUserNames(db, userId, clip(person.firstName), clip(person.lastName));
      changed = !!member;
    }
    if (!member) {
      await q.insertMembership(db, {
        userId,
        schoolId,
        role: person.role,
        grade: flags.grade ?? null,
        iep: flags.iep ?? false,
        plan504: flags.plan504 ?? false,
        languageLevel: flags.languageLevel ?? null,
        now,
      });
      report.counts.created++;
      pushCapped(report.added, { sourceId: person.sourceId, firstName: person.firstName, lastName: person.lastName });
      // A new student arriving with a flag on counts as set (decision 0505).
      const flagged = student ? fieldChanges(NO_FLAGS, { ...NO_FLAGS, ...flags }) : [];
      report.changes.push({ ...named(person), kind: 'added', role: person.role, grade: flags.grade ?? null, fields: [...renamed, ...flagged] });
      if (student) noteFlagChange(report, named(person), NO_FLAGS, { ...NO_FLAGS, ...flags });
      continue;
    }
    if ((member.role === 'student') !== student) {
      report.warnings.push({ code: 'role_differs', sourceId: person.sourceId });
      continue;
    }
    const patch: Parameters<typeof q.updateMembership>[3] = {};
    if (member.status === 'inactive') {
      patch.status = 'active';
      report.counts.reactivated++;
    } else if (member.status === 'pending') {
      patch.status = 'active'; // the SIS vouches for a teacher waiting for approval
      changed = true;
    }
    if (!member.rostered) patch.rostered = true;
    for (const [key, value] of Object.entries(flags) as [keyof typeof flags, never][]) {
      if (member[key] !== value) {
        (patch as Record<string, unknown>)[key] = value;
        changed = true;
      }
    }
    if (Object.keys(patch).length) await q.updateMembership(db, schoolId, userId, patch);
    if (changed) report.counts.updated++;
    const visible = { ...patch };
    delete visible.rostered; // bookkeeping, not something the SIS changed
    const fields = [...renamed, ...fieldChanges(member, { ...member, ...visible })];
    if (fields.length)
      report.changes.push({
        ...named(person),
        kind: member.status === 'inactive' ? 'reactivated' : 'updated',
        role: person.role,
        grade: visible.grade !== undefined ? visible.grade : member.grade,
        fields,
      });
    if (student) noteFlagChange(report, named(person), member, { ...member, ...flags });
  }

  const leaving = [...existing.values()].filter((m) => m.rostered && m.status === 'active' && m.role !== 'parent' && gone(m, present));
  const activeCount = [...existing.values()].filter((m) => m.status === 'active' && m.role !== 'parent').length;
  return { leaving, activeCount };
}

const named = (p: RosterPerson) => ({ sourceId: p.sourceId, firstName: p.firstName, lastName: p.lastName });

/** Deactivates memberships: the people keep their history and disappear from the school's lists. */
export async function deactivate(db: Db, schoolId: string, userIds: string[]) {
  for (const userId of userIds) await q.updateMembership(db, schoolId, userId, { status: 'inactive' });
  await q.detachSessions(db, schoolId, userIds);
}
