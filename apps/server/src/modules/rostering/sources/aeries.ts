import type { RosterFlag, RosterSourceWarning } from '@high5/contract';
import { getJson, HttpStatusError, normalizeBaseUrl, type HttpOptions } from './http.js';
import { RosterSourceError, type RosterPerson, type RosterRead, type RosterSchool, type RosterSection, type RosterSource } from './types.js';
import { mapLimit } from '../../../lib/map-limit.js';

/**
 * Aeries API v5 (docs/decisions/0411): `AERIES-CERT` and `Accept: application/json` on every call;
 * a full read walks schools, students per school (paged with StartingRecord/EndingRecord),
 * teachers, staff, sections with their section staff (flexible scheduling) and class rosters, and
 * student programs; an incremental read asks the Data Changes endpoints what changed since the
 * cursor (the Aeries server's own clock at the start of the last read) and falls back to a full
 * read when they answer 501 (v5 enhancements off).
 */

export interface AeriesOptions extends HttpOptions {
  /** Students per page (default 1,000). */
  pageSize?: number;
  /** Section rosters fetched at once (default 4). */
  concurrency?: number;
  /** Guard against paging that never ends (default 10,000 pages a school). */
  maxPages?: number;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const active = (r: Rec) => text(r.InactiveStatusCode) === '';
const id = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
export const studentId = (n: number | string) => `stu-${n}`;
export const staffId = (n: number | string) => `stf-${n}`;
export const sectionId = (school: number, section: number) => `${school}-${section}`;

interface Context {
  now: string;
  iepCodes: Set<string>;
  plan504Codes: Set<string>;
  courses: Map<string, string>;
  /** What the read's program records came to: whether any were shared, how many, how many read as IEP or 504. */
  programs: { shared: boolean; rows: number; mapped: number; codes: Set<string> };
}

const IEP_RE = /special education|\biep\b|individuali[sz]ed education/i;
const PLAN504_RE = /\b504\b/;
/** California's state program codes (CALPADS), used when the district's code set names none. */
const STATE_IEP = '144';
const STATE_504 = '101';

export class AeriesSource implements RosterSource {
  private readonly base: URL;

  constructor(
    baseUrl: string,
    private readonly credentials: { certificate: string },
    private readonly options: AeriesOptions = {},
  ) {
    this.base = normalizeBaseUrl(baseUrl);
  }

  async testConnection(signal?: AbortSignal) {
    const info = await this.systemInfo(signal);
    // systeminfo needs no certificate, so the school list proves the certificate.
    const schools = await this.schools(signal);
    return { description: `Aeries ${text(info.AeriesVersion)}, ${schoolYear(info)}, ${schools.length} schools` };
  }

  async read({ cursor, signal }: { cursor?: string | null; signal?: AbortSignal }): Promise<RosterRead> {
    const info = await this.systemInfo(signal);
    const next = text(info.CurrentDateTime).slice(0, 16) || null;
    if (cursor) {
      try {
        return { ...(await this.delta(cursor, info, signal)), cursor: next };
      } catch (error) {
        if (!(error instanceof HttpStatusError && (error.status === 501 || error.status === 404))) throw error;
      }
    }
    const schools = await this.schools(signal);
    const ctx = await this.context(info, signal);
    const staff = (await this.list('api/v5/staff', signal)).filter(active);
    const students = new Map<number, RosterPerson>();
    const teacherSchools = new Map<number, Set<string>>();
    const sections: RosterSection[] = [];
    for (const school of schools) {
      const sc = Number(school.sourceId);
      const flags = await this.programFlags(`api/v5/schools/${sc}/students/0/programs`, ctx, signal);
      for (const record of await this.students(sc, signal)) this.addStudent(students, record, flags);
      for (const t of await this.list(`api/v5/schools/${sc}/teachers`, signal))
        if (active(t)) for (const s of staffIds(t)) add(teacherSchools, s, school.sourceId);
      const list = (await this.list(`api/v5/schools/${sc}/sections`, signal)).filter(active);
      sections.push(...(await mapLimit(list, this.options.concurrency ?? 4, (s) => this.section(sc, s, ctx, signal))));
    }
    for (const s of sections) for (const t of s.teacherSourceIds) add(teacherSchools, Number(t.slice(4)), s.schoolSourceId);
    const people = [...students.values(), ...staff.map((s) => staffPerson(s, teacherSchools))];
    return { mode: 'full', snapshot: { schoolYear: schoolYear(info), schools, people, sections }, cursor: next, ...programNotes(people, ctx) };
  }

