import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { buildSchool, buildUser, linkParent, sessionFor } from '../../test/factories.js';
import { builtinCategories, mailJobs, setSchool } from './give/test-factories.js';

/**
 * A teacher who signed up and was not yet approved read the parent directory
 * and could message every parent; with notification e-mails on, the subject carried the name
 * the attacker chose. Now a pending member sees nobody and gives nothing (decision 0151).
 */
let t: TestApp;
let pendingCookie: string;
let approvedCookie: string;
let parentId: string;
let studentId: string;
let schoolId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const school = await buildSchool(t.app);
  schoolId = school.id;
  await setSchool(t.app, school.id, { high5NotifyEmail: true });
  const pending = await buildUser(t.app, {
    schoolId: school.id,
    role: 'teacher',
    status: 'pending',
    firstName: 'URGENT: reset your password at evil.example',
    lastName: '!',
  });
  const approved = await buildUser(t.app, { schoolId: school.id, role: 'teacher', firstName: 'Tina', lastName: 'Teach' });
  const student = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Kid' });
  const parent = await buildUser(t.app, { schoolId: school.id, role: 'parent', firstName: 'Mama', email: 'mama@example.test' });
  await linkParent(t.app, parent.id, student.id);
  parentId = parent.id;
  studentId = student.id;
  pendingCookie = await sessionFor(t.app, pending.id, school.id);
  approvedCookie = await sessionFor(t.app, approved.id, school.id);
});
afterAll(() => t.close());

describe('a member waiting for approval', () => {
  it('sees no directory of anyone: parents, students, teachers, staff, avatars', async () => {
    for (const role of ['parent', 'student', 'teacher', 'staff']) {
      const res = await t.call('GET', `/v1/recognition/recipients?role=${role}`, { cookie: pendingCookie });
      expect(res.status, role).toBe(403);
      expect(res.json.ErrorCode).toBe('ACCOUNT_PENDING_APPROVAL');
      expect(JSON.stringify(res.json)).not.toContain('mama@example.test');
    }
    for (const url of [
      `/v1/avatars/${parentId}`,
      `/v1/avatars?userIds=${parentId}`,
      `/v1/my-students/${studentId}/high5s`,
      '/v1/roster/students',
      '/v1/classes',
      `/v1/student-details/${studentId}`,
    ]) {
      const res = await t.call('GET', url, { cookie: pendingCookie });
      expect(res.status, url).toBe(403);
      expect(res.json.ErrorCode, url).toBe('ACCOUNT_PENDING_APPROVAL');
    }
    // The same school's approved teacher does see the parents (the rule is approval, nothing else).
    const approved = await t.call('GET', '/v1/recognition/recipients?role=parent', { cookie: approvedCookie });
    expect(approved.status).toBe(200);
  });

  it('cannot give or message anyone until approved: 403, nothing stored, no e-mail', async () => {
    const [category] = await builtinCategories(t.app, 'high5');
    const before = (await mailJobs(t.app)).length;
    const res = await t.call('POST', '/v1/recognitions', {
      cookie: pendingCookie,
      body: { kind: 'high5', recipientId: parentId, categoryIds: [category!.id], comment: 'Click here' },
    });
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('ACCOUNT_PENDING_APPROVAL');
    const feedback = await t.call('POST', '/v1/high5-feedback', { cookie: pendingCookie, body: { high5Id: 1, comment: 'hi' } });
    expect(feedback.status).toBe(403);
    expect((await mailJobs(t.app)).length).toBe(before);
    const stored = await t.app.services.db.selectFrom('recognitions').select('id').where('schoolId', '=', schoolId).execute();
    expect(stored).toEqual([]);
  });

  it('reads no adult by id through the give options: unknown to them, no name, no e-mail', async () => {
    const approved = await buildUser(t.app, { schoolId, role: 'teacher', firstName: 'Secret', lastName: 'Adult', email: 'secret.adult@example.test' });
    for (const [id, role] of [
      [approved.id, 'teacher'],
      [parentId, 'parent'],
    ] as const) {
      for (const kind of ['high5', 'vibe']) {
        const res = await t.call('GET', `/v1/recognition/give-options?kind=${kind}&recipientId=${id}`, { cookie: pendingCookie });
        expect(res.status, `${role} ${kind}`).toBe(404);
        expect(res.json.ErrorCode).toBe('VIBES_SUBMITTED_NOT_PART_OF_HIGH5');
        expect(JSON.stringify(res.json)).not.toMatch(/Secret|secret\.adult|Mama|mama@/);
      }
    }
    // The same answer as for an id nobody has: nothing tells an account apart from no account.
    const unknown = await t.call('GET', '/v1/recognition/give-options?kind=high5&recipientId=00000000-0000-4000-8000-000000000000', { cookie: pendingCookie });
    expect(unknown.status).toBe(404);
    expect(unknown.json.ErrorCode).toBe('VIBES_SUBMITTED_NOT_PART_OF_HIGH5');
  });

  it('as a parent linked to no child of the school, reads no adult through the give options', async () => {
    const unlinked = await buildUser(t.app, { schoolId, role: 'parent', firstName: 'Lone' });
    const cookie = await sessionFor(t.app, unlinked.id, schoolId);
    const approved = await buildUser(t.app, { schoolId, role: 'teacher', firstName: 'Hidden', email: 'hidden.adult@example.test' });
    const res = await t.call('GET', `/v1/recognition/give-options?kind=high5&recipientId=${approved.id}`, { cookie });
    expect([403, 404]).toContain(res.status);
    expect(JSON.stringify(res.json)).not.toMatch(/Hidden|hidden\.adult/);
  });

  it('still reaches what is their own: session, profile, own moods and journal', async () => {
    for (const url of ['/v1/auth/me', '/v1/profile', '/v1/avatar', '/v1/moods/settings', '/v1/recognition/dashboard']) {
      const res = await t.call('GET', url, { cookie: pendingCookie });
      expect([200, 404], url).toContain(res.status);
      expect(res.json.ErrorCode, url).not.toBe('ACCOUNT_PENDING_APPROVAL');
    }
  });
});

describe('e-mail subjects', () => {
  it('hold no name or other text a user chose: no placeholder in any subject, in any language', () => {
    const root = fileURLToPath(new URL('../../../../../packages/i18n/src/', import.meta.url));
    const subjects: string[] = [];
    const walk = (node: unknown, key = '') => {
      if (typeof node === 'string') {
        if (key === 'subject') subjects.push(node);
      } else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, k);
    };
    for (const lang of ['en', 'es']) for (const file of readdirSync(root + lang)) walk(JSON.parse(readFileSync(`${root}${lang}/${file}`, 'utf8')));
    expect(subjects.length).toBeGreaterThan(10);
    expect(subjects.filter((s) => s.includes('{{'))).toEqual([]);
  });
});
