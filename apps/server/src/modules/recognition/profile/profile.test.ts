import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const valid = {
  firstName: 'Ana',
  lastName: 'Lopez',
  dateOfBirth: '1990-04-02',
  pronoun: 'she/her',
  phone: '+1 (555) 123-4567',
  zipCode: '94110-1234',
  department: 'Science',
  bio: 'Hello there',
  gender: 'F',
};

describe('GET /v1/profile', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', '/v1/profile')).status).toBe(401);
  });

  it('when a teacher asks, it returns their fields and the read-only school and district', async () => {
    const school = await buildSchool(t.app, { name: 'Lincoln Elementary' });
    const teacher = await buildUser(t.app, { role: 'teacher', schoolId: school.id, firstName: 'Tina' });
    const res = await t.call('GET', '/v1/profile', { cookie: await sessionFor(t.app, teacher.id) });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toMatchObject({
      firstName: 'Tina',
      email: teacher.email,
      schoolName: 'Lincoln Elementary',
      role: 'teacher',
      canChangePhoto: true,
      canEditBio: true,
      photoUrl: null,
      today: '2026-10-15',
    });
    expect(res.json.ResponseData.districtName).toMatch(/^District /);
  });

  it('when a student asks, bio and photo changes are off', async () => {
    const student = await buildUser(t.app, { role: 'student' });
    const res = await t.call('GET', '/v1/profile', { cookie: await sessionFor(t.app, student.id) });
    expect(res.json.ResponseData).toMatchObject({ role: 'student', canChangePhoto: false, canEditBio: false, bio: null });
  });

  it('when the school is paid, the photo cannot change', async () => {
    const school = await buildSchool(t.app, { paid: true });
    const staff = await buildUser(t.app, { role: 'staff', schoolId: school.id });
    const res = await t.call('GET', '/v1/profile', { cookie: await sessionFor(t.app, staff.id) });
    expect(res.json.ResponseData).toMatchObject({ canChangePhoto: false, canEditBio: true });
  });

  it('when a super admin asks, it answers 403 (no profile)', async () => {
    const admin = await buildUser(t.app, { isSuperAdmin: true });
    expect((await t.call('GET', '/v1/profile', { cookie: await sessionFor(t.app, admin.id) })).status).toBe(403);
  });
});

