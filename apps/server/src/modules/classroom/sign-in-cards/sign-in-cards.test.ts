import { CARD_CODE_ALPHABET } from '@high5/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildUser, sessionFor } from '../../../test/factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';

let t: TestApp;
let w: ClassroomWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.services.rateLimits.reset();
  // A test moves the clock past the sessions' idle limit: everyone gets a fresh session.
  for (const name of ['teacher', 'substitute', 'admin', 'student', 'otherAdmin'] as const) w.cookies[name] = await sessionFor(t.app, w[name].id);
  w.cookies.otherTeacher = await sessionFor(t.app, w.otherTeacher.id);
});

/** The class-session cookie a response set, as a Cookie header part. */
function deviceCookieOf(headers: Record<string, unknown>) {
  const all = ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
  const found = all.find((c) => c.startsWith('high5_class_device='));
  return found ? found.split(';')[0]! : undefined;
}

/** The teacher opens `classId` on a fresh device: the device's cookie. */
async function openDevice(classId = w.cls.id, cookie = w.cookies.teacher, hours = 1) {
  const res = await t.call('POST', `/v1/classes/${classId}/device-sessions`, { cookie, body: { hours } });
  expect(res.status).toBe(200);
  return { device: deviceCookieOf(res.headers)!, id: res.json.ResponseData.id as string };
}

async function issue(classId = w.cls.id, studentIds?: string[], cookie = w.cookies.teacher) {
  const res = await t.call('POST', `/v1/classes/${classId}/sign-in-cards`, { cookie, body: studentIds ? { studentIds } : {} });
  expect(res.status).toBe(200);
  return res.json.ResponseData as { className: string; cards: { studentId: string; name: string; code: string; url: string; qrSvg: string }[] };
}

const cardSignIn = (device: string | undefined, code: string) =>
  t.call('POST', '/v1/auth/card-sign-in', { ...(device ? { cookie: device } : {}), body: { code } });