  /** What changed since `cursor` (`yyyy-MM-ddTHH:mm` on the Aeries server's clock), as whole records. */
  private async delta(cursor: string, info: Rec, signal?: AbortSignal): Promise<Omit<Extract<RosterRead, { mode: 'delta' }>, 'cursor'>> {
    const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(cursor);
    if (!m) throw new HttpStatusError(404, 'the stored cursor is not a time: full read');
    const since = m.slice(1).map(Number).join('/');
    const changed = async (path: string) => (await this.list(`api/v5/${path}/${since}`, signal)).filter(isRec);
    const studentChanges = [...(await changed('StudentDataChanges/student')), ...(await changed('StudentDataChanges/program'))];
    const staffChanges = await changed('StaffDataChanges');
    const sectionChanges = [...(await changed('SectionDataChanges')), ...(await changed('SectionRosterDataChanges'))];
    const schools = await this.schools(signal);
    const ctx = await this.context(info, signal);
    const remove = { people: [] as string[], sections: [] as string[] };
    const people: RosterPerson[] = [];

    const byStudent = new Map<number, Set<number>>();
    for (const c of studentChanges) {
      const sid = id(c.StudentID);
      if (sid) add(byStudent, sid, ...(id(c.SchoolCode) ? [id(c.SchoolCode)!] : schools.map((s) => Number(s.sourceId))));
    }
    for (const [sid, codes] of byStudent) {
      const found = new Map<number, RosterPerson>();
      for (const sc of codes) {
        const flags = await this.programFlags(`api/v5/schools/${sc}/students/${sid}/programs`, ctx, signal);
        for (const record of await this.list(`api/v5/schools/${sc}/students/${sid}`, signal)) this.addStudent(found, record, flags);
      }
      if (found.has(sid)) people.push(found.get(sid)!);
      else remove.people.push(studentId(sid));
    }
    for (const c of staffChanges) {
      const sid = id(c.StaffID ?? c.ID);
      if (!sid) continue;
      const record = (await this.list(`api/v5/staff/${sid}`, signal)).find((s) => id(s.ID) === sid && active(s));
      if (!record) {
        remove.people.push(staffId(sid));
        continue;
      }
      const teacherSchools = new Map<number, Set<string>>();
      for (const t of await this.list(`api/v5/staff/${sid}/teachers`, signal)) if (active(t)) add(teacherSchools, sid, String(t.SchoolCode));
      people.push(staffPerson(record, teacherSchools));
    }
    const sections: RosterSection[] = [];
    const seen = new Set<string>();
    for (const c of sectionChanges) {
      const [sc, sn] = [id(c.SchoolCode), id(c.SectionNumber)];
      if (!sc || !sn || seen.has(sectionId(sc, sn))) continue;
      seen.add(sectionId(sc, sn));
      try {
        const body = await this.get(`api/v5/schools/${sc}/sections/${sn}`, signal);
        const record = Array.isArray(body) ? body.find(isRec) : body;
        if (isRec(record) && active(record)) sections.push(await this.section(sc, record, ctx, signal));
        else remove.sections.push(sectionId(sc, sn));
      } catch (error) {
        if (!(error instanceof HttpStatusError && error.status === 404)) throw error;
        remove.sections.push(sectionId(sc, sn));
      }
    }
    return { mode: 'delta', upsert: { schoolYear: schoolYear(info), schools, people, sections }, remove, ...programNotes(people, ctx) };
  }

