import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { serverT } from '@high5/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetLimits } from '../modules/auth/test-factories.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildClass, buildSchool, buildUser, linkParent, sessionFor } from './factories.js';

/**
 * A NUL in any string gave 500 on 24 operations. This walks every operation of the
 * OpenAPI document the app serves and sends control characters, huge strings, wrong types and
 * malformed JSON — in the body, the query and the path — signed in as a user the operation
 * admits, and asserts that no answer is a 5xx. Each request carries at least one bad value, so
 * nothing is really changed; the sample is fixed (no randomness) so a failure repeats.
 */

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  pattern?: string;
}
interface Operation {
  operationId: string;
  'x-access': unknown;
  parameters: { name: string; in: 'path' | 'query'; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}

const HUGE = 'x'.repeat(200_000);
/** Values no field may take, rotated over the fields so every kind meets every operation. */
const BAD: unknown[] = [
  'a\u0000b',
  '\u0000',
  'line\u0001\u001f\u007f',
  '\u0085\u009f',
  HUGE,
  12_345,
  -1,
  1e308,
  true,
  null,
  [],
  {},
  ['\u0000'],
  { $gt: '' },
  '\ud800',
  '../../etc/passwd',
  "' or 1=1 --",
  '9999-99-99',
  'not-a-uuid',
];
const BAD_PATH = ['%00', 'a%00b', '%01%7f', 'x'.repeat(180), 'not-a-uuid', '..%2f..%2f', '-1', '99999999999999999999'];
const BAD_QUERY = ['%00', '%01x%1f', 'x'.repeat(5000), '9999-99-99_0000-00-00', '%E0%A4%A', '[]', '-1'];

/** A plausible value for a schema, so that the one bad field is what the server meets. */
function plausible(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return 'text';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return plausible(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.test';
      if (schema.format === 'uuid') return randomUUID();
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return '2026-10-15';
      return 'Fuzz';
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v, depth + 1)]));
    default:
      return 'text';
  }
}

let t: TestApp;
let ids: Record<string, string>;
let users: Record<'student' | 'teacher' | 'parent' | 'staff' | 'admin' | 'superAdmin', { id: string; schoolId: string | null }>;

beforeAll(async () => {
  t = await buildTestApp();
  const school = await buildSchool(t.app);
  const admin = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
  const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
  const student = await buildUser(t.app, { schoolId: school.id, role: 'student' });
  const parent = await buildUser(t.app, { schoolId: school.id, role: 'parent' });
  const staff = await buildUser(t.app, { schoolId: school.id, role: 'staff' });
  const superAdmin = await buildUser(t.app, { isSuperAdmin: true });
  await linkParent(t.app, parent.id, student.id);
  const cls = await buildClass(t.app, { schoolId: school.id, ownerId: teacher.id, studentIds: [student.id] });
  const district = await t.app.services.db.selectFrom('schools').select('districtId').where('id', '=', school.id).executeTakeFirstOrThrow();
  ids = {
    schoolId: school.id,
    classId: cls.id,
    studentId: student.id,
    userId: student.id,
    teacherId: teacher.id,
    adultId: teacher.id,
    districtId: district.districtId,
  };
  users = {
    student: { id: student.id, schoolId: school.id },
    teacher: { id: teacher.id, schoolId: school.id },
    parent: { id: parent.id, schoolId: school.id },
    staff: { id: staff.id, schoolId: school.id },
    admin: { id: admin.id, schoolId: school.id },
    superAdmin: { id: superAdmin.id, schoolId: null },
  };
});
afterAll(() => t.close());

