import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Zip, ZipDeflate, zipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { encryptCredentials } from '../../lib/district-credentials.js';
import { afterAll } from 'vitest';
import { registerRosterDriver, rosterDriver, unregisterRosterDriver, type SourceConnection } from './sources/registry.js';
import type { RosterRead, RosterSnapshot, RosterSource } from './sources/types.js';

/** An in-memory source standing in for a SIS: tests set what the next read returns. */
export class MemorySource implements RosterSource {
  next: RosterRead | (() => never) = { mode: 'full', snapshot: { schools: [], people: [], sections: [] } };
  connections: SourceConnection[] = [];
  cursors: (string | null | undefined)[] = [];
  async testConnection() {
    return { description: 'memory' };
  }
  async read(options: { cursor?: string | null }) {
    this.cursors.push(options.cursor);
    if (typeof this.next === 'function') return this.next();
    return structuredClone(this.next);
  }
  full(snapshot: RosterSnapshot, cursor?: string) {
    this.next = { mode: 'full', snapshot: structuredClone(snapshot), ...(cursor ? { cursor } : {}) };
  }
}

/**
 * Makes `source` the driver of every Aeries district in this test file, and gives the real driver back
 * after it: files share a worker's modules (docs/decisions/0587).
 */
export function useMemorySource() {
  const source = new MemorySource();
  const real = rosterDriver('aeries');
  registerRosterDriver('aeries', (connection) => {
    source.connections.push(connection);
    return source;
  });
  afterAll(() => (real ? registerRosterDriver('aeries', real) : unregisterRosterDriver('aeries')));
  return source;
}

export const CERTIFICATE = 'cert-0123456789abcdef';

/** An Aeries district (its certificate), or a Clever one when `clever` gives its client key and secret. */
export async function buildSisDistrict(
  app: FastifyInstance,
  values: { testMode?: boolean; baseUrl?: string; certificate?: string; clever?: { clientKey: string; clientSecret: string } } = {},
) {
  const district = await app.services.db
    .insertInto('districts')
    .values({
      name: `SIS ${Math.random().toString(36).slice(2, 8)}`,
      kind: values.clever ? 'clever' : 'aeries',
      paid: true,
      testMode: values.testMode ?? false,
      baseUrl: values.baseUrl ?? 'https://sis.example',
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  const credentialsEncrypted = encryptCredentials(app.services.secret, district.id, values.clever ?? { certificate: values.certificate ?? CERTIFICATE });
  await app.services.db.updateTable('districts').set({ credentialsEncrypted }).where('id', '=', district.id).execute();
  return district;
}

/** Runs every queued job (the sync job and the mail it queues) until none is due. */
export async function drain(app: FastifyInstance) {
  while ((await app.services.jobs.runDue()) > 0);
}

const csv = (rows: Record<string, string>[], fields: string[]) => Papa.unparse({ fields, data: rows.map((r) => fields.map((f) => r[f] ?? '')) });

export const ONEROSTER_FIELDS: Record<string, string[]> = {
  orgs: ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
  academicSessions: ['sourcedId', 'status', 'dateLastModified', 'title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
  courses: ['sourcedId', 'status', 'dateLastModified', 'schoolYearSourcedId', 'title', 'courseCode', 'grades', 'orgSourcedId', 'subjects', 'subjectCodes'],
  classes: [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'grades',
    'courseSourcedId',
    'classCode',
    'classType',
    'location',
    'schoolSourcedId',
    'termSourcedIds',
    'subjects',
    'subjectCodes',
    'periods',
  ],
  users: [
    'sourcedId',
    'status',
    'dateLastModified',
    'enabledUser',
    'orgSourcedIds',
    'role',
    'username',
    'userIds',
    'givenName',
    'familyName',
    'middleName',
    'identifier',
    'email',
    'sms',
    'phone',
    'agentSourcedIds',
    'grades',
    'password',
  ],
  enrollments: ['sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role', 'primary', 'beginDate', 'endDate'],
  demographics: ['sourcedId', 'status', 'dateLastModified', 'birthDate', 'sex'],
};

export type OneRosterTables = Record<string, Record<string, string>[]>;

/**
 * A OneRoster 1.1 zip of `tables`; `mode` for every file in the manifest, `modes` per file (an `absent`
 * file is left out); `drop` leaves files or columns out; `extraColumns` adds (extension) columns to a file.
 */
export function oneRosterZip(
  tables: OneRosterTables,
  options: {
    mode?: 'bulk' | 'delta';
    modes?: Record<string, 'bulk' | 'delta' | 'absent'>;
    dropFile?: string;
    dropColumn?: [string, string];
    extraColumns?: Record<string, string[]>;
  } = {},
) {
  const files: Record<string, Uint8Array> = {};
  const manifest: Record<string, string>[] = [
    { propertyName: 'manifest.version', value: '1.0' },
    { propertyName: 'oneroster.version', value: '1.1' },
  ];
  for (const name of Object.keys(ONEROSTER_FIELDS)) {
    const mode = options.modes?.[name] ?? options.mode ?? 'bulk';
    manifest.push({ propertyName: `file.${name}`, value: mode });
    if (options.dropFile === name || mode === 'absent') continue;
    const fields = [...ONEROSTER_FIELDS[name]!, ...(options.extraColumns?.[name] ?? [])].filter(
      (f) => !(options.dropColumn && options.dropColumn[0] === name && options.dropColumn[1] === f),
    );
    files[`${name}.csv`] = new TextEncoder().encode(csv(tables[name] ?? [], fields));
  }
  files['manifest.csv'] = new TextEncoder().encode(csv(manifest, ['propertyName', 'value']));
  return Buffer.from(zipSync(files));
}

/**
 * A zip bomb shaped as a OneRoster zip: users.csv is one line repeated until `bytes` (195 MB packs
 * into about 490 KB, as the reported hostile file did). Built in slices, so the test never holds it unpacked.
 */
export function bombZip(bytes: number): Buffer {
  const out: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    out.push(data);
  });
  const add = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 9 });
    zip.add(file);
    file.push(new TextEncoder().encode(text), true);
  };
  add('manifest.csv', 'propertyName,value\noneroster.version,1.1\nfile.orgs,bulk\nfile.users,bulk\nfile.classes,bulk\nfile.enrollments,bulk\n');
  add('orgs.csv', 'sourcedId,name,type\nbomb,Bomb,school\n');
  add('classes.csv', 'sourcedId,title,schoolSourcedId\n');
  add('enrollments.csv', 'sourcedId,classSourcedId,schoolSourcedId,userSourcedId,role\n');
  const users = new ZipDeflate('users.csv', { level: 9 });
  zip.add(users);
  users.push(new TextEncoder().encode('sourcedId,orgSourcedIds,role,givenName,familyName\n'));
  const line = 'u1,bomb,student,Ana,Ruiz\n';
  const slice = new TextEncoder().encode(line.repeat(Math.floor((1 << 20) / line.length)));
  for (let n = 0; n < bytes; n += slice.length) users.push(slice);
  users.push(new Uint8Array(0), true);
  zip.end();
  return Buffer.concat(out);
}