  private addStudent(into: Map<number, RosterPerson>, r: unknown, flags: Map<number, { iep: boolean; plan504: boolean }> | null) {
    if (!isRec(r) || !id(r.StudentID) || !id(r.SchoolCode) || !text(r.LastName) || !text(r.FirstName))
      throw new RosterSourceError(
        'roster_malformed',
        `a student record without StudentID, SchoolCode or name (${isRec(r) ? String(r.StudentID) : 'not an object'})`,
      );
    if (!active(r)) return;
    const sid = r.StudentID as number;
    const existing = into.get(sid);
    if (existing) {
      existing.schoolSourceIds.push(String(r.SchoolCode));
      return;
    }
    const level = text(r.LanguageFluencyCode);
    const g = typeof r.Grade === 'number' && r.Grade >= 0 && r.Grade <= 12 ? r.Grade : null;
    const f = flags ? (flags.get(sid) ?? { iep: false, plan504: false }) : null;
    into.set(sid, {
      sourceId: studentId(sid),
      role: 'student',
      schoolSourceIds: [String(r.SchoolCode)],
      firstName: text(r.FirstName),
      lastName: text(r.LastName),
      email: text(r.StudentEmailAddress).toLowerCase() || null,
      grade: g,
      iep: f ? f.iep : null,
      plan504: f ? f.plan504 : null,
      // L learner, R reclassified fluent; E (English only) and I (initially fluent) are no learners.
      languageLevel: level === 'L' ? 'L' : level === 'R' ? 'LF' : null,
      englishLearner: level === 'E' || level === 'I' ? false : null,
    });
  }

  private async section(sc: number, s: Rec, ctx: Context, signal?: AbortSignal): Promise<RosterSection> {
    const sn = id(s.SectionNumber);
    if (!sn) throw new RosterSourceError('roster_malformed', `school ${sc}: a section without a SectionNumber`);
    const staff = Array.isArray(s.SectionStaffMembers) ? s.SectionStaffMembers.filter(isRec).filter(active) : [];
    const roster = await this.list(`api/v5/schools/${sc}/sections/${sn}/students`, signal);
    const current = roster.filter((r) => !text(r.DateEnded) || text(r.DateEnded) >= ctx.now);
    return {
      sourceId: sectionId(sc, sn),
      schoolSourceId: String(sc),
      name: sectionName(s, ctx.courses, staff),
      distinct: String(sn),
      teacherSourceIds: [...new Set(staff.map((m) => id(m.StaffID)).filter((n): n is number => !!n))].map(staffId),
      studentSourceIds: [...new Set(current.map((r) => id(r.StudentID)).filter((n): n is number => !!n))].map(studentId),
    };
  }

  private async students(sc: number, signal?: AbortSignal): Promise<Rec[]> {
    const size = this.options.pageSize ?? 1000;
    const out: Rec[] = [];
    const firsts = new Set<unknown>();
    for (let start = 1, pages = 0; ; start += size, pages++) {
      if (pages >= (this.options.maxPages ?? 10_000)) throw new RosterSourceError('roster_endless_paging', `school ${sc}: students never end`);
      const page = await this.list(`api/v5/schools/${sc}/students?StartingRecord=${start}&EndingRecord=${start + size - 1}`, signal);
      if (page.length > 0 && firsts.has(page[0]!.StudentID))
        throw new RosterSourceError('roster_endless_paging', `school ${sc}: the students page from record ${start} repeats an earlier page`);
      if (page[0]) firsts.add(page[0].StudentID);
      out.push(...page);
      if (page.length < size) return out;
    }
  }

