import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCleverFake, type CleverFake } from '../../../test/fakes/clever-server.js';
import { loadSampleDistrict } from '../../../test/fakes/sample-district.js';
import { rosterSourceFor, RosterSourceError, type RosterRead, type RosterSnapshot } from './index.js';

let fake: CleverFake;
const fast = { maxServerErrorRetries: 1, requestTimeoutMs: 5_000 };
const source = (over: { clientSecret?: string; baseUrl?: string; options?: object } = {}) =>
  rosterSourceFor(
    'clever',
    over.baseUrl ?? fake.baseUrl,
    { clientKey: fake.clientId, clientSecret: over.clientSecret ?? fake.clientSecret },
    { tokenUrl: `${over.baseUrl ?? fake.baseUrl}/oauth/tokens`, ...fast, ...over.options },
  );
const full = (read: RosterRead): RosterSnapshot => {
  if (read.mode !== 'full') throw new Error('expected a full read');
  return read.snapshot;
};
async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RosterSourceError);
  return error as RosterSourceError;
}

beforeAll(async () => {
  fake = await startCleverFake();
});
afterAll(async () => fake.close());
beforeEach(() => {
  Object.assign(fake.faults, { status500: false, delayMs: 0, endlessPaging: false, malformedRecord: false });
  fake.rateLimit = null;
  fake.rateLimited = 0;
  fake.requests.length = 0;
  fake.pinnedTo = null;
});

describe('Clever fake', () => {
  it('when called as the documentation says, it answers; otherwise 400, 401 or 413', async () => {
    const basic = (secret: string) => ({ authorization: `Basic ${Buffer.from(`${fake.clientId}:${secret}`).toString('base64')}` });
    expect((await fetch(`${fake.baseUrl}/oauth/tokens?owner_type=district`, { headers: basic('wrong') })).status).toBe(401);
    expect((await fetch(`${fake.baseUrl}/oauth/tokens`, { headers: basic(fake.clientSecret) })).status).toBe(400);
    const tokens = (await (await fetch(`${fake.baseUrl}/oauth/tokens?owner_type=district`, { headers: basic(fake.clientSecret) })).json()) as {
      data: { access_token: string; owner: { type: string } }[];
    };
    expect(tokens.data[0]!.owner.type).toBe('district');
    const bearer = { authorization: `Bearer ${tokens.data[0]!.access_token}` };
    expect((await fetch(`${fake.baseUrl}/v3.0/schools`)).status).toBe(401);
    expect((await fetch(`${fake.baseUrl}/v3.0/users?role=student&limit=10001`, { headers: bearer })).status).toBe(413);
    const page = (await (await fetch(`${fake.baseUrl}/v3.0/users?role=student`, { headers: bearer })).json()) as {
      data: unknown[];
      links: { rel: string; uri: string }[];
    };
    expect(page.data).toHaveLength(100);
    expect(page.links.find((l) => l.rel === 'next')?.uri).toMatch(/^\/v3\.0\/users\?role=student&starting_after=[0-9a-f]{24}$/);
    const section = fake.idOf('section', '581');
    const sections = (await (await fetch(`${fake.baseUrl}/v3.0/sections?limit=10000`, { headers: bearer })).json()) as {
      data: { data: { id: string; students: string[] } }[];
    };
    const members = (await (await fetch(`${fake.baseUrl}/v3.0/sections/${section}/users?role=student`, { headers: bearer })).json()) as {
      data: { data: { id: string } }[];
    };
    expect(members.data.map((m) => m.data.id).sort()).toEqual(
      sections.data
        .find((s) => s.data.id === section)!
        .data.students.slice()
        .sort(),
    );
  });
});

