import { randomBytes } from 'node:crypto';
import type { Access, Endpoint } from '@high5/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from './build-test-app.js';
import { buildClass, buildSchool, buildUser, linkParent, sessionFor } from './factories.js';

/**
 * The authorization matrix: every endpoint of an area, called as each kind of caller,
 * with the ids of objects in school A and in school B, against a table of expected cells. The
 * table says who gets 2xx; every other cell must answer 401 (signed out), 403/404, or a rule's own
 * 400 code — never 2xx, and never VALIDATION_FAILED (bodies are valid: the rule answers, not the schema).
 */

export const CALLERS = ['anonymous', 'student', 'parent', 'teacher', 'staff', 'admin', 'superAdmin', 'otherTeacher', 'otherAdmin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Side = 'A' | 'B';

/** The school each caller works in: the A members, the two B members, nobody for the others. */
export function homeOf(caller: Caller): Side | null {
  if (caller === 'otherTeacher' || caller === 'otherAdmin') return 'B';
  if (caller === 'anonymous' || caller === 'superAdmin') return null;
  return 'A';
}

const ROLE: Record<Caller, string | null> = {
  anonymous: null,
  student: 'student',
  parent: 'parent',
  teacher: 'teacher',
  staff: 'staff',
  admin: 'teacher',
  superAdmin: 'superAdmin',
  otherTeacher: 'teacher',
  otherAdmin: 'teacher',
};
export const isSchoolAdmin = (caller: Caller) => caller === 'admin' || caller === 'otherAdmin';

/** The endpoint's coarse access rule from the contract, for one caller. */
export function passesAccess(access: Access, caller: Caller): boolean {
  if (access === 'public') return true;
  if (caller === 'anonymous') return false;
  if (access === 'session') return true;
  if (access === 'superAdmin') return caller === 'superAdmin';
  if (access === 'schoolAdmin') return isSchoolAdmin(caller);
  return access.includes(ROLE[caller] as never);
}

async function buildSide(t: TestApp, side: Side, paid: boolean) {
  const app = t.app;
  const school = await buildSchool(app, { name: `School ${side} ${randomBytes(3).toString('hex')}`, paid });
  const admin = await buildUser(app, { schoolId: school.id, role: 'teacher', isAdmin: true, firstName: `Admin${side}` });
  const teacher = await buildUser(app, { schoolId: school.id, role: 'teacher', firstName: `Teacher${side}` });
  const staff = await buildUser(app, { schoolId: school.id, role: 'staff', firstName: `Staff${side}` });
  const student = await buildUser(app, { schoolId: school.id, role: 'student', firstName: `Student${side}` });
  const parent = await buildUser(app, { schoolId: school.id, role: 'parent', firstName: `Parent${side}` });
  // A student of the school whom nobody but the admins has a reason to see.
  const stranger = await buildUser(app, { schoolId: school.id, role: 'student', firstName: `Stranger${side}` });
  await linkParent(app, parent.id, student.id);
  const cls = await buildClass(app, { schoolId: school.id, ownerId: teacher.id, studentIds: [student.id] });
  return { side, school, districtId: school.districtId, admin, teacher, staff, student, parent, stranger, cls };
}
export type SideWorld = Awaited<ReturnType<typeof buildSide>>;

export interface World {
  A: SideWorld;
  B: SideWorld;
  superAdmin: { id: string };
  /** The user behind each caller, and the school their session works in. */
  users: Record<Exclude<Caller, 'anonymous'>, { id: string; schoolId: string | null }>;
}

/** Two schools in two districts, each with an admin, a teacher owning a class of one student, staff, that student's parent and a student nobody teaches. */
export async function buildWorld(t: TestApp, options: { paid?: boolean } = {}): Promise<World> {
  const A = await buildSide(t, 'A', options.paid ?? false);
  const B = await buildSide(t, 'B', options.paid ?? false);
  const superAdmin = await buildUser(t.app, { isSuperAdmin: true });
  const at = (u: { id: string }, w: SideWorld) => ({ id: u.id, schoolId: w.school.id });
  return {
    A,
    B,
    superAdmin,
    users: {
      student: at(A.student, A),
      parent: at(A.parent, A),
      teacher: at(A.teacher, A),
      staff: at(A.staff, A),
      admin: at(A.admin, A),
      superAdmin: { id: superAdmin.id, schoolId: null },
      otherTeacher: at(B.teacher, B),
      otherAdmin: at(B.admin, B),
    },
  };
}

export interface CellContext {
  t: TestApp;
  w: World;
  /** The school whose objects this cell targets. */
  side: Side;
  /** Its objects. */
  s: SideWorld;
  caller: Caller;
  /** The caller's user id (the super admin's for anonymous, which never gets that far). */
  me: string;
}

export interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body that is not JSON (a file upload). */
  raw?: { payload: Buffer; contentType: string };
}

