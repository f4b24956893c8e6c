import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { buildClass, buildSchool, buildUser } from '../../test/factories.js';
import { NEW_PASSWORD, resetLimits } from './test-factories.js';

// No account enumeration: for an account that exists and one that does not, sign-in, sign-up
// and forgot password answer with the same status and body. That they take the same time is
// measured by `npm run bench` (its enumeration table; docs/decisions/0586), not asserted here.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Call = (i: number) => Promise<{ status: number; json: unknown }>;

/** Calls each side three times, alternating which goes first, and compares every pair's answers. */
async function sameAnswers(existing: Call, unknown: Call) {
  for (let i = 0; i < 3; i++) {
    await resetLimits(t.app);
    const [ex, un] = i % 2 === 0 ? [await existing(i), await unknown(i)] : (([u, e]) => [e, u])([await unknown(i), await existing(i)]);
    expect(un!.status).toBe(ex!.status);
    expect(un!.json).toEqual(ex!.json);
  }
}

describe('no account enumeration', () => {
  it('sign-in: a wrong password and an unknown account answer the same', async () => {
    const school = await buildSchool(t.app);
    const users = await Promise.all(Array.from({ length: 3 }, () => buildUser(t.app, { schoolId: school.id })));
    await sameAnswers(
      (i) => t.call('POST', '/v1/auth/sign-in', { body: { login: users[i]!.email, password: 'Wrong-pass1!' } }),
      (i) => t.call('POST', '/v1/auth/sign-in', { body: { login: `ghost${i}@example.test`, password: 'Wrong-pass1!' } }),
    );
  });

  it('sign-up: a taken e-mail and a new one answer the same', async () => {
    const school = await buildSchool(t.app);
    const owner = await buildUser(t.app, { schoolId: school.id });
    const cls = await buildClass(t.app, { schoolId: school.id, ownerId: owner.id });
    const taken = await buildUser(t.app, { schoolId: school.id, role: 'student' });
    const body = (emailOrUsername: string) => ({
      role: 'student',
      firstName: 'Leo',
      lastName: 'Ruiz',
      emailOrUsername,
      password: NEW_PASSWORD,
      language: 'en',
      classCode: cls.joiningCode,
      acceptedTerms: true,
    });
    await sameAnswers(
      () => t.call('POST', '/v1/auth/sign-up', { body: body(taken.email!) }),
      (i) => t.call('POST', '/v1/auth/sign-up', { body: body(`new-student-${i}@example.test`) }),
    );
  });

  it('forgot password: a known and an unknown address answer the same', async () => {
    const user = await buildUser(t.app);
    await sameAnswers(
      () => t.call('POST', '/v1/auth/forgot-password', { body: { email: user.email } }),
      (i) => t.call('POST', '/v1/auth/forgot-password', { body: { email: `ghost${i}@example.test` } }),
    );
  });
});