describe('class sign-in cards', () => {
  it('issuing: 401 signed out, 404 another school, 403 a student or a teacher of another class, 400 a student not in the class', async () => {
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/sign-in-cards`, { body: {} })).status).toBe(401);
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/sign-in-cards`, { cookie: w.cookies.otherAdmin, body: {} })).status).toBe(404);
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/sign-in-cards`, { cookie: w.cookies.student, body: {} })).status).toBe(403);
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/sign-in-cards`, { cookie: w.cookies.substitute, body: {} })).status).toBe(403);
    const bad = await t.call('POST', `/v1/classes/${w.cls.id}/sign-in-cards`, { cookie: w.cookies.teacher, body: { studentIds: [w.student2.id] } });
    expect([bad.status, bad.json.ErrorCode]).toEqual([400, 'STUDENT_NOT_ENROLLED']);
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/sign-in-cards`, { cookie: w.cookies.teacher, body: { studentIds: ['nope'] } })).status).toBe(400);
  });

  it('prints a card per student: a typeable code, a QR code of this site in SVG, only a hash stored, audited', async () => {
    const { className, cards } = await issue();
    expect(className).toBe('Math 5');
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    expect(card.name).toBe('Amy Student');
    expect(card.code).toMatch(new RegExp(`^[${CARD_CODE_ALPHABET}]{4}-[${CARD_CODE_ALPHABET}]{4}$`));
    expect(card.url).toBe(`${t.app.services.config.publicUrl}/card#${card.code.replace('-', '')}`);
    expect(card.qrSvg.startsWith('<svg')).toBe(true);
    const stored = await t.app.services.db.selectFrom('classSignInCards').selectAll().where('studentId', '=', w.student.id).executeTakeFirstOrThrow();
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(card.code.replace('-', ''));
    const audits = await t.app.services.db.selectFrom('auditLog').select(['action', 'details']).where('action', '=', 'class.signInCards').execute();
    expect(audits.length).toBeGreaterThan(0);
  });

  it('a card signs its student in on a device the class is open on (typed with spaces and small letters too); the session is a student session bound to the class session', async () => {
    const { device } = await openDevice();
    const status = await t.call('GET', '/v1/auth/class-device', { cookie: device });
    expect(status.json.ResponseData).toMatchObject({ open: true, className: 'Math 5' });
    const { cards } = await issue();
    const typed = ` ${cards[0]!.code.toLowerCase().replace('-', ' ')} `;
    const res = await cardSignIn(device, typed);
    expect(res.status).toBe(200);
    expect(res.json.ResponseData.status).toBe('signed_in');
    expect(res.json.ResponseData.me).toMatchObject({ id: w.student.id, role: 'student' });
    const me = await t.call('GET', '/v1/auth/me', { cookie: res.cookie! });
    expect(me.json.ResponseData.id).toBe(w.student.id);
    const session = await t.app.services.db
      .selectFrom('sessions')
      .selectAll()
      .where('userId', '=', w.student.id)
      .where('classDeviceSessionId', 'is not', null)
      .executeTakeFirstOrThrow();
    const deviceRow = await t.app.services.db
      .selectFrom('classDeviceSessions')
      .selectAll()
      .where('id', '=', session.classDeviceSessionId!)
      .executeTakeFirstOrThrow();
    expect(session.expiresAt.getTime()).toBe(deviceRow.expiresAt.getTime());
  });

  it('a new card voids the old one', async () => {
    const { device } = await openDevice();
    const old = (await issue(w.cls.id, [w.student.id])).cards[0]!;
    const fresh = (await issue(w.cls.id, [w.student.id])).cards[0]!;
    expect(fresh.code).not.toBe(old.code);
    const res = await cardSignIn(device, old.code);
    expect([res.status, res.json.ErrorCode]).toEqual([401, 'CARD_INVALID']);
    expect((await cardSignIn(device, fresh.code)).status).toBe(200);
  });

  it("one student's new card voids only that student's old card, audited with the student; a teacher of another class, a substitute or a student is refused", async () => {
    const kid = await buildUser(t.app, { schoolId: w.school.id, role: 'student', firstName: 'Lia' });
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id, name: 'Music', studentIds: [w.student.id, kid.id] });
    const { device } = await openDevice(cls.id);
    const before = (await issue(cls.id)).cards;
    const amyOld = before.find((c) => c.studentId === w.student.id)!;
    const liaOld = before.find((c) => c.studentId === kid.id)!;
    // A teacher of the school who does not teach the class, a student, another school's admin.
    const refused = [
      [w.cookies.substitute, 403],
      [w.cookies.student, 403],
      [w.cookies.otherAdmin, 404],
    ] as const;
    for (const [cookie, status] of refused) {
      expect((await t.call('POST', `/v1/classes/${cls.id}/sign-in-cards`, { cookie, body: { studentIds: [w.student.id] } })).status).toBe(status);
    }
    // Another class's student cannot be given a card of this class.
    const notHere = await t.call('POST', `/v1/classes/${cls.id}/sign-in-cards`, { cookie: w.cookies.teacher, body: { studentIds: [w.student2.id] } });
    expect([notHere.status, notHere.json.ErrorCode]).toEqual([400, 'STUDENT_NOT_ENROLLED']);
    // The refused calls changed nothing: both old cards still work.
    expect((await cardSignIn(device, amyOld.code)).status).toBe(200);
    const fresh = (await issue(cls.id, [w.student.id])).cards;
    expect(fresh.map((c) => c.studentId)).toEqual([w.student.id]);
    const old = await cardSignIn(device, amyOld.code);
    expect([old.status, old.json.ErrorCode]).toEqual([401, 'CARD_INVALID']);
    expect((await cardSignIn(device, fresh[0]!.code)).json.ResponseData.me.id).toBe(w.student.id);
    expect((await cardSignIn(device, liaOld.code)).json.ResponseData.me.id).toBe(kid.id);
    const audits = await t.app.services.db
      .selectFrom('auditLog')
      .select(['details'])
      .where('action', '=', 'class.signInCards')
      .where('targetId', '=', cls.id)
      .execute();
    const details = audits.map((a) => (typeof a.details === 'string' ? JSON.parse(a.details) : a.details) as { studentIds?: string[] });
    expect(details.filter((d) => d.studentIds?.[0] === w.student.id)).toHaveLength(1);
  });

  it('no class session on the device, another class open, an expired class session: the card does nothing', async () => {
    const card = (await issue()).cards[0]!;
    const none = await cardSignIn(undefined, card.code);
    expect([none.status, none.json.ErrorCode]).toEqual([403, 'CLASS_DEVICE_CLOSED']);
    // A device open for another class of the same teacher (the wrong device).
    const art = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id, name: 'Art', studentIds: [w.student2.id] });
    const other = await openDevice(art.id);
    const wrong = await cardSignIn(other.device, card.code);
    expect([wrong.status, wrong.json.ErrorCode]).toEqual([401, 'CARD_INVALID']);
    // A class session past its hours.
    const { device } = await openDevice(w.cls.id, w.cookies.teacher, 1);
    t.clock.advance(3_600_001);
    const expired = await cardSignIn(device, card.code);
    expect([expired.status, expired.json.ErrorCode]).toEqual([403, 'CLASS_DEVICE_CLOSED']);
    expect((await t.call('GET', '/v1/auth/class-device', { cookie: device })).json.ResponseData.open).toBe(false);
  });

  it("closing the class session stops its cards and signs out the students it signed in; only the class's teachers and admins close it", async () => {
    const { device, id } = await openDevice();
    const card = (await issue()).cards[0]!;
    const signedIn = await cardSignIn(device, card.code);
    expect(signedIn.status).toBe(200);
    const list = await t.call('GET', `/v1/classes/${w.cls.id}/device-sessions`, { cookie: `${w.cookies.teacher}; ${device}` });
    expect(list.json.ResponseData.find((d: { id: string }) => d.id === id)).toMatchObject({ openedBy: 'Tina Teacher', thisDevice: true });
    expect((await t.call('DELETE', `/v1/classes/${w.cls.id}/device-sessions/${id}`)).status).toBe(401);
    expect((await t.call('DELETE', `/v1/classes/${w.cls.id}/device-sessions/${id}`, { cookie: w.cookies.otherAdmin })).status).toBe(404);
    expect((await t.call('DELETE', `/v1/classes/${w.cls.id}/device-sessions/${id}`, { cookie: w.cookies.student })).status).toBe(403);
    expect((await t.call('DELETE', `/v1/classes/${w.cls.id}/device-sessions/${id}`, { cookie: w.cookies.admin })).status).toBe(200);
    expect((await t.call('GET', '/v1/auth/me', { cookie: signedIn.cookie! })).status).toBe(401);
    const after = await cardSignIn(device, card.code);
    expect([after.status, after.json.ErrorCode]).toEqual([403, 'CLASS_DEVICE_CLOSED']);
    expect((await t.call('DELETE', `/v1/classes/${w.cls.id}/device-sessions/${id}`, { cookie: w.cookies.teacher })).status).toBe(404);
  });

  it('opening: 400 for hours not offered, 401 signed out, 404 another school, 403 a student', async () => {
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/device-sessions`, { cookie: w.cookies.teacher, body: { hours: 24 } })).status).toBe(400);
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/device-sessions`, { body: { hours: 1 } })).status).toBe(401);
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/device-sessions`, { cookie: w.cookies.otherTeacher, body: { hours: 1 } })).status).toBe(404);
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/device-sessions`, { cookie: w.cookies.student, body: { hours: 1 } })).status).toBe(403);
    expect((await t.call('GET', `/v1/classes/${w.cls.id}/device-sessions`, { cookie: w.cookies.otherAdmin })).status).toBe(404);
  });

  it("another school's class: its teacher cannot print this class's cards, and this class's card does nothing on its device", async () => {
    const card = (await issue()).cards[0]!;
    const other = await openDevice(w.otherClass.id, w.cookies.otherTeacher);
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/sign-in-cards`, { cookie: w.cookies.otherTeacher, body: {} })).status).toBe(404);
    const res = await cardSignIn(other.device, card.code);
    expect([res.status, res.json.ErrorCode]).toEqual([401, 'CARD_INVALID']);
  });

  it('a deactivated student or one who left the class cannot use their card', async () => {
    const kid = await buildUser(t.app, { schoolId: w.school.id, role: 'student', firstName: 'Kai' });
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id, name: 'Gym', studentIds: [kid.id] });
    const { device } = await openDevice(cls.id);
    const card = (await issue(cls.id)).cards[0]!;
    await t.app.services.db.updateTable('schoolMemberships').set({ status: 'inactive' }).where('userId', '=', kid.id).execute();
    expect((await cardSignIn(device, card.code)).json.ErrorCode).toBe('ACCOUNT_INACTIVE');
    await t.app.services.db.updateTable('schoolMemberships').set({ status: 'active' }).where('userId', '=', kid.id).execute();
    await t.app.services.db.deleteFrom('enrolments').where('studentId', '=', kid.id).where('classId', '=', cls.id).execute();
    expect((await cardSignIn(device, card.code)).json.ErrorCode).toBe('CARD_INVALID');
  });

  it('wrong codes are limited per device: after 20 the device waits (429), even for a right code; another device is not held', async () => {
    const { device } = await openDevice();
    const card = (await issue()).cards[0]!;
    for (let i = 0; i < 20; i++) expect((await cardSignIn(device, 'AAAA-AAAA')).json.ErrorCode).toBe('CARD_INVALID');
    const held = await cardSignIn(device, card.code);
    expect([held.status, held.json.ErrorCode]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    const second = await openDevice();
    expect((await cardSignIn(second.device, card.code)).status).toBe(200);
    expect((await t.call('POST', '/v1/auth/card-sign-in', { cookie: device, body: { code: '' } })).status).toBe(400);
  });
});