  /** Program records by StudentID; null when the district does not share programs (403/404). */
  private async programFlags(path: string, ctx: Context, signal?: AbortSignal) {
    let rows: Rec[];
    try {
      rows = await this.list(path, signal);
    } catch (error) {
      if (error instanceof RosterSourceError && (error.code === 'roster_auth_failed' || (error instanceof HttpStatusError && error.status === 404)))
        return null;
      throw error;
    }
    ctx.programs.shared = true;
    const flags = new Map<number, { iep: boolean; plan504: boolean }>();
    for (const p of rows) {
      const sid = id(p.StudentID);
      if (!sid) continue;
      const { iep, plan504 } = programKind(p, ctx);
      ctx.programs.rows++;
      ctx.programs.codes.add(text(p.ProgramCode));
      if (iep || plan504) ctx.programs.mapped++;
      const ended = text(p.ParticipationEndDate) || text(p.EligibilityEndDate);
      if (ended && ended < ctx.now) continue;
      const f = flags.get(sid) ?? { iep: false, plan504: false };
      if (iep) f.iep = true;
      if (plan504) f.plan504 = true;
      flags.set(sid, f);
    }
    return flags;
  }

  /** Program codes from the district's PGM code table (IEP: special education; 504: a Section 504 plan), and course titles. */
  private async context(info: Rec, signal?: AbortSignal): Promise<Context> {
    let codes: Rec[] = [];
    try {
      codes = await this.list('api/v5/codes/PGM/PG', signal);
    } catch (error) {
      if (!(error instanceof HttpStatusError)) throw error;
    }
    const pick = (re: RegExp) =>
      new Set(
        codes
          .filter((c) => re.test(text(c.Description)))
          .map((c) => text(c.Code))
          .filter(Boolean),
      );
    const courses = new Map<string, string>();
    for (const c of await this.list('api/v5/courses', signal).catch((e: unknown) => (e instanceof HttpStatusError ? [] : Promise.reject(e))))
      courses.set(text(c.ID), text(c.Title));
    return {
      now: text(info.CurrentDateTime),
      iepCodes: pick(IEP_RE),
      plan504Codes: pick(PLAN504_RE),
      courses,
      programs: { shared: false, rows: 0, mapped: 0, codes: new Set() },
    };
  }

  private async systemInfo(signal?: AbortSignal): Promise<Rec> {
    const body = await this.get('api/v5/systeminfo', signal);
    if (!isRec(body) || !yearText(body)) throw new RosterSourceError('roster_malformed', 'GET /api/v5/systeminfo: no DatabaseYear');
    return body;
  }

  private async schools(signal?: AbortSignal): Promise<RosterSchool[]> {
    // School 0 is the district office in Aeries, not a school.
    return (await this.list('api/v5/schools', signal))
      .filter((s) => id(s.SchoolCode) && active(s) && text(s.Name))
      .map((s) => ({ sourceId: String(s.SchoolCode), name: text(s.Name) }));
  }

  private async list(path: string, signal?: AbortSignal): Promise<Rec[]> {
    const body = await this.get(path, signal);
    if (!Array.isArray(body)) throw new RosterSourceError('roster_malformed', `GET /${path.split('?')[0]}: not a list`);
    return body.filter(isRec);
  }