describe('Clever driver against the Clever fake', () => {
  it('when it reads the sample district, it hands over every school, person, section and enrolment', async () => {
    const read = await source().read({});
    // The district's Clever id, which Log in with Clever matches `/me` against.
    expect(read.sourceDistrictId).toBe(fake.districtId);
    const snapshot = full(read);
    const count = (role: string) => snapshot.people.filter((p) => p.role === role).length;
    expect(snapshot.schools).toHaveLength(3);
    expect(count('student')).toBe(1004);
    expect(count('teacher')).toBe(89);
    expect(count('staff')).toBe(3);
    expect(snapshot.sections).toHaveLength(379);
    expect(snapshot.sections.reduce((n, s) => n + s.studentSourceIds.length, 0)).toBe(8971);
    const sample = loadSampleDistrict();
    expect(count('student') && snapshot.people.filter((p) => p.englishLearner === true).length).toBe(sample.students.filter((s) => s.ell).length);
    expect(snapshot.people.filter((p) => p.englishLearner === false).length).toBe(sample.students.filter((s) => !s.ell).length);
    const diane = snapshot.people.find((p) => p.email === 'diane.s@example.org')!;
    expect(diane).toMatchObject({
      role: 'student',
      firstName: 'Diane',
      lastName: 'Schmeler',
      grade: 9,
      englishLearner: true,
      iep: null,
      plan504: null,
      schoolSourceIds: [fake.idOf('school', '02M800')],
    });
    // every section's people and school are in the snapshot
    const ids = new Set(snapshot.people.map((p) => p.sourceId));
    const schoolIds = new Set(snapshot.schools.map((s) => s.sourceId));
    for (const s of snapshot.sections) {
      expect(schoolIds.has(s.schoolSourceId)).toBe(true);
      for (const id of [...s.teacherSourceIds, ...s.studentSourceIds]) expect(ids.has(id)).toBe(true);
    }
  });

  it('when pages are small, it follows every next link to the end and still reads everything', async () => {
    const snapshot = full(await source({ options: { pageSize: 100 } }).read({}));
    expect(snapshot.people.filter((p) => p.role === 'student')).toHaveLength(1004);
    expect(fake.requests.filter((r) => r.startsWith('GET /v3.1/users?role=student'))).toHaveLength(11);
    expect(fake.requests.filter((r) => r.includes('starting_after='))).not.toHaveLength(0);
  });

  it('when asked for more than 10,000 a page, it asks for 10,000 (the documented maximum)', async () => {
    await source({ options: { pageSize: 50_000 } }).read({});
    expect(fake.requests.find((r) => r.startsWith('GET /v3.1/sections'))).toContain('limit=10000');
  });

  it('when the district changes between two syncs, the second read shows the change', async () => {
    const first = full(await source().read({}));
    fake.update((d) => {
      d.students.find((s) => s.id === '738733110')!.lastName = 'Schmeler-Ortiz';
      d.enrollments = d.enrollments.filter((e) => e.studentId !== '913113920');
    });
    fake.studentFlags.set('738733110', { iep_status: 'Y' });
    try {
      const second = full(await source().read({}));
      const diane = second.people.find((p) => p.firstName === 'Diane' && p.email === 'diane.s@example.org')!;
      expect(diane).toMatchObject({ lastName: 'Schmeler-Ortiz', iep: true, plan504: null });
      const martha = fake.idOf('user', 'student:913113920');
      const enrolled = (s: RosterSnapshot) => s.sections.filter((x) => x.studentSourceIds.includes(martha)).length;
      expect(enrolled(first)).toBeGreaterThan(0);
      expect(enrolled(second)).toBe(0);
    } finally {
      fake.update((d) => Object.assign(d, structuredClone(loadSampleDistrict())));
      fake.studentFlags.clear();
    }
  });

  it('by default it reads v3.1, where 504 comes from section_504_status; an app kept on v3.0 reads v3.0 without 504 and says so', async () => {
    fake.studentFlags.set('738733110', { iep_status: 'N', section_504_status: 'Y' });
    try {
      const v31 = await source().read({});
      expect(full(v31).people.find((p) => p.email === 'diane.s@example.org')).toMatchObject({ iep: false, plan504: true });
      expect(v31).toMatchObject({ sourceWarnings: [], carries: { flags: ['iep', 'plan504', 'englishLearner'] } });
      expect(fake.requests.some((r) => r.startsWith('GET /v3.0/'))).toBe(false);

      fake.pinnedTo = '3.0';
      fake.requests.length = 0;
      const v30 = await source().read({});
      expect(full(v30).people.find((p) => p.email === 'diane.s@example.org')).toMatchObject({ iep: false, plan504: null });
      expect(v30).toMatchObject({ sourceWarnings: [{ code: 'clever_v30' }], carries: { flags: ['iep', 'englishLearner'] } });
      // One refused v3.1 call, then everything from v3.0.
      expect(fake.requests.filter((r) => r.startsWith('GET /v3.1/'))).toEqual(['GET /v3.1/districts']);
      expect(fake.requests.filter((r) => r.startsWith('GET /v3.0/users?role=student'))).toHaveLength(1);
      await expect(source().testConnection()).resolves.toEqual({
        description: 'Clever: Clever Sandbox District (sample) (API v3.0)',
        warnings: [{ code: 'clever_v30', values: {} }],
      });
    } finally {
      fake.studentFlags.clear();
    }
  });

  it('reads "N" as no and an absent or empty field as "keep": ell_status, iep_status and section_504_status', async () => {
    fake.studentFlags.set('738733110', { ell_status: 'N', iep_status: 'Y', section_504_status: 'N' });
    fake.studentFlags.set('913113920', { ell_status: null, iep_status: '', section_504_status: '' });
    try {
      const people = full(await source().read({})).people;
      expect(people.find((p) => p.sourceId === fake.idOf('user', 'student:738733110'))).toMatchObject({ englishLearner: false, iep: true, plan504: false });
      expect(people.find((p) => p.sourceId === fake.idOf('user', 'student:913113920'))).toMatchObject({ englishLearner: null, iep: null, plan504: null });
    } finally {
      fake.studentFlags.clear();
    }
  });

  it('when the secret is wrong, it fails with roster_auth_failed and the secret appears nowhere', async () => {
    const secret = 'wrong-secret-d41d8cd98f00';
    const error = await failure(source({ clientSecret: secret }).read({}));
    expect(error.code).toBe('roster_auth_failed');
    expect(`${error.message} ${error.detail} ${error.stack}`).not.toContain(secret);
    expect(`${error.message}`).not.toContain(fake.clientSecret);
  });

  it('when the district token is revoked between two reads, it fetches a new one and reads on', async () => {
    const clever = source();
    await clever.testConnection();
    fake.rotateToken();
    await expect(clever.testConnection()).resolves.toMatchObject({ description: expect.stringContaining('Clever') });
    expect(fake.requests.filter((r) => r.startsWith('GET /oauth/tokens'))).toHaveLength(2);
  });

  it('when the base URL cannot be reached, it fails with roster_unreachable', async () => {
    const error = await failure(source({ baseUrl: 'http://127.0.0.1:9' }).read({}));
    expect(error.code).toBe('roster_unreachable');
  });

  it('when the source does not answer in time, it fails with roster_timeout', async () => {
    fake.faults.delayMs = 1_000;
    const error = await failure(source({ options: { requestTimeoutMs: 200 } }).read({}));
    expect(error.code).toBe('roster_timeout');
  });

  it('when the source answers 500, it retries, then fails with roster_source_error', async () => {
    fake.faults.status500 = true;
    const error = await failure(source().read({}));
    expect(error.code).toBe('roster_source_error');
    // The first call (the district, through v3.1) is retried, then the read stops.
    expect(fake.requests.filter((r) => r.startsWith('GET /v3.1/districts'))).toHaveLength(2);
  });

  it('when a next link never ends, it stops with roster_endless_paging', async () => {
    fake.faults.endlessPaging = true;
    const error = await failure(source({ options: { pageSize: 2 } }).read({}));
    expect(error.code).toBe('roster_endless_paging');
    expect(fake.requests.length).toBeLessThan(10);
  });

  it('when a record is malformed, it fails with roster_malformed naming the resource', async () => {
    fake.faults.malformedRecord = true;
    const error = await failure(source().read({}));
    expect(error.code).toBe('roster_malformed');
  });

  it('when the rate limit is reached, it waits as Retry-After says and finishes the read', async () => {
    fake.rateLimit = { limit: 3, windowMs: 1_000 };
    const snapshot = full(await source({ options: { pageSize: 500 } }).read({}));
    expect(snapshot.people.filter((p) => p.role === 'student')).toHaveLength(1004);
    expect(fake.rateLimited).toBeGreaterThan(0);
  });

  it('when the rate limit outlasts the allowed waits, it fails with roster_rate_limited', async () => {
    fake.rateLimit = { limit: 1, windowMs: 60_000 };
    const error = await failure(source({ options: { maxRetryWaitMs: 1_000 } }).read({}));
    expect(error.code).toBe('roster_rate_limited');
  });

  it('when the connection is tested, it names the district; with a wrong secret it fails', async () => {
    await expect(source().testConnection()).resolves.toEqual({ description: 'Clever: Clever Sandbox District (sample) (API v3.1)', warnings: [] });
    expect((await failure(source({ clientSecret: 'nope' }).testConnection())).code).toBe('roster_auth_failed');
  });
});
