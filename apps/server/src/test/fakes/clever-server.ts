import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { serveJson, noFaults, type FakeFaults, type RunningFake } from './http-fake.js';
import { cloneDistrict, loadSampleDistrict, type SampleDistrict } from './sample-district.js';

/**
 * A local stand-in for the Clever API v3.0 and v3.1 (its student fields), speaking its documented
 * HTTP API (docs/decisions/0410): `GET /oauth/tokens?owner_type=district` with HTTP Basic client
 * credentials, Bearer tokens, `/v3.0/districts|schools|users?role=|sections`, section members
 * (`students`/`teachers` on the section and `/v3.0/sections/{id}/users?role=`), range paging with
 * `limit` (default 100, at most 10,000: 413 above) and `links` `rel: next` by `starting_after`,
 * and the rate limit headers with 429 when a limit is configured. Filled from the sample district.
 * v3.1 is granted per app ("contact your application success manager" for v3.1 access): an app
 * kept on v3.0 (`pinnedTo`) is refused every /v3.1 path with 400 "version not supported".
 */

export interface CleverFake extends RunningFake {
  /** The district's Clever id (what `/me` says of its users, docs/decisions/0550). */
  districtId: string;
  clientId: string;
  clientSecret: string;
  faults: FakeFaults;
  /** Requests per window before 429 (null: unlimited). The real limit is 1200 per minute per token. */
  rateLimit: { limit: number; windowMs: number } | null;
  /** Revokes the district token and issues another (a token the driver cached now answers 401). */
  rotateToken(): void;
  /** 429 answers given so far. */
  rateLimited: number;
  /** Flags a district shares, by student sis_id (`section_504_status` on v3.1 only); ell_status null leaves the field out. */
  studentFlags: Map<string, { iep_status?: 'Y' | 'N' | ''; section_504_status?: 'Y' | 'N' | ''; ell_status?: 'Y' | 'N' | '' | null }>;
  /** '3.0': the app is kept on v3.0 and v3.1 answers 400 (default null: both versions answer). */
  pinnedTo: '3.0' | null;
  /** Changes the district between reads (the next request serves the new data). */
  update(change: (district: SampleDistrict) => void): void;
  /** The Clever id the fake gives a sample record: ('school', '02M800'), ('user', 'student:738733110'), ('section', '581'). */
  idOf(kind: 'school' | 'user' | 'section', sourceId: string): string;
}

const MAX_LIMIT = 10_000;
const DEFAULT_LIMIT = 100;

/** Clever ids are 24 hex digits sorted by creation; a hash of the sample id keeps them stable. */
function cleverId(kind: string, sourceId: string) {
  return createHash('sha1').update(`${kind}:${sourceId}`).digest('hex').slice(0, 24);
}

const cleverGrade = (grade: string) => (grade === '0' ? 'Kindergarten' : grade);

interface Built {
  schools: { id: string; data: object }[];
  users: Record<'student' | 'teacher' | 'staff', { id: string; data: object }[]>;
  sections: { id: string; data: { students: string[]; teachers: string[] } & object }[];
}

