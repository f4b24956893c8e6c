import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, linkParent, sessionFor } from '../../../test/factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';
import { auditOf } from './test-helpers.js';

let t: TestApp;
let w: ClassroomWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
  expect((await t.call('PATCH', '/v1/admin/alerts/settings', { cookie: w.cookies.admin, body: { requireMoodConsent: true } })).status).toBe(200);
});
afterAll(() => t.close());

const db = () => t.app.services.db;
const checkIn = (cookie: string) => t.call('POST', '/v1/moods', { cookie, body: { mood: 'smile' } });
const setConsent = (cookie: string, studentId: string, status: 'given' | 'refused') =>
  t.call('PUT', `/v1/family/mood-consents/${studentId}`, { cookie, body: { status } });
const consents = (cookie: string) => t.call('GET', '/v1/admin/mood-consents', { cookie });
const confirm = (cookie: string | undefined, parentId: string, studentId: string) =>
  t.call('POST', `/v1/admin/family-links/${parentId}/${studentId}/confirm`, { ...(cookie ? { cookie } : {}), body: {} });

/** A new student who invites a second address of their own as "parent" and signs in as that parent. */
async function selfInvitedParent() {
  const student = await buildUser(t.app, { schoolId: w.school.id, role: 'student', firstName: 'Sly', lastName: 'Kid' });
  const studentCookie = await sessionFor(t.app, student.id);
  const email = `sly-${student.id.slice(0, 8)}@example.test`;
  const invited = await t.call('POST', '/v1/family/parents', { cookie: studentCookie, body: { email, firstName: 'Mom', lastName: 'Kid' } });
  expect(invited.json.ResponseData).toEqual({ status: 'invited' });
  await t.app.services.jobs.runDue();
  const mail = await db().selectFrom('devOutbox').select('bodyText').where('recipient', '=', email).executeTakeFirstOrThrow();
  const password = /[A-HJKMNP-Za-kmnp-z2-9]{4}(-[A-HJKMNP-Za-kmnp-z2-9]{4}){2}/.exec(mail.bodyText)![0];
  // The student, holding the second mailbox, signs in as the parent and sets a password.
  const signIn = await t.call('POST', '/v1/auth/sign-in', { body: { login: email, password } });
  expect(signIn.json.ResponseData).toEqual({ status: 'new_password_required' });
  const cookie = String(signIn.headers['set-cookie']).match(/high5_session=[^;]+/)![0];
  expect((await t.call('POST', '/v1/auth/new-password', { cookie, body: { newPassword: 'Violet-Harbor-42!' } })).status).toBe(200);
  const parent = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { student, studentCookie, parentId: parent.id, cookie };
}

describe('forged parental consent', () => {
  it('a self-invited "parent" sees the consent but cannot give it; the student still may not check in', async () => {
    const s = await selfInvitedParent();
    const list = await t.call('GET', '/v1/family/mood-consents', { cookie: s.cookie });
    expect(list.json.ResponseData).toEqual([
      { studentId: s.student.id, studentName: 'Sly Kid', required: true, status: 'pending', changedAt: null, changedBy: null, confirmed: false },
    ]);
    const refused = await setConsent(s.cookie, s.student.id, 'given');
    expect(refused.status).toBe(403);
    expect(refused.json.ErrorCode).toBe('MOOD_CONSENT_PARENT_UNCONFIRMED');
    expect(await db().selectFrom('moodConsents').select('status').where('studentId', '=', s.student.id).executeTakeFirst()).toBeUndefined();
    expect((await checkIn(s.studentCookie)).json.ErrorCode).toBe('MOOD_CONSENT_REQUIRED');
    expect((await t.call('GET', '/v1/moods/settings', { cookie: s.studentCookie })).json.ResponseData.checkInAllowed).toBe(false);
  });

  it('an answer recorded by an unconfirmed parent (before this rule) does not count, and the admin sees who gave it', async () => {
    const s = await selfInvitedParent();
    await db().insertInto('moodConsents').values({ studentId: s.student.id, status: 'given', changedBy: s.parentId, changedAt: t.clock.now() }).execute();
    expect((await checkIn(s.studentCookie)).status).toBe(403);
    const list = await consents(w.cookies.admin);
    expect(list.status).toBe(200);
    const row = list.json.ResponseData.find((r: { studentId: string }) => r.studentId === s.student.id);
    expect(row).toMatchObject({ studentName: 'Sly Kid', status: 'given', changedById: s.parentId, changedByName: 'Mom Kid', counts: false });
    expect(row.changedByEmail).toMatch(/^sly-/);
  });

  it('once an admin confirms the link, the parent answers and the answer counts; removing the link makes it not count', async () => {
    const s = await selfInvitedParent();
    const before = await t.call('GET', '/v1/admin/family-links', { cookie: w.cookies.admin });
    expect(before.json.ResponseData.find((l: { parentId: string }) => l.parentId === s.parentId)).toMatchObject({
      status: 'linked',
      confirmedAt: null,
      confirmedBy: null,
    });
    const confirmed = await confirm(w.cookies.admin, s.parentId, s.student.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.ResponseData.find((l: { parentId: string }) => l.parentId === s.parentId)).toMatchObject({
      confirmedAt: t.clock.now().toISOString(),
      confirmedBy: 'Ada Admin',
    });
    expect((await auditOf(t.app, 'family.confirm')).some((a) => a.targetId === s.parentId)).toBe(true);
    // Confirming again changes nothing.
    expect((await confirm(w.cookies.admin, s.parentId, s.student.id)).status).toBe(200);

    const given = await setConsent(s.cookie, s.student.id, 'given');
    expect(given.status).toBe(200);
    expect(given.json.ResponseData).toMatchObject({ status: 'given', changedBy: 'Mom Kid', confirmed: true });
    expect((await checkIn(s.studentCookie)).status).toBe(200);
    const row = (await consents(w.cookies.admin)).json.ResponseData.find((r: { studentId: string }) => r.studentId === s.student.id);
    expect(row).toMatchObject({ status: 'given', changedByName: 'Mom Kid', counts: true });

    await t.call('DELETE', `/v1/admin/family-links/${s.parentId}/${s.student.id}`, { cookie: w.cookies.admin, body: {} });
    expect((await checkIn(s.studentCookie)).status).toBe(403);
    expect((await consents(w.cookies.admin)).json.ResponseData.find((r: { studentId: string }) => r.studentId === s.student.id)).toMatchObject({
      counts: false,
    });
  });

  it("a parent linked by the school answers at once (the classroom world's parent)", async () => {
    expect((await setConsent(await sessionFor(t.app, w.parent.id), w.student.id, 'given')).status).toBe(200);
    expect((await checkIn(w.cookies.student)).status).toBe(200);
  });
});

