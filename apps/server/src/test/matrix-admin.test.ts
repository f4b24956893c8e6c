import { randomBytes } from 'node:crypto';
import { adminEndpoints, superEditEndpoints } from '@high5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildDistrict, buildSchool, buildUser, linkParent, sessionFor } from './factories.js';
import { buildWorld, homeOf, isSchoolAdmin, describeMatrix, type Caller, type CellContext, type Row, type Side, type World } from './matrix.js';

let t: TestApp;
let w: World;
let superCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  superCookie = await sessionFor(t.app, w.superAdmin.id);
});
afterAll(() => t.close());

const RANGE = '2026-10-01_2026-10-15';
const unique = () => randomBytes(3).toString('hex');
const inSchool = (c: Caller, side: Side) => homeOf(c) === side;
const isTeacher = (c: Caller) => c === 'teacher' || c === 'otherTeacher';
/** Super admin endpoints name any school: the contract's rule is the whole rule. */
const anySchool = () => true;

const member = (c: CellContext, values: Parameters<typeof buildUser>[1] = {}) => buildUser(t.app, { schoolId: c.s.school.id, role: 'teacher', ...values });
/** A backup of a fresh school of the side's district (a school gets a few backups a day). */
async function backupOf(c: CellContext) {
  const school = await buildSchool(t.app, { districtId: c.s.districtId });
  await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
  const res = await t.call('POST', `/v1/super/schools/${school.id}/backups`, { cookie: superCookie, body: {} });
  expect(res.status).toBe(200);
  return res.json.ResponseData.id as string;
}
/** A school with nobody in it, a restore's target. */
const emptySchool = (c: CellContext) => buildSchool(t.app, { districtId: c.s.districtId });