/** One row of the table: who gets 2xx, and how to build a valid request for a cell. */
export interface Row {
  /**
   * `self`: the endpoint acts on the caller's own things (one cell per caller, allowed when the
   * access rule lets them in); `school`: it targets objects of one school (allowed when the rule
   * lets them in and the objects are in their school); or the expected answer per cell.
   */
  allow: 'self' | 'school' | ((caller: Caller, side: Side) => boolean);
  /** One cell per caller (objects of their own school only), for a rule given as a function. */
  once?: boolean;
  /**
   * For batch endpoints that answer 2xx with per-item failures: whether the answer shows the
   * request was carried out. A denied cell may then answer 2xx only if this is false.
   */
  granted?: (data: any) => boolean; // eslint-disable-line @typescript-eslint/no-explicit-any
  /**
   * For public endpoints whose answer does not depend on the caller (a code nobody was sent):
   * the answer every cell expects, in place of 2xx.
   */
  expect?: (status: number, code: string) => boolean;
  /** A valid request for the cell; may build fresh objects (for deletions and other one-time writes). */
  request?: (c: CellContext) => Request | Promise<Request>;
}

function urlOf(endpoint: Endpoint, req: Request, c: CellContext) {
  const path = endpoint.path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = req.params?.[name] ?? defaultParam(name, c);
    if (value === undefined) throw new Error(`${endpoint.id}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const qs = new URLSearchParams(req.query ?? {}).toString();
  return `/v1${path}${qs ? `?${qs}` : ''}`;
}

/** Path parameters named after the world's objects. */
function defaultParam(name: string, c: CellContext): string | undefined {
  const s = c.s;
  switch (name) {
    case 'schoolId':
      return s.school.id;
    case 'districtId':
      return s.districtId;
    case 'classId':
      return s.cls.id;
    case 'studentId':
      return s.student.id;
    case 'teacherId':
    case 'adultId':
      return s.teacher.id;
    case 'parentId':
      return s.parent.id;
    case 'userId':
      return s.student.id;
    case 'kind':
      return 'high5';
    default:
      return undefined;
  }
}

/**
 * The matrix of `endpoints` as tests (keyed by endpoint id; every endpoint must have a row): one
 * test per endpoint, named by its id, running each of its cells with a fresh session (sign-outs and
 * locks touch nothing else) and limits reset per cell. `world` gives the file's app and world, built
 * in its `beforeAll`.
 */
export function describeMatrix(title: string, world: () => { t: TestApp; w: World }, endpoints: Record<string, Endpoint>, rows: Record<string, Row>) {
  describe(title, () => {
    it('has a row for every endpoint', () => {
      expect(
        Object.values(endpoints)
          .filter((e) => !rows[e.id])
          .map((e) => e.id),
        'endpoints without a row in the matrix',
      ).toEqual([]);
    });
    it.each(
      Object.values(endpoints)
        .filter((e) => rows[e.id])
        .map((e) => [e.id, e] as const),
    )('%s answers 2xx only where the table allows it', { timeout: 120_000 }, async (_id, endpoint) => {
      const { t, w } = world();
      expect(await endpointFailures(t, w, endpoint, rows[endpoint.id]!)).toEqual([]);
    });
  });
}

/** The cells of one endpoint that did not answer as its row says. */
async function endpointFailures(t: TestApp, w: World, endpoint: Endpoint, row: Row): Promise<string[]> {
  const failures: string[] = [];
  const sides: Side[] = row.allow === 'self' || row.once ? ['A'] : ['A', 'B'];
  for (const caller of CALLERS) {
    for (const side of sides) {
      await t.app.services.rateLimits.reset();
      const user = caller === 'anonymous' ? null : w.users[caller];
      const c: CellContext = { t, w, side, s: w[side], caller, me: user?.id ?? w.superAdmin.id };
      const allowed =
        passesAccess(endpoint.access, caller) && (row.allow === 'self' ? true : row.allow === 'school' ? homeOf(caller) === side : row.allow(caller, side));
      const req = row.request ? await row.request(c) : {};
      const cookie = user ? await sessionFor(t.app, user.id, user.schoolId) : undefined;
      const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
      const res = await t.call(endpoint.method, urlOf(endpoint, req, c), {
        ...(cookie ? { cookie } : {}),
        ...(req.raw
          ? { body: req.raw.payload, headers: { 'content-type': req.raw.contentType } }
          : hasBody || req.body !== undefined
            ? { body: req.body ?? {} }
            : {}),
      });
      const success = res.status >= 200 && res.status < 300;
      const ok = row.expect
        ? row.expect(res.status, res.json.ErrorCode)
        : allowed
          ? success && (row.granted?.(res.json.ResponseData) ?? true)
          : success && row.granted
            ? !row.granted(res.json.ResponseData)
            : caller === 'anonymous' && endpoint.access !== 'public'
              ? res.status === 401
              : res.status === 403 || res.status === 404 || (res.status === 400 && res.json.ErrorCode !== 'VALIDATION_FAILED');
      if (!ok)
        failures.push(
          `as ${caller} on ${side}: expected ${allowed ? '2xx' : 'denied'}, got ${res.status} ${res.json.ErrorCode} ${JSON.stringify(res.json.issues ?? '')}`,
        );
    }
  }
  return failures;
}