describe('POST /v1/admin/family-links/:parentId/:studentId/confirm', () => {
  it("401 signed out; 403 for a teacher, the parent and the student; 404 for another school's link, a request or no link; 400 for a bad id", async () => {
    const parent = await buildUser(t.app, { schoolId: w.school.id, role: 'parent' });
    await linkParent(t.app, parent.id, w.student2.id, { confirmed: false });
    expect((await confirm(undefined, parent.id, w.student2.id)).status).toBe(401);
    for (const cookie of [w.cookies.teacher, await sessionFor(t.app, parent.id), w.cookies.student2]) {
      expect((await confirm(cookie, parent.id, w.student2.id)).status).toBe(403);
    }
    const otherParent = await buildUser(t.app, { schoolId: w.other.id, role: 'parent' });
    await linkParent(t.app, otherParent.id, w.otherStudent.id, { confirmed: false });
    expect((await confirm(w.cookies.admin, otherParent.id, w.otherStudent.id)).status).toBe(404);
    const asked = await buildUser(t.app, { schoolId: (await buildSchool(t.app)).id, role: 'teacher' });
    await db().insertInto('parentLinkRequests').values({ schoolId: w.school.id, parentId: asked.id, studentId: w.student2.id }).execute();
    expect((await confirm(w.cookies.admin, asked.id, w.student2.id)).status).toBe(404);
    expect((await confirm(w.cookies.admin, parent.id, w.student.id)).status).toBe(404);
    expect((await confirm(w.cookies.admin, parent.id, 'not-a-uuid')).status).toBe(400);
    const unconfirmed = await db().selectFrom('parentLinks').select('confirmedAt').where('parentId', 'in', [parent.id, otherParent.id]).execute();
    expect(unconfirmed.map((r) => r.confirmedAt)).toEqual([null, null]);
  });
});

describe('GET /v1/admin/mood-consents', () => {
  it("401 signed out, 403 for a teacher or a parent; never another school's students", async () => {
    expect((await t.call('GET', '/v1/admin/mood-consents')).status).toBe(401);
    expect((await consents(w.cookies.teacher)).status).toBe(403);
    expect((await consents(await sessionFor(t.app, w.parent.id))).status).toBe(403);
    const otherParent = await buildUser(t.app, { schoolId: w.other.id, role: 'parent' });
    await linkParent(t.app, otherParent.id, w.otherStudent.id);
    expect((await setConsent(await sessionFor(t.app, otherParent.id), w.otherStudent.id, 'refused')).status).toBe(200);
    const ids = (await consents(w.cookies.admin)).json.ResponseData.map((r: { studentId: string }) => r.studentId);
    expect(ids).not.toContain(w.otherStudent.id);
    expect((await consents(w.cookies.otherAdmin)).json.ResponseData).toEqual([
      expect.objectContaining({ studentId: w.otherStudent.id, status: 'refused', counts: true }),
    ]);
  });
});