const rows: Record<string, Row> = {
  // The school admin's endpoints act on the caller's current school: the rule is the contract's.
  'admin.users': { allow: 'self', request: () => ({ query: { role: 'teacher' } }) },
  'admin.makeAdmin': { allow: 'school', request: async (c) => ({ params: { userId: (await member(c)).id } }) },
  'admin.removeAdmin': { allow: 'school', request: async (c) => ({ params: { userId: (await member(c, { isAdmin: true })).id } }) },
  'admin.makeTeacher': { allow: 'school', request: async (c) => ({ params: { userId: (await member(c, { role: 'staff' })).id } }) },
  'admin.revertToStaff': {
    allow: 'school',
    request: async (c) => {
      // A staff member made a teacher keeps the teacher role with the flag.
      const user = await member(c);
      await t.app.services.db.updateTable('schoolMemberships').set({ staffAsTeacher: true }).where('userId', '=', user.id).execute();
      return { params: { userId: user.id } };
    },
  },
  'admin.approveTeacher': { allow: 'school', request: async (c) => ({ params: { userId: (await member(c, { status: 'pending' })).id } }) },
  'admin.rejectTeacher': { allow: 'school', request: async (c) => ({ params: { userId: (await member(c, { status: 'pending' })).id } }) },
  'admin.familyLinks': { allow: 'self' },
  'admin.removeFamilyLink': {
    allow: 'school',
    request: async (c) => {
      const parent = await member(c, { role: 'parent' });
      const student = await member(c, { role: 'student' });
      await linkParent(t.app, parent.id, student.id);
      return { params: { parentId: parent.id, studentId: student.id } };
    },
  },
  'admin.confirmFamilyLink': {
    allow: 'school',
    request: async (c) => {
      const parent = await member(c, { role: 'parent' });
      const student = await member(c, { role: 'student' });
      await linkParent(t.app, parent.id, student.id, { confirmed: false });
      return { params: { parentId: parent.id, studentId: student.id } };
    },
  },
  'admin.inviteStaff': {
    allow: 'self',
    request: () => ({ body: { firstName: 'New', lastName: 'Staff', email: `staff-${unique()}@example.test`, language: 'en' } }),
  },
  // Another school's people are not invited (they come back in failedUserIds): the rule is the contract's.
  'admin.inviteUnregistered': { allow: 'self', request: async (c) => ({ body: { userIds: [(await member(c, { mustChangePassword: true })).id] } }) },
  'admin.configuration': { allow: 'self' },
  'admin.dataSettings': { allow: 'self' },
  'admin.updateDataSettings': { allow: 'self', request: () => ({ body: { retentionYears: null, familyExportMinGrade: 6 } }) },
  'admin.updateConfiguration': { allow: 'self', request: () => ({ body: { high5Vibes: true } }) },
  'admin.updateNotificationEmails': { allow: 'self', request: () => ({ body: { add: [`notify-${unique()}@example.test`] } }) },
  'admin.resendNotificationConfirmation': {
    allow: 'self',
    request: async (c) => {
      // Only an unconfirmed address on the caller's school's list (anything else is 404).
      const schoolId = c.caller === 'otherAdmin' ? c.w.B.school.id : c.w.A.school.id;
      const email = `confirm-${unique()}@example.test`;
      await t.app.services.db.insertInto('schoolNotificationEmails').values({ schoolId, email }).execute();
      return { body: { email } };
    },
  },
  'admin.sendMoodReport': {
    allow: 'self',
    request: async (c) => {
      // The report goes to the caller's school's confirmed addresses.
      const schoolId = c.caller === 'otherAdmin' ? c.w.B.school.id : c.w.A.school.id;
      await t.app.services.db
        .insertInto('schoolNotificationEmails')
        .values({ schoolId, email: `report-${unique()}@example.test`, confirmedAt: new Date() })
        .execute();
      return {};
    },
  },
  'admin.categories': { allow: 'self' },
  'admin.updateCategories': {
    allow: 'self',
    request: async () => {
      const [first] = await t.app.services.db
        .selectFrom('categories')
        .select('id')
        .where('kind', '=', 'high5')
        .where('schoolId', 'is', null)
        .orderBy('position')
        .limit(1)
        .execute();
      return { body: { items: [{ id: first!.id, enabled: true }] } };
    },
  },
  'admin.addCategory': { allow: 'self', request: () => ({ body: { nameEn: `Cat ${unique()}`, nameEs: `Cat ${unique()}` } }) },
  'admin.classes': { allow: 'self' },
  // The class named in the query: the school admin's own school's only.
  'admin.groupReport': { allow: 'school', request: (c) => ({ query: { role: 'student', range: RANGE, classId: c.s.cls.id } }) },
  'admin.groupReportCsv': { allow: 'school', request: (c) => ({ query: { role: 'student', range: RANGE, classId: c.s.cls.id } }) },
  'admin.userReport': { allow: 'school', request: () => ({ query: { range: RANGE } }) },
  'admin.moodReport': { allow: 'school', request: (c) => ({ query: { role: 'student', range: RANGE, classId: c.s.cls.id } }) },
  'admin.moodReportCsv': { allow: 'school', request: (c) => ({ query: { role: 'student', range: RANGE, classId: c.s.cls.id } }) },
  'admin.reachReport': { allow: 'self', request: () => ({ query: { range: RANGE } }) },
  'admin.giversReport': { allow: 'self', request: () => ({ query: { range: RANGE } }) },
  'admin.moodReportSettings': { allow: 'self' },
  'admin.saveMoodReportSettings': { allow: 'self', request: () => ({ body: { rangeDays: 7, minimumLowEnjoyment: 1, filters: [] } }) },
  // A class report: the class's teachers and the school's admins (staff members are not teachers).
  'admin.reportClasses': { allow: (c) => c !== 'staff', once: true },
  'admin.classRecognitionReport': {
    allow: (c, side) => inSchool(c, side) && (isTeacher(c) || isSchoolAdmin(c)),
    request: (c) => ({ query: { classId: c.s.cls.id, range: RANGE } }),
  },
  'admin.classMoodReport': {
    allow: (c, side) => inSchool(c, side) && (isTeacher(c) || isSchoolAdmin(c)),
    request: (c) => ({ query: { classId: c.s.cls.id, range: RANGE } }),
  },
  'admin.classRecognitionReportCsv': {
    allow: (c, side) => inSchool(c, side) && (isTeacher(c) || isSchoolAdmin(c)),
    request: (c) => ({ query: { classId: c.s.cls.id, range: RANGE } }),
  },
  'admin.classMoodReportCsv': {
    allow: (c, side) => inSchool(c, side) && (isTeacher(c) || isSchoolAdmin(c)),
    request: (c) => ({ query: { classId: c.s.cls.id, range: RANGE } }),
  },
  'admin.superSchools': { allow: 'self' },
  'admin.superDistricts': { allow: 'self' },
  'admin.addDistrict': {
    allow: 'self',
    request: () => ({
      body: { kind: 'clever', name: `District ${unique()}`, baseUrl: 'https://clever.example.test', clientKey: 'key', clientSecret: 'secret' },
    }),
  },
  'admin.addSchool': {
    allow: anySchool,
    request: (c) => ({ body: { districtId: c.s.districtId, name: `School ${unique()}`, timeZone: 'America/Los_Angeles' } }),
  },
  'admin.superPending': { allow: 'self' },
  'admin.superApproveSchool': {
    allow: anySchool,
    request: async (c) => {
      const school = await emptySchool(c);
      await t.app.services.db.updateTable('schools').set({ approved: false }).where('id', '=', school.id).execute();
      return { params: { schoolId: school.id } };
    },
  },
  'admin.superApproveMember': { allow: anySchool, request: async (c) => ({ params: { userId: (await member(c, { status: 'pending' })).id } }) },
  'admin.superRejectMember': { allow: anySchool, request: async (c) => ({ params: { userId: (await member(c, { status: 'pending' })).id } }) },
  'admin.superUsers': { allow: anySchool, request: () => ({ query: { role: 'teacher' } }) },
  'admin.superMakeAdmin': { allow: anySchool, request: async (c) => ({ params: { userId: (await member(c)).id } }) },
  'admin.superRemoveAdmin': { allow: anySchool, request: async (c) => ({ params: { userId: (await member(c, { isAdmin: true })).id } }) },
  'admin.superClasses': { allow: anySchool },
  'admin.superGroupReport': { allow: anySchool, request: () => ({ query: { role: 'student', range: RANGE } }) },
  'admin.superGroupReportCsv': { allow: anySchool, request: () => ({ query: { role: 'student', range: RANGE } }) },
  'admin.backups': { allow: anySchool, request: (c) => ({ query: { schoolId: c.s.school.id } }) },
  'admin.backupSchool': { allow: anySchool, request: async (c) => ({ params: { schoolId: (await emptySchool(c)).id }, body: { includeJournals: false } }) },
  'admin.downloadBackup': { allow: anySchool, request: async (c) => ({ params: { backupId: await backupOf(c) } }) },
  'admin.deleteBackup': { allow: anySchool, request: async (c) => ({ params: { backupId: await backupOf(c) } }) },
  'admin.restores': { allow: 'self' },
  'admin.restoreTargets': { allow: 'self' },
  'admin.restore': {
    allow: anySchool,
    request: async (c) => {
      const res = await t.call('POST', '/v1/super/restores', {
        cookie: superCookie,
        body: { backupId: await backupOf(c), targetSchoolId: (await emptySchool(c)).id },
      });
      expect(res.status).toBe(200);
      return { params: { restoreId: res.json.ResponseData.id } };
    },
  },
  'admin.startRestore': { allow: anySchool, request: async (c) => ({ body: { backupId: await backupOf(c), targetSchoolId: (await emptySchool(c)).id } }) },
  'admin.uploadRestore': {
    allow: anySchool,
    request: async (c) => {
      const file = await t.app.inject({ method: 'GET', url: `/v1/super/backups/${await backupOf(c)}/file`, headers: { cookie: superCookie } });
      const boundary = `matrix${unique()}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="backup"; filename="backup.ndjson.gz"\r\nContent-Type: application/gzip\r\n\r\n`),
        file.rawPayload,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { query: { targetSchoolId: (await emptySchool(c)).id }, raw: { payload, contentType: `multipart/form-data; boundary=${boundary}` } };
    },
  },
  'admin.deleteSchool': {
    allow: anySchool,
    request: async (c) => {
      const school = await emptySchool(c);
      return { params: { schoolId: school.id }, body: { confirmName: school.name, backup: false } };
    },
  },
  'superEdit.updateDistrict': { allow: anySchool, request: () => ({ body: { name: `District ${unique()}` } }) },
  'superEdit.deleteDistrict': { allow: anySchool, request: async () => ({ params: { districtId: (await buildDistrict(t.app)).id } }) },
  'superEdit.updateSchool': { allow: anySchool, request: () => ({ body: { name: `School ${unique()}` } }) },
};