  private get(path: string, signal?: AbortSignal) {
    return getJson(new URL(path, this.base), { 'AERIES-CERT': this.credentials.certificate }, { ...this.options, signal });
  }
}

/**
 * Whether a program record is special education (IEP) or a Section 504 plan: by the district's
 * code set, or, when the code set names no such code, by the record's own description and
 * California's state codes (docs/decisions/0507).
 */
function programKind(p: Rec, ctx: Context) {
  const code = text(p.ProgramCode);
  const description = text(p.ProgramDescription);
  const iep = ctx.iepCodes.size ? ctx.iepCodes.has(code) : code === STATE_IEP || IEP_RE.test(description);
  const plan504 = ctx.plan504Codes.size ? ctx.plan504Codes.has(code) : code === STATE_504 || PLAN504_RE.test(description);
  return { iep, plan504 };
}

/**
 * Program records that were read but none of which reads as IEP or 504 mean codes this driver
 * does not know: the flags stay the schools' and the report says so, never a silent "no IEP".
 */
function programNotes(people: RosterPerson[], ctx: Context): { sourceWarnings: RosterSourceWarning[]; carries: { flags: RosterFlag[]; columns: [] } } {
  const unmapped = ctx.programs.rows > 0 && ctx.programs.mapped === 0;
  if (unmapped) for (const p of people) if (p.role === 'student') Object.assign(p, { iep: null, plan504: null });
  const sourceWarnings: RosterSourceWarning[] = unmapped
    ? [{ code: 'programs_unmapped', values: { codes: [...ctx.programs.codes].sort().slice(0, 12).join(', ') } }]
    : [];
  const flags: RosterFlag[] = ctx.programs.shared && !unmapped ? ['iep', 'plan504', 'englishLearner'] : ['englishLearner'];
  return { sourceWarnings, carries: { flags, columns: [] } };
}

function add<K, V>(map: Map<K, Set<V>>, key: K, ...values: V[]) {
  const set = map.get(key) ?? new Set<V>();
  for (const v of values) set.add(v);
  map.set(key, set);
}

const staffIds = (t: Rec) => [t.StaffID1, t.StaffID2, t.StaffID3].map(id).filter((n): n is number => !!n);

/** A field Aeries may send as a string or a number (DatabaseYear, Period). */
const textOrNumber = (v: unknown) => (typeof v === 'number' ? String(v) : text(v));
/** DatabaseYear as written: '2015', 2015, or the '2026-2027' some installations answer. */
const yearText = (info: Rec) => textOrNumber(info.DatabaseYear);

/**
 * A section named as Aeries shows it, course, period and teacher ("Geometry - 6 - K. Diaz"), so
 * a school's six "Group Guidance" sections of period 0 are told apart by their teachers.
 */
function sectionName(s: Rec, courses: Map<string, string>, staff: Rec[]) {
  const title = courses.get(text(s.CourseID)) || text(s.CourseID);
  const primary = staff.find((m) => m.IsPrimaryTeacher === true) ?? staff[0];
  const first = primary ? text(primary.FirstName) : '';
  const teacher = primary && text(primary.LastName) ? `${first ? `${first.slice(0, 1)}. ` : ''}${text(primary.LastName)}` : '';
  return [title, textOrNumber(s.Period), teacher].filter(Boolean).join(' - ');
}

/**
 * The school year systeminfo describes: DatabaseYear is the year it starts (2015 → '2015-2016'),
 * or already the span ('2026-2027', '2026-27'); anything else is shown as the SIS wrote it.
 */
function schoolYear(info: Rec) {
  const raw = yearText(info);
  const span = /^(\d{4})(?:\s*[-–/]\s*(\d{2}|\d{4}))?$/.exec(raw);
  if (!span) return raw || null;
  const y = Number(span[1]);
  return `${y}-${y + 1}`;
}

/** A staff member teaches when a teacher record or a section names them; else they are staff. */
function staffPerson(s: Rec, teacherSchools: Map<number, Set<string>>): RosterPerson {
  const sid = id(s.ID);
  if (!sid || !text(s.LastName) || !text(s.FirstName)) throw new RosterSourceError('roster_malformed', `a staff record without ID or name (${String(s.ID)})`);
  const schools = new Set(teacherSchools.get(sid) ?? []);
  const teaches = schools.size > 0;
  if (id(s.PrimaryAeriesSchool)) schools.add(String(s.PrimaryAeriesSchool));
  return {
    sourceId: staffId(sid),
    role: teaches ? 'teacher' : 'staff',
    schoolSourceIds: [...schools],
    firstName: text(s.FirstName),
    lastName: text(s.LastName),
    email: text(s.EmailAddress).toLowerCase() || null,
    sisUsername: text(s.UserName) || text(s.NetworkLoginID) || null,
  };
}
