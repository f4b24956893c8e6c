import { hasControlCharacters } from '@high5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PASSWORD } from '../modules/auth/test-factories.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../test/factories.js';

/**
 * A NUL in any string gave 500 on 24 operations, anonymous sign-in and sign-up
 * included (PostgreSQL refuses NUL in text: 22021). Now the contract refuses control characters
 * with a translated 400 (docs/decisions/0153): one-line text refuses tabs and line breaks too,
 * multi-line text (journal, comments, notes) keeps them.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  const school = await buildSchool(t.app);
  const student = await buildUser(t.app, { schoolId: school.id, role: 'student' });
  cookie = await sessionFor(t.app, student.id, school.id);
});
afterAll(() => t.close());

describe('control characters', () => {
  it('anonymous sign-in and sign-up with NUL are 400 with the field named, not 500', async () => {
    const signIn = await t.call('POST', '/v1/auth/sign-in', { body: { login: 'a\u0000b@example.test', password: 'x\u0000y' } });
    expect(signIn.status).toBe(400);
    expect(signIn.json.ErrorCode).toBe('VALIDATION_FAILED');
    expect(signIn.json.issues).toEqual([{ path: 'body.login', code: 'control_characters' }]);

    const school = await buildSchool(t.app);
    const signUp = await t.call('POST', '/v1/auth/sign-up', {
      body: {
        role: 'teacher',
        schoolId: school.id,
        firstName: 'Ada\u0000',
        lastName: 'Lovelace',
        email: 'ada@example.test',
        password: NEW_PASSWORD,
        language: 'en',
        acceptedTerms: true,
      },
    });
    expect(signUp.status).toBe(400);
    expect(signUp.json.issues).toContainEqual({ path: 'body.firstName', code: 'control_characters' });
  });

  it('a NUL in a path parameter, a query value or an object key is 400', async () => {
    expect((await t.call('GET', '/v1/districts/a%00b/schools')).status).toBe(400);
    const query = await t.call('GET', '/v1/journal?dateRange=2026-10-01_2026-10-15%00', { cookie });
    expect(query.status).toBe(400);
    const key = await t.call('POST', '/v1/journal', { cookie, body: { heading: 'Hi', description: 'Fine', ['\u0000']: 1 } });
    expect(key.status).toBe(400);
  });

  it('multi-line text keeps tabs and line breaks; one-line text refuses them; other controls are refused everywhere', async () => {
    const ok = await t.call('POST', '/v1/journal', { cookie, body: { heading: 'Monday', description: 'First line\n\tsecond line\r\nthird' } });
    expect(ok.status).toBe(200);
    expect(ok.json.ResponseData.description).toBe('First line\n\tsecond line\r\nthird');

    const heading = await t.call('POST', '/v1/journal', { cookie, body: { heading: 'Mon\nday', description: 'x' } });
    expect(heading.status).toBe(400);
    expect(heading.json.issues).toEqual([{ path: 'body.heading', code: 'control_characters' }]);

    for (const bad of ['\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085']) {
      const res = await t.call('POST', '/v1/journal', { cookie, body: { heading: 'Monday', description: `a${bad}b` } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.issues, JSON.stringify(bad)).toEqual([{ path: 'body.description', code: 'control_characters' }]);
    }
    const count = await t.app.services.db
      .selectFrom('journalEntries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('the contract tells one-line from multi-line text', () => {
    expect(hasControlCharacters('a\tb')).toBe(true);
    expect(hasControlCharacters('a\tb\nc', { multiline: true })).toBe(false);
    expect(hasControlCharacters('a\u2028b')).toBe(true);
    expect(hasControlCharacters('Pérez ñ 日本 😀')).toBe(false);
  });
});
