import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { buildClass, buildSchool, buildUser } from '../../test/factories.js';
import { NEW_PASSWORD, resetLimits } from './test-factories.js';

// No account enumeration: for an account that exists and one that does not, sign-in, sign-up
// and forgot password answer with the same status and body, in about the same time.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const TRIES = 100;
/** Up to three rounds of 200 argon2 checks on a shared two-core machine. */
const TIMEOUT = 240_000;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};

const ROUNDS = 3;
type Call = (i: number) => Promise<{ status: number; json: unknown }>;

/**
 * Calls `existing(i)` and `unknown(i)` alternately, each first in turn (so machine noise falls
 * on both alike), checks each pair answers identically, and compares the medians. Other test
 * files share the machine's two cores, so a round spoiled by their load is run again (at most
 * three rounds): a real difference fails every round, noise rarely does.
 */
async function compare(existing: Call, unknown: Call, between: () => Promise<void> | void) {
  let i = 0;
  const rounds: { existing: number; unknown: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const times = { existing: [] as number[], unknown: [] as number[] };
    for (let k = -3; k < TRIES; k++, i++) {
      const timed = async (call: () => Promise<{ status: number; json: unknown }>) => {
        await between();
        // Let the previous request finish its work after the answer and commit.
        await new Promise((resolve) => setTimeout(resolve, 5));
        await sql`select 1`.execute(t.app.services.db);
        const start = performance.now();
        const res = await call();
        return { res, ms: performance.now() - start };
      };
      const n = i;
      let ex, un;
      if (k % 2 === 0) {
        ex = await timed(() => existing(n));
        un = await timed(() => unknown(n));
      } else {
        un = await timed(() => unknown(n));
        ex = await timed(() => existing(n));
      }
      expect(un.res.status).toBe(ex.res.status);
      expect(un.res.json).toEqual(ex.res.json);
      if (k >= 0) {
        times.existing.push(ex.ms);
        times.unknown.push(un.ms);
      }
    }
    const result = { existing: median(times.existing), unknown: median(times.unknown) };
    rounds.push(result);
    console.info(`medians over ${TRIES} tries: existing ${result.existing.toFixed(2)} ms, unknown ${result.unknown.toFixed(2)} ms`);
    if (Math.abs(result.existing - result.unknown) / Math.min(result.existing, result.unknown) <= 0.1) return result;
  }
  expect.fail(`medians differ by more than 10% in every round: ${JSON.stringify(rounds)}`);
}

describe('no account enumeration', () => {
  it('sign-in: a wrong password and an unknown account look the same, in the same time', async () => {
    // A fresh account and a fresh unknown login each time: every try is a first failure.
    const school = await buildSchool(t.app);
    const users = await Promise.all(Array.from({ length: ROUNDS * (TRIES + 3) }, () => buildUser(t.app, { schoolId: school.id })));
    await compare(
      (i) => t.call('POST', '/v1/auth/sign-in', { body: { login: users[i]!.email, password: 'Wrong-pass1!' } }),
      (i) => t.call('POST', '/v1/auth/sign-in', { body: { login: `ghost${i}@example.test`, password: 'Wrong-pass1!' } }),
      () => resetLimits(t.app),
    );
  }, TIMEOUT);

  it('sign-up: a taken e-mail and a new one look the same, in the same time', async () => {
    const school = await buildSchool(t.app);
    const owner = await buildUser(t.app, { schoolId: school.id });
    const cls = await buildClass(t.app, { schoolId: school.id, ownerId: owner.id });
    const taken = await buildUser(t.app, { schoolId: school.id, role: 'student' });
    const body = (emailOrUsername: string) => ({ role: 'student', firstName: 'Leo', lastName: 'Ruiz', emailOrUsername, password: NEW_PASSWORD, language: 'en', classCode: cls.joiningCode, acceptedTerms: true });
    await compare(
      () => t.call('POST', '/v1/auth/sign-up', { body: body(taken.email!) }),
      (i) => t.call('POST', '/v1/auth/sign-up', { body: body(`new-student-${i}@example.test`) }),
      () => resetLimits(t.app),
    );
  }, TIMEOUT);

  it('forgot password: a known and an unknown address look the same, in the same time', async () => {
    const user = await buildUser(t.app);
    await compare(
      () => t.call('POST', '/v1/auth/forgot-password', { body: { email: user.email } }),
      (i) => t.call('POST', '/v1/auth/forgot-password', { body: { email: `ghost${i}@example.test` } }),
      () => resetLimits(t.app),
    );
  }, TIMEOUT);
});
