import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { resetLimits } from '../../apps/server/src/modules/auth/test-factories.js';
import { buildClass, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';

/**
 * Enumeration by timing (docs/decisions/0586): for an account that exists and one that does not,
 * sign-in, sign-up and forgot password must take about the same time. Each pair is called
 * alternately, each first in turn (so machine noise falls on both alike), one request at a time.
 * The answers' sameness is the API test's (modules/auth/enumeration.test.ts); this measures the time.
 */
type Call = (i: number) => Promise<number>;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};

export interface EnumerationRow {
  name: string;
  existing: number;
  unknown: number;
}

async function compare(app: FastifyInstance, name: string, tries: number, existing: Call, unknown: Call): Promise<EnumerationRow> {
  const times = { existing: [] as number[], unknown: [] as number[] };
  for (let k = -3; k < tries; k++) {
    const i = k + 3;
    const timed = async (call: Call) => {
      await resetLimits(app);
      // Let the previous request finish its work after the answer and commit.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await sql`select 1`.execute(app.services.db);
      const start = performance.now();
      await call(i);
      return performance.now() - start;
    };
    const [ex, un] = k % 2 === 0 ? [await timed(existing), await timed(unknown)] : (([u, e]) => [e, u])([await timed(unknown), await timed(existing)]);
    if (k >= 0) {
      times.existing.push(ex!);
      times.unknown.push(un!);
    }
  }
  return { name, existing: median(times.existing), unknown: median(times.unknown) };
}

/** Medians of `tries` calls of each of the three doors, existing against unknown. */
export async function measureEnumeration(app: FastifyInstance, tries: number): Promise<EnumerationRow[]> {
  const post = async (url: string, body: unknown) => (await app.inject({ method: 'POST', url, payload: body as object })).statusCode;
  const school = await buildSchool(app);
  // A fresh account and a fresh unknown login each time: every try is a first failure.
  const users = await Promise.all(Array.from({ length: tries + 3 }, () => buildUser(app, { schoolId: school.id })));
  const owner = await buildUser(app, { schoolId: school.id });
  const cls = await buildClass(app, { schoolId: school.id, ownerId: owner.id });
  const taken = await buildUser(app, { schoolId: school.id, role: 'student' });
  const signUp = (emailOrUsername: string) => ({
    role: 'student',
    firstName: 'Leo',
    lastName: 'Ruiz',
    emailOrUsername,
    password: 'Violet-Harbor-42!',
    language: 'en',
    classCode: cls.joiningCode,
    acceptedTerms: true,
  });
  try {
    return [
      await compare(
        app,
        'sign-in, wrong password',
        tries,
        (i) => post('/v1/auth/sign-in', { login: users[i]!.email, password: 'Wrong-pass1!' }),
        (i) => post('/v1/auth/sign-in', { login: `ghost${i}@bench.high5.test`, password: 'Wrong-pass1!' }),
      ),
      await compare(
        app,
        'sign-up, taken e-mail',
        tries,
        () => post('/v1/auth/sign-up', signUp(taken.email!)),
        (i) => post('/v1/auth/sign-up', signUp(`new-student-${i}-${Date.now()}@bench.high5.test`)),
      ),
      await compare(
        app,
        'forgot password',
        tries,
        () => post('/v1/auth/forgot-password', { email: users[0]!.email }),
        (i) => post('/v1/auth/forgot-password', { email: `ghost${i}@bench.high5.test` }),
      ),
    ];
  } finally {
    await resetLimits(app);
  }
}

export function enumerationTable(rows: EnumerationRow[], tries: number) {
  const lines = rows.map((r) => {
    const diff = (Math.abs(r.existing - r.unknown) / Math.min(r.existing, r.unknown)) * 100;
    return `${r.name.padEnd(26)}  ${r.existing.toFixed(1).padStart(9)}  ${r.unknown.toFixed(1).padStart(9)}  ${`${diff.toFixed(1)} %`.padStart(7)}${diff > 10 ? '  !! over 10 %' : ''}`;
  });
  return [
    `enumeration by timing (medians of ${tries} alternating tries, ms; goal: within 10 %)`,
    `${'door'.padEnd(26)}  ${'existing'.padStart(9)}  ${'unknown'.padStart(9)}  ${'diff'.padStart(7)}`,
    ...lines,
  ].join('\n');
}