describe('PUT /v1/profile', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('PUT', '/v1/profile', { body: valid })).status).toBe(401);
  });

  it('when every field is valid, it saves them and returns the profile', async () => {
    const parent = await buildUser(t.app, { role: 'parent' });
    const cookie = await sessionFor(t.app, parent.id);
    const res = await t.call('PUT', '/v1/profile', { cookie, body: { ...valid, firstName: '  Ana  ' } });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toMatchObject({ ...valid, firstName: 'Ana' });
    const again = await t.call('GET', '/v1/profile', { cookie });
    expect(again.json.ResponseData).toMatchObject(valid);
  });

  it('when optional fields are blank, it stores them as empty', async () => {
    const staff = await buildUser(t.app, { role: 'staff' });
    const cookie = await sessionFor(t.app, staff.id);
    await t.call('PUT', '/v1/profile', { cookie, body: valid });
    const res = await t.call('PUT', '/v1/profile', {
      cookie,
      body: { firstName: 'Sam', lastName: 'Lee', dateOfBirth: null, pronoun: '', phone: '', zipCode: '', department: ' ', bio: '', gender: null },
    });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toMatchObject({ dateOfBirth: null, pronoun: null, phone: null, zipCode: null, department: null, bio: null, gender: null });
  });

  it.each([
    ['an empty first name', { firstName: '  ' }, 'body.firstName'],
    ['a 61-character last name', { lastName: 'x'.repeat(61) }, 'body.lastName'],
    ['a phone with letters', { phone: '555-CALL-NOW' }, 'body.phone'],
    ['a phone of 6 digits', { phone: '123456' }, 'body.phone'],
    ['a 21-character phone', { phone: '1'.repeat(21) }, 'body.phone'],
    ['a 4-digit ZIP', { zipCode: '1234' }, 'body.zipCode'],
    ['a ZIP with letters', { zipCode: 'AB123' }, 'body.zipCode'],
    ['a date that does not exist', { dateOfBirth: '2001-02-30' }, 'body.dateOfBirth'],
    ['a date before 1900', { dateOfBirth: '1899-12-31' }, 'body.dateOfBirth'],
    ['a date in another format', { dateOfBirth: '04/02/1990' }, 'body.dateOfBirth'],
    ['an unknown gender', { gender: 'X' }, 'body.gender'],
    ['a 1001-character bio', { bio: 'b'.repeat(1001) }, 'body.bio'],
    ['a 41-character pronoun', { pronoun: 'p'.repeat(41) }, 'body.pronoun'],
    ['a number as a name', { firstName: 12 }, 'body.firstName'],
  ])('when it gets %s, it answers 400 naming the field', async (_label, change, path) => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const res = await t.call('PUT', '/v1/profile', { cookie: await sessionFor(t.app, teacher.id), body: { ...valid, ...change } });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('VALIDATION_FAILED');
    expect(res.json.issues?.map((i) => i.path)).toContain(path);
  });

  it("when the date of birth is after the school's today, it answers 400; today itself is accepted", async () => {
    // 2026-10-15T16:00Z is still 2026-10-15 in Los Angeles but already the 16th in Auckland.
    const school = await buildSchool(t.app, { timeZone: 'Pacific/Auckland' });
    const teacher = await buildUser(t.app, { role: 'teacher', schoolId: school.id });
    const cookie = await sessionFor(t.app, teacher.id);
    const future = await t.call('PUT', '/v1/profile', { cookie, body: { ...valid, dateOfBirth: '2026-10-17' } });
    expect(future.status).toBe(400);
    expect(future.json.issues).toEqual([{ path: 'body.dateOfBirth', code: 'invalid_future_date' }]);
    expect((await t.call('PUT', '/v1/profile', { cookie, body: { ...valid, dateOfBirth: '2026-10-16' } })).status).toBe(200);
  });

  it('when a student sends a bio, it answers 403 BIO_NOT_ALLOWED and saves nothing', async () => {
    const student = await buildUser(t.app, { role: 'student', firstName: 'Kid' });
    const cookie = await sessionFor(t.app, student.id);
    const res = await t.call('PUT', '/v1/profile', { cookie, body: { ...valid, bio: 'I am a student' } });
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('BIO_NOT_ALLOWED');
    const row = await t.app.services.db.selectFrom('users').select(['firstName', 'bio']).where('id', '=', student.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ firstName: 'Kid', bio: null });
  });

  it('when a student saves without a bio, phone, ZIP code or department, it saves the other fields', async () => {
    const student = await buildUser(t.app, { role: 'student' });
    const { bio: _bio, phone: _phone, zipCode: _zip, department: _department, ...rest } = valid;
    const res = await t.call('PUT', '/v1/profile', { cookie: await sessionFor(t.app, student.id), body: { ...rest, phone: '', zipCode: null } });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toMatchObject({ firstName: 'Ana', phone: null, zipCode: null, department: null, bio: null, canEditContact: false });
  });

  it.each([
    ['a phone', { phone: '+1 (555) 123-4567' }],
    ['a ZIP code', { zipCode: '94110' }],
    ['a department', { department: 'Science' }],
  ])('when a student sends %s, it answers 403 CONTACT_NOT_ALLOWED and saves nothing', async (_name, field) => {
    const student = await buildUser(t.app, { role: 'student', firstName: 'Kid' });
    const cookie = await sessionFor(t.app, student.id);
    const res = await t.call('PUT', '/v1/profile', { cookie, body: { firstName: 'Changed', lastName: 'Name', ...field } });
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('CONTACT_NOT_ALLOWED');
    const row = await t.app.services.db
      .selectFrom('users')
      .select(['firstName', 'phone', 'zipCode', 'department'])
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ firstName: 'Kid', phone: null, zipCode: null, department: null });
    const profile = await t.call('GET', '/v1/profile', { cookie });
    expect(profile.json.ResponseData).toMatchObject({ canEditContact: false, phone: null });
  });

  it("when another user's id is sent along, it only ever changes the caller", async () => {
    const a = await buildUser(t.app, { role: 'teacher', firstName: 'Alice' });
    const b = await buildUser(t.app, { role: 'teacher', firstName: 'Bob' });
    const res = await t.call('PUT', '/v1/profile', { cookie: await sessionFor(t.app, a.id), body: { ...valid, id: b.id, userId: b.id } });
    expect(res.status).toBe(200);
    const bob = await t.app.services.db.selectFrom('users').select('firstName').where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(bob.firstName).toBe('Bob');
  });
});
