import { EmailSchema, hasControlCharacters } from '@high5/contract';
import { malformed } from '../sources/oneroster.js';
import type { RosterRead } from '../sources/types.js';

/** The longest source id the tables hold (schools, classes, roster_people). */
const SOURCE_ID_MAX = 200;

/** A value from a file as a report may store and show it: no control characters, not too long. */
export const printable = (text: string, max = 200) => text.replace(/[\u0000-\u001F\u007F-\u009F]/g, '?').slice(0, max);
const shown = (id: string) => printable(id, 60);

/**
 * Every record of a read is checked before anything is written: an id the tables
 * cannot hold, a control character or line break in a name, an e-mail that is not one, or one
 * person twice fails the run as `roster_malformed`, naming the record and the field.
 */
export function validateRead(read: RosterRead) {
  const snapshot = read.mode === 'full' ? read.snapshot : read.upsert;
  const id = (value: string, owner: string, field: string) => {
    if (!value || value.length > SOURCE_ID_MAX || hasControlCharacters(value)) throw malformed('bad_value', { id: shown(owner), field });
  };
  const text = (value: string | null | undefined, owner: string, field: string) => {
    if (value && hasControlCharacters(value)) throw malformed('bad_value', { id: shown(owner), field });
  };
  for (const s of snapshot.schools) {
    id(s.sourceId, s.sourceId, 'sourcedId');
    text(s.name, s.sourceId, 'name');
  }
  const seen = new Set<string>();
  for (const p of snapshot.people) {
    id(p.sourceId, p.sourceId, 'sourcedId');
    if (seen.has(p.sourceId)) throw malformed('duplicate_id', { id: shown(p.sourceId) });
    seen.add(p.sourceId);
    for (const school of p.schoolSourceIds) id(school, p.sourceId, 'orgSourcedIds');
    text(p.firstName, p.sourceId, 'givenName');
    text(p.lastName, p.sourceId, 'familyName');
    text(p.sisUsername, p.sourceId, 'username');
    if (p.email !== null && !EmailSchema.safeParse(p.email).success) throw malformed('bad_value', { id: shown(p.sourceId), field: 'email' });
  }
  for (const s of snapshot.sections) {
    id(s.sourceId, s.sourceId, 'sourcedId');
    id(s.schoolSourceId, s.sourceId, 'schoolSourcedId');
    text(s.name, s.sourceId, 'title');
    for (const person of [...s.teacherSourceIds, ...s.studentSourceIds]) id(person, s.sourceId, 'userSourcedId');
  }
  if (read.mode === 'delta') {
    for (const p of read.remove.people) id(p, p, 'sourcedId');
    for (const s of read.remove.sections) id(s, s, 'sourcedId');
    for (const e of read.remove.enrolments ?? []) {
      id(e.sectionSourceId, e.sectionSourceId, 'classSourcedId');
      id(e.personSourceId, e.sectionSourceId, 'userSourcedId');
    }
  }
}