const SANDBOX = new URL('../../test/fakes/clever-sandbox/', import.meta.url).pathname;
const readCsv = (name: string) => Papa.parse<Record<string, string>>(readFileSync(join(SANDBOX, name), 'utf8'), { header: true, skipEmptyLines: true }).data;
const grade = (g: string) => (/^\d+$/.test(g) ? g.padStart(2, '0') : g.toLowerCase().startsWith('k') ? 'KG' : '');

/** The public Clever sandbox district (Clever CSV) as OneRoster 1.1 tables. */
export function cleverSandboxAsOneRoster(): OneRosterTables {
  const schools = readCsv('schools.csv');
  const students = readCsv('students.csv');
  const teachers = readCsv('teachers.csv');
  const sections = readCsv('sections.csv');
  const enrollments = readCsv('enrollments.csv');
  const teacherIds = (s: Record<string, string>) => [s.Teacher_id, s.Teacher_2_id, s.Teacher_3_id, s.Teacher_4_id].filter((t): t is string => !!t);
  return {
    orgs: [
      { sourcedId: 'district', name: 'Sandbox District', type: 'district' },
      ...schools.map((s) => ({ sourcedId: s.School_id!, name: s.School_name!, type: 'school', parentSourcedId: 'district' })),
    ],
    academicSessions: [{ sourcedId: 'Y1', title: 'Year 1', type: 'schoolYear', startDate: '2015-08-01', endDate: '2016-06-01', schoolYear: '2016' }],
    courses: sections.map((s) => ({ sourcedId: `course-${s.Section_id}`, title: s.Course_name!, orgSourcedId: s.School_id! })),
    classes: sections.map((s) => ({
      sourcedId: s.Section_id!,
      title: s.Name!,
      courseSourcedId: `course-${s.Section_id}`,
      classType: 'scheduled',
      schoolSourcedId: s.School_id!,
      termSourcedIds: 'Y1',
    })),
    users: [
      ...students.map((s) => ({
        sourcedId: `s${s.Student_id}`,
        enabledUser: 'true',
        orgSourcedIds: s.School_id!,
        role: 'student',
        username: s.Username!,
        givenName: s.First_name!,
        familyName: s.Last_name!,
        email: s.Student_email!,
        grades: grade(s.Grade!),
      })),
      ...teachers.map((t) => ({
        sourcedId: `t${t.Teacher_id}`,
        enabledUser: 'true',
        orgSourcedIds: t.School_id!,
        role: 'teacher',
        username: t.Username!,
        givenName: t.First_name!,
        familyName: t.Last_name!,
        email: t.Teacher_email!,
      })),
    ],
    enrollments: [
      ...enrollments.map((e, i) => ({
        sourcedId: `e${i}`,
        classSourcedId: e.Section_id!,
        schoolSourcedId: e.School_id!,
        userSourcedId: `s${e.Student_id}`,
        role: 'student',
        primary: 'false',
      })),
      ...sections.flatMap((s) =>
        teacherIds(s).map((t, i) => ({
          sourcedId: `te${s.Section_id}-${t}`,
          classSourcedId: s.Section_id!,
          schoolSourcedId: s.School_id!,
          userSourcedId: `t${t}`,
          role: 'teacher',
          primary: String(i === 0),
        })),
      ),
    ],
    demographics: students.map((s) => ({ sourcedId: `s${s.Student_id}`, sex: s.Gender === 'female' ? 'female' : 'male' })),
  };
}

/** Uploads a OneRoster zip as the district screen (super admin) or the school admin does. */
export function uploadRoster(app: FastifyInstance, cookie: string, url: string, bytes: Buffer) {
  const boundary = '----high5roster';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="roster"; filename="roster.zip"\r\nContent-Type: application/zip\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({ method: 'POST', url, headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}