export async function startCleverFake(options: { district?: SampleDistrict; clientId?: string; clientSecret?: string } = {}): Promise<CleverFake> {
  const district = cloneDistrict(options.district ?? loadSampleDistrict());
  const clientId = options.clientId ?? 'high5-clever-client';
  const clientSecret = options.clientSecret ?? 'clever-secret-5f1c0a9e7b';
  const districtId = cleverId('district', 'sample');
  let token = createHash('sha1').update(`token:${clientId}`).digest('hex');
  const faults = noFaults();
  const studentFlags: CleverFake['studentFlags'] = new Map();
  let built: Built | null = null;
  let window = { start: Date.now(), count: 0 };

  const build = (v31: boolean): Built => {
    const d = district;
    const byKind = <T extends { id: string }>(list: T[]) => list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const schoolId = (id: string) => cleverId('school', id);
    const teacherSchools = new Map<string, Set<string>>();
    for (const t of d.teachers) teacherSchools.set(t.id, new Set([schoolId(t.schoolId)]));
    for (const s of d.sections) for (const t of s.teacherIds) teacherSchools.get(t)?.add(schoolId(s.schoolId));
    const members = new Map<string, string[]>();
    for (const e of d.enrollments) {
      const list = members.get(e.sectionId) ?? [];
      list.push(cleverId('user', `student:${e.studentId}`));
      members.set(e.sectionId, list);
    }
    return {
      schools: byKind(
        d.schools.map((s) => ({
          id: schoolId(s.id),
          data: {
            id: schoolId(s.id),
            district: districtId,
            name: s.name,
            sis_id: s.id,
            school_number: s.id,
            low_grade: cleverGrade(s.lowGrade),
            high_grade: cleverGrade(s.highGrade),
            principal: { name: s.principal, email: s.principalEmail },
          },
        })),
      ),
      users: {
        student: byKind(
          d.students.map((s) => {
            const id = cleverId('user', `student:${s.id}`);
            const flags = studentFlags.get(s.id) ?? {};
            const role: Record<string, unknown> = {
              school: schoolId(s.schoolId),
              schools: [schoolId(s.schoolId)],
              sis_id: s.id,
              student_number: s.id,
              state_id: s.stateId,
              grade: cleverGrade(s.grade),
              gender: s.gender === 'female' ? 'F' : s.gender === 'male' ? 'M' : 'X',
              dob: s.dob,
              ell_status: s.ell ? 'Y' : 'N',
              credentials: { district_username: s.username },
              ...(flags.iep_status !== undefined ? { iep_status: flags.iep_status } : {}),
            };
            if (flags.ell_status === null) delete role.ell_status;
            else if (flags.ell_status !== undefined) role.ell_status = flags.ell_status;
            if (v31 && flags.section_504_status !== undefined) role.section_504_status = flags.section_504_status;
            return {
              id,
              data: {
                id,
                district: districtId,
                email: s.email || undefined,
                name: { first: s.firstName, middle: s.middleName, last: s.lastName },
                roles: { student: role },
              },
            };
          }),
        ),
        teacher: byKind(
          d.teachers.map((t) => {
            const id = cleverId('user', `teacher:${t.id}`);
            const schools = [...(teacherSchools.get(t.id) ?? [])];
            return {
              id,
              data: {
                id,
                district: districtId,
                email: t.email,
                name: { first: t.firstName, last: t.lastName },
                roles: {
                  teacher: {
                    school: schools[0],
                    schools,
                    sis_id: t.id,
                    teacher_number: t.number,
                    title: t.title,
                    credentials: { district_username: t.username },
                  },
                },
              },
            };
          }),
        ),
        // The sample's staff are its principals (schools.csv), Clever's "school admins"/staff role.
        staff: byKind(
          d.schools
            .filter((s) => s.principalEmail)
            .map((s) => {
              const id = cleverId('user', `staff:${s.id}`);
              const [first, ...rest] = s.principal.split(' ');
              return {
                id,
                data: {
                  id,
                  district: districtId,
                  email: s.principalEmail,
                  name: { first, last: rest.join(' ') },
                  roles: { staff: { schools: [schoolId(s.id)], staff_id: s.principalEmail, title: 'Principal' } },
                },
              };
            }),
        ),
      },
      sections: byKind(
        d.sections.map((s) => {
          const id = cleverId('section', s.id);
          const teachers = s.teacherIds.map((t) => cleverId('user', `teacher:${t}`));
          return {
            id,
            data: {
              id,
              district: districtId,
              school: schoolId(s.schoolId),
              name: s.name,
              sis_id: s.id,
              section_number: s.id,
              course: cleverId('course', `${s.schoolId}:${s.courseName}`),
              subject: s.courseName,
              grade: cleverGrade(s.grade),
              period: s.period,
              teacher: teachers[0],
              teachers,
              students: members.get(s.id) ?? [],
            },
          };
        }),
      ),
    };
  };
  const data = (v31: boolean) => {
    if (!built || (built as Built & { v31?: boolean }).v31 !== v31) built = Object.assign(build(v31), { v31 });
    return built;
  };

  const page = (version: string, resource: string, path: string, url: URL, list: { id: string; data: object }[]) => {
    const limitParam = url.searchParams.get('limit');
    const limit = limitParam === null ? DEFAULT_LIMIT : Number(limitParam);
    if (!Number.isInteger(limit) || limit < 1) return { status: 400, body: { error: 'limit must be a positive integer' } };
    if (limit > MAX_LIMIT) return { status: 413, body: { error: 'Request entity too large: limit may be at most 10000' } };
    const after = url.searchParams.get('starting_after');
    const start = after ? list.findIndex((r) => r.id > after) : 0;
    const rows = start < 0 ? [] : list.slice(start, start + limit);
    const query = new URLSearchParams(url.searchParams);
    const self = `${path}${url.search}`;
    const links: { rel: string; uri: string }[] = [{ rel: 'self', uri: self }];
    if (faults.endlessPaging) links.push({ rel: 'next', uri: self });
    else if (rows.length === limit && start + limit < list.length) {
      query.set('starting_after', rows[rows.length - 1]!.id);
      links.push({ rel: 'next', uri: `${path}?${query}` });
    }
    const body = rows.map((r) => ({ data: r.data, uri: `/v${version}/${resource}/${r.id}` }));
    if (faults.malformedRecord && body[0]) body[0] = { data: { id: 42, roles: null } as unknown as object, uri: body[0].uri };
    return { status: 200, body: { data: body, links } };
  };

  const rateHeaders = (): { headers: Record<string, string>; limited: boolean } => {
    const rl = fake.rateLimit;
    if (!rl) return { headers: {}, limited: false };
    const now = Date.now();
    if (now - window.start >= rl.windowMs) window = { start: now, count: 0 };
    window.count++;
    const resetAt = window.start + rl.windowMs;
    const headers = {
      'X-RateLimit-Limit': String(rl.limit),
      'X-RateLimit-Remaining': String(Math.max(0, rl.limit - window.count)),
      'X-RateLimit-Reset': String(Math.ceil(resetAt / 1000)),
      'X-RateLimit-Bucket': districtId,
    };
    if (window.count > rl.limit) return { headers: { ...headers, 'Retry-After': String(Math.max(1, Math.ceil((resetAt - now) / 1000))) }, limited: true };
    return { headers, limited: false };
  };

  const handler = async (req: IncomingMessage, url: URL) => {
    if (req.method !== 'GET') return { status: 405, body: { error: 'method not allowed' } };
    if (url.pathname === '/oauth/tokens') {
      const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
      const [id, secret] = Buffer.from(encoded ?? '', 'base64')
        .toString('utf8')
        .split(':');
      if (scheme !== 'Basic' || id !== clientId || secret !== clientSecret) return { status: 401, body: { error: 'invalid_client' } };
      if (url.searchParams.get('owner_type') !== 'district') return { status: 400, body: { error: 'owner_type must be district' } };
      return {
        status: 200,
        body: {
          data: [
            {
              id: cleverId('token', clientId),
              created: '2015-08-01T00:00:00.000Z',
              owner: { type: 'district', id: districtId },
              access_token: token,
              scopes: ['read:district_admins', 'read:school_admins', 'read:schools', 'read:sections', 'read:students', 'read:teachers', 'read:user_id'],
            },
          ],
        },
      };
    }
    const match = /^\/v(3\.0|3\.1)\/(districts|schools|users|sections)(?:\/([0-9a-f]{24})\/users)?$/.exec(url.pathname);
    if (!match) return { status: 404, body: { error: 'Resource not found' } };
    if (req.headers.authorization !== `Bearer ${token}`) return { status: 401, body: { error: 'Unauthorized' } };
    const rate = rateHeaders();
    if (rate.limited) fake.rateLimited++;
    if (rate.limited) return { status: 429, body: { error: 'Rate limit exceeded' }, headers: rate.headers };
    if (faults.status500) return { status: 500, body: { error: 'Internal server error' }, headers: rate.headers };
    const [, version, resource, sectionId] = match as unknown as [string, string, string, string | undefined];
    if (version === '3.1' && fake.pinnedTo === '3.0') return { status: 400, body: { message: 'version not supported' }, headers: rate.headers };
    const d = data(version === '3.1');
    const path = url.pathname;
    let result;
    if (resource === 'districts')
      result = {
        status: 200,
        body: {
          data: [{ data: { id: districtId, name: 'Clever Sandbox District (sample)' }, uri: `/v${version}/districts/${districtId}` }],
          links: [{ rel: 'self', uri: path }],
        },
      };
    else if (resource === 'schools') result = page(version, 'schools', path, url, d.schools);
    else if (resource === 'sections' && !sectionId) result = page(version, 'sections', path, url, d.sections);
    else if (resource === 'users' || sectionId) {
      const role = url.searchParams.get('role');
      const roles = role ? [role] : ['student', 'teacher', 'staff'];
      if (!roles.every((r): r is 'student' | 'teacher' | 'staff' => r === 'student' || r === 'teacher' || r === 'staff'))
        return { status: 400, body: { error: 'unknown role' } };
      let list = roles.flatMap((r) => d.users[r as 'student' | 'teacher' | 'staff']).sort((a, b) => (a.id < b.id ? -1 : 1));
      if (sectionId) {
        const section = d.sections.find((s) => s.id === sectionId);
        if (!section) return { status: 404, body: { error: 'Resource not found' } };
        const ids = new Set([...section.data.students, ...section.data.teachers]);
        list = list.filter((u) => ids.has(u.id));
      }
      result = page(version, 'users', path, url, list);
    }
    return { ...result!, headers: { ...rate.headers, ...(result as { headers?: Record<string, string> }).headers } };
  };

  const running = await serveJson(handler, () => faults);
  const fake: CleverFake = {
    ...running,
    districtId,
    clientId,
    clientSecret,
    faults,
    rateLimit: null,
    rateLimited: 0,
    rotateToken: () => {
      token = createHash('sha1').update(`${token}:rotated`).digest('hex');
    },
    studentFlags,
    pinnedTo: null,
    update(change) {
      change(district);
      built = null;
    },
    idOf: cleverId,
  };
  const setFlags = studentFlags.set.bind(studentFlags);
  studentFlags.set = (k, v) => ((built = null), setFlags(k, v));
  return fake;
}