/** Who calls an operation: the first role it admits (an admin teacher for school admin ones). */
function callerFor(access: unknown): keyof typeof users | null {
  if (access === 'public') return null;
  if (access === 'superAdmin') return 'superAdmin';
  if (access === 'schoolAdmin' || access === 'session') return 'admin';
  const roles = access as string[];
  return (['teacher', 'student', 'parent', 'staff'] as const).find((r) => roles.includes(r)) ?? 'admin';
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers bad input with 4xx, never 5xx', { timeout: 240_000 }, async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
    let requests = 0;
    let rotation = 0;
    const failures: string[] = [];
    const started = Date.now();

    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        // Sign-out, password changes and the like must not end the sessions the next ones use.
        await resetLimits(t.app);
        const who = callerFor(op['x-access']);
        const cookie = who ? await sessionFor(t.app, users[who].id, users[who].schoolId) : undefined;
        const pathParams = op.parameters.filter((p) => p.in === 'path');
        const queryParams = op.parameters.filter((p) => p.in === 'query');
        const bodySchema = op.requestBody?.content['application/json'].schema;
        const fill = (overrides: Record<string, string> = {}) =>
          path.replace(/\{(\w+)\}/g, (_m, name: string) => overrides[name] ?? ids[name] ?? (name === 'kind' ? 'high5' : randomUUID()));
        const goodQuery = Object.fromEntries(queryParams.map((p) => [p.name, String(plausible(p.schema))]));
        const qs = (query: Record<string, string>) => {
          const text = Object.entries(query)
            .map(([k, v]) => `${encodeURIComponent(k)}=${v.startsWith('%') ? v : encodeURIComponent(v)}`)
            .join('&');
          return text ? `?${text}` : '';
        };
        const send = async (url: string, payload?: string, contentType = 'application/json') => {
          requests++;
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: { ...(cookie ? { cookie } : {}), ...(payload !== undefined ? { 'content-type': contentType } : {}) },
            ...(payload !== undefined ? { payload } : {}),
          });
          if (res.statusCode >= 500)
            failures.push(`${res.statusCode} ${op.operationId} ${method.toUpperCase()} ${url.slice(0, 120)} ${payload?.slice(0, 80) ?? ''}`);
        };
        const goodBody = bodySchema ? JSON.stringify(plausible(bodySchema)) : undefined;

        // The path: each parameter in turn gets four bad values.
        for (const p of pathParams)
          for (let i = 0; i < 4; i++)
            await send(fill({ [p.name]: BAD_PATH[rotation++ % BAD_PATH.length]! }) + qs(goodQuery), goodBody === undefined ? undefined : '{"\u0000":1}');
        // The query: each parameter gets three bad values, and an unknown one arrives.
        for (const p of queryParams) {
          for (let i = 0; i < 3; i++)
            await send(fill() + qs({ ...goodQuery, [p.name]: BAD_QUERY[rotation++ % BAD_QUERY.length]! }), goodBody === undefined ? undefined : '[');
        }
        if (queryParams.length > 0 && method !== 'get') await send(fill() + qs({ ...goodQuery, 'x%00y': '%00' }), '[');

        if (bodySchema) {
          const base = plausible(bodySchema) as Record<string, unknown>;
          // Each field gets three bad values in turn, the others plausible ones.
          for (const field of Object.keys(bodySchema.properties ?? {})) {
            for (let i = 0; i < 3; i++) await send(fill() + qs(goodQuery), JSON.stringify({ ...base, [field]: BAD[rotation++ % BAD.length] }));
          }
          // The body as a whole: malformed JSON, wrong types, NUL keys, a huge body, a wrong content type.
          for (const payload of ['{"a":', '{', 'null', '[]', '"\\u0000"', '12', JSON.stringify({ ...base, '\u0000': 1 }), '{"__proto__":{"isAdmin":true}}']) {
            await send(fill() + qs(goodQuery), payload);
          }
          // A body near the 1 MB limit, on every fourth operation (parsing it is the slow part).
          if (rotation % 4 === 0) await send(fill() + qs(goodQuery), `{"a":"${'y'.repeat(900_000)}"}`);
          await send(fill() + qs(goodQuery), 'a=1&b=%00', 'application/x-www-form-urlencoded');
          await send(fill() + qs(goodQuery), '\u0000\u0001', 'text/plain');
        } else if (method !== 'get') {
          await send(fill() + qs({ ...goodQuery, '\u0000': '1' }), '{"a":');
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: ${requests} requests to ${Object.values(document.paths).reduce((n, m) => n + Object.keys(m).length, 0)} operations in ${seconds} s, ${failures.length} server errors`,
    );
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
  });
});

/**
 * The restore endpoint takes a file, and a file is hostile too. Each file below is
 * uploaded into an empty school through the real endpoint and the restore job runs: no answer is
 * a 5xx, every restore ends failed with a translated reason (never RESTORE_FAILED, which means
 * part was written), and the school stays empty.
 */
describe('fuzzing the restore endpoint with hostile backup files', () => {
  it('refuses each with a translated reason and writes nothing', { timeout: 240_000 }, async () => {
    const superCookie = await sessionFor(t.app, users.superAdmin.id, null);
    const school = randomUUID();
    const user = randomUUID();
    const head = {
      format: 'high5-school-backup',
      version: 2,
      createdAt: '2026-11-28T00:00:00Z',
      school: { id: school, name: 'F', district: 'D' },
      includesJournals: false,
      builtinCategories: [],
    };
    const account = { id: user, email: 'fuzz-restore@example.test', first_name: 'F', last_name: 'Z', language: 'en' };
    const file = (rows: unknown[], trailer?: unknown) => {
      const tables: Record<string, number> = {};
      for (const r of rows as { t?: string }[]) if (typeof r?.t === 'string') tables[r.t] = (tables[r.t] ?? 0) + 1;
      return gzipSync(
        [head, ...rows, trailer ?? { end: true, rows: rows.length, tables, files: 0 }].map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') +
          '\n',
      );
    };
    const files: [string, Buffer][] = [
      ['empty', Buffer.alloc(0)],
      ['not gzip', Buffer.from('\u0000\u0001 not a gzip')],
      ['cut gzip', gzipSync(JSON.stringify(head) + '\n').subarray(0, 20)],
      ['empty gzip', gzipSync('')],
      ['only newlines', gzipSync('\n\n\n')],
      ['a header that is null', gzipSync('null\n')],
      ['a header that is an array', gzipSync('[1,2]\n')],
      [
        'a header with a bad school id',
        gzipSync(JSON.stringify({ ...head, school: { id: '../../etc', name: 1, district: null } }) + '\n{"end":true,"rows":0,"tables":{},"files":0}\n'),
      ],
      ['a header of another format', gzipSync(JSON.stringify({ ...head, version: 99 }) + '\n')],
      ['no trailer', gzipSync(JSON.stringify(head) + '\n' + JSON.stringify({ t: 'users', r: account }) + '\n')],
      ['a lying trailer', file([{ t: 'users', r: account }], { end: true, rows: 5, tables: { users: 5 }, files: 0 })],
      ['a trailer of strings', file([], { end: true, rows: '0', tables: [], files: null })],
      ['lines after the trailer', Buffer.concat([file([]), gzipSync('{"t":"users","r":{}}\n')])],
      ['a row that is a number', file([12])],
      ['a row with no table', file([{ r: account }])],
      ['a row of an unknown table', file([{ t: 'sessions', r: { user_id: user } }])],
      ['a row of __proto__', file([{ t: '__proto__', r: { polluted: true } }])],
      ['a row whose row is an array', file([{ t: 'users', r: [account] }])],
      ['a prototype key', file([{ t: 'users', r: JSON.parse(`{"id":"${user}","__proto__":{"is_super_admin":true}}`) }])],
      ['a NUL in a value', file([{ t: 'users', r: { ...account, first_name: 'a\u0000b' } }])],
      ['a lone surrogate', file([{ t: 'users', r: { ...account, first_name: '\ud800' } }])],
      ['a huge string', file([{ t: 'users', r: { ...account, bio: 'x'.repeat(300_000) } }])],
      ['a huge number', file([{ t: 'school_memberships', r: { user_id: user, school_id: school, role: 'student', grade: 1e308 } }])],
      ['a bad date', file([{ t: 'users', r: { ...account, created_at: '9999-99-99' } }])],
      ['deep JSON', gzipSync(JSON.stringify(head) + '\n' + '['.repeat(100_000) + ']'.repeat(100_000) + '\n')],
      ['a super admin', file([{ t: 'users', r: { ...account, is_super_admin: true } }])],
      ['a password hash', file([{ t: 'users', r: { ...account, password_hash: '$argon2id$x' } }])],
      [
        'another school',
        file([
          { t: 'users', r: account },
          { t: 'school_memberships', r: { user_id: user, school_id: ids.schoolId, role: 'teacher', is_admin: true, status: 'active' } },
        ]),
      ],
      [
        'a link to a child outside the file',
        file([
          { t: 'users', r: account },
          { t: 'parent_links', r: { parent_id: user, student_id: ids.studentId } },
        ]),
      ],
      [
        'an image file with a path',
        gzipSync(
          [JSON.stringify(head), JSON.stringify({ f: '../../server.key', b: 'AAAA' }), JSON.stringify({ end: true, rows: 0, tables: {}, files: 1 })].join(
            '\n',
          ) + '\n',
        ),
      ],
      [
        'an image file that is not base64 text',
        gzipSync(
          [
            JSON.stringify(head),
            JSON.stringify({ f: `avatars/${randomUUID()}.webp`, b: 12 }),
            JSON.stringify({ end: true, rows: 0, tables: {}, files: 1 }),
          ].join('\n') + '\n',
        ),
      ],
      ['a very long line', gzipSync(JSON.stringify(head) + '\n{"t":"users","r":{"bio":"' + 'y'.repeat(17 * 1024 * 1024) + '"}}\n')],
    ];
    const translated = (code: string) =>
      serverT('en')(`admin:errors.${code}`) !== `errors.${code}` && serverT('es')(`admin:errors.${code}`) !== serverT('en')(`admin:errors.${code}`);
    const failures: string[] = [];
    for (const [label, bytes] of files) {
      const target = await buildSchool(t.app);
      const boundary = `fuzz${randomUUID().slice(0, 8)}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="backup"; filename="f.ndjson.gz"\r\nContent-Type: application/gzip\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/super/restores/upload?targetSchoolId=${target.id}`,
        headers: { cookie: superCookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      if (res.statusCode !== 200) {
        failures.push(`${label}: upload answered ${res.statusCode}`);
        continue;
      }
      await t.app.services.jobs.runDue();
      const restore = await t.app.services.db
        .selectFrom('schoolRestores')
        .select(['status', 'errorCode', 'rowsDone'])
        .where('id', '=', res.json().ResponseData.id)
        .executeTakeFirstOrThrow();
      const members = await t.app.services.db.selectFrom('schoolMemberships').select('userId').where('schoolId', '=', target.id).execute();
      if (
        restore.status !== 'failed' ||
        !restore.errorCode ||
        restore.errorCode === 'RESTORE_FAILED' ||
        !translated(restore.errorCode) ||
        restore.rowsDone !== 0 ||
        members.length
      ) {
        failures.push(`${label}: ${JSON.stringify(restore)} ${members.length} members`);
      }
    }
    console.log(`fuzz (restore files): ${files.length} files, ${failures.length} not refused cleanly`);
    expect(failures).toEqual([]);
    const planted = await t.app.services.db.selectFrom('users').select('id').where('id', '=', user).execute();
    expect(planted).toEqual([]);
  });
});