describeMatrix(
  'the authorization matrix of the admin area and the super admin',
  () => ({ t, w }),
  Object.fromEntries([...Object.values(adminEndpoints), ...Object.values(superEditEndpoints)].map((e) => [e.id, e])),
  rows,
);

/**
 * The restore endpoints as two callers the table above does not have, both made
 * through the real sign-up: the admin of a school they founded themselves (a new district's
 * first school, approved at once) and the founder of a school still waiting for approval. Each
 * gets 403 on every restore endpoint, with a real backup file, and no restore is queued.
 */
describe('the restore endpoints as founders of their own schools', () => {
  it("refuse a self-made school's admin and an unapproved founder", { timeout: 120_000 }, async () => {
    const founders: { id: string; schoolId: string; label: string }[] = [];
    for (const [label, place] of [
      ['self-made school admin', { newDistrictName: `Own District ${unique()}`, newSchoolName: `Own School ${unique()}` }],
      ['unapproved founder', { districtId: w.A.districtId, newSchoolName: `Quiet School ${unique()}` }],
    ] as const) {
      const email = `founder-${unique()}@example.test`;
      const res = await t.call('POST', '/v1/auth/sign-up', {
        body: { role: 'teacher', firstName: 'Fay', lastName: 'Founder', email, password: 'Violet-Harbor-42!', language: 'en', acceptedTerms: true, ...place },
      });
      expect(res.status, label).toBe(200);
      await t.app.services.jobs.runDue();
      const row = await t.app.services.db
        .selectFrom('users as u')
        .innerJoin('schoolMemberships as m', 'm.userId', 'u.id')
        .innerJoin('schools as s', 's.id', 'm.schoolId')
        .select(['u.id', 'm.schoolId', 'm.isAdmin', 's.approved'])
        .where('u.email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.isAdmin, label).toBe(true);
      expect(row.approved, label).toBe(label === 'self-made school admin');
      founders.push({ id: row.id, schoolId: row.schoolId, label });
    }
    const c = { s: w.A } as CellContext;
    const restoresBefore = await t.app.services.db.selectFrom('schoolRestores').select('id').execute();
    const queued = await t.call('POST', '/v1/super/restores', {
      cookie: superCookie,
      body: { backupId: await backupOf(c), targetSchoolId: (await emptySchool(c)).id },
    });
    const restoreId = queued.json.ResponseData.id as string;
    const file = await t.app.inject({ method: 'GET', url: `/v1/super/backups/${await backupOf(c)}/file`, headers: { cookie: superCookie } });
    const boundary = `founder${unique()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="backup"; filename="backup.ndjson.gz"\r\nContent-Type: application/gzip\r\n\r\n`),
      file.rawPayload,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    for (const founder of founders) {
      const cookie = await sessionFor(t.app, founder.id, founder.schoolId);
      const target = (await emptySchool(c)).id;
      const answers = [
        await t.call('GET', '/v1/super/restores', { cookie }),
        await t.call('GET', `/v1/super/restores/${restoreId}`, { cookie }),
        await t.call('POST', '/v1/super/restores', { cookie, body: { backupId: await backupOf(c), targetSchoolId: target } }),
        // Into their own school too: the rule is the contract's, whatever the target.
        await t.call('POST', '/v1/super/restores', { cookie, body: { backupId: await backupOf(c), targetSchoolId: founder.schoolId } }),
        await t.call('POST', `/v1/super/restores/upload?targetSchoolId=${target}`, {
          cookie,
          body: payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        }),
      ];
      expect(
        answers.map((a) => a.status),
        founder.label,
      ).toEqual([403, 403, 403, 403, 403]);
      expect(JSON.stringify(answers.map((a) => a.json.ResponseData))).not.toContain(restoreId);
    }
    const restoresAfter = await t.app.services.db.selectFrom('schoolRestores').select('id').execute();
    expect(restoresAfter.length).toBe(restoresBefore.length + 1);
  });
});
