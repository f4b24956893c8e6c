import { randomBytes } from 'node:crypto';
import { authEndpoints, profileEndpoints, recognitionEndpoints, systemEndpoints } from '@high5/contract';
import { afterAll, beforeAll } from 'vitest';
import { setUserPassword } from '../modules/auth/test-factories.js';
import { multipartFile, pngImage } from '../modules/recognition/student-details/test-factories.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildUser, TEST_PASSWORD } from './factories.js';
import { buildWorld, homeOf, isSchoolAdmin, describeMatrix, type Caller, type CellContext, type Request, type Row, type Side, type World } from './matrix.js';

let t: TestApp;
let w: World;
let categoryId: string;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  const category = await t.app.services.db
    .selectFrom('categories')
    .select('id')
    .where('kind', '=', 'high5')
    .where('schoolId', 'is', null)
    .orderBy('position')
    .executeTakeFirstOrThrow();
  categoryId = category.id;
});
afterAll(() => t.close());

const RANGE = '2026-10-01_2026-10-15';
const unique = () => randomBytes(3).toString('hex');
const inSchool = (c: Caller, side: Side) => homeOf(c) === side;
const isTeacher = (c: Caller) => c === 'teacher' || c === 'otherTeacher';
/** docs/decisions/0095: the student's teachers, the school's admins and the student's trusted adults. */
const studentViewer = (c: Caller, side: Side) => inSchool(c, side) && (isTeacher(c) || isSchoolAdmin(c));
/** Someone of the side's school to recognise or look at: never the caller themself. */
const someoneFor = (c: CellContext) => (c.caller === 'staff' ? c.s.teacher.id : c.s.staff.id);
/** A code or token nobody was sent: these public endpoints answer the same to everyone. */
const codeRefused = (status: number, code: string) => status === 400 && (code === 'CODE_INVALID' || code === 'CODE_EXPIRED');
async function photo(): Promise<Request> {
  const { body, headers } = multipartFile(await pngImage(64, 64));
  return { raw: { payload: body as Buffer, contentType: headers['content-type']! } };
}

const rows: Record<string, Row> = {
  'system.health': { allow: 'self' },
  'system.ready': { allow: 'self' },
  'system.high5Count': { allow: 'self' },
  'auth.config': { allow: 'self' },
  'auth.signIn': {
    allow: 'self',
    request: async () => ({ body: { login: (await buildUser(t.app, { role: 'teacher' })).email, password: TEST_PASSWORD } }),
  },
  // Only an account that must change its password may; nobody here must.
  'auth.completeNewPassword': { allow: () => false, once: true, request: () => ({ body: { newPassword: 'Violet-Harbor-42!' } }) },
  'auth.me': { allow: 'self' },
  'auth.signOut': { allow: 'self' },
  'auth.signOutEverywhere': { allow: 'self' },
  'auth.changePassword': {
    allow: 'self',
    request: async (c) => {
      await setUserPassword(t.app, c.me, TEST_PASSWORD);
      return { body: { currentPassword: TEST_PASSWORD, newPassword: 'Violet-Harbor-42!' } };
    },
  },
  'auth.lock': { allow: 'self' },
  'auth.unlock': {
    allow: 'self',
    request: async (c) => {
      await setUserPassword(t.app, c.me, TEST_PASSWORD);
      return { body: { password: TEST_PASSWORD } };
    },
  },
  'auth.forgotPassword': { allow: 'self', request: () => ({ body: { email: `nobody-${unique()}@example.test` } }) },
  'auth.resetPassword': {
    allow: 'self',
    expect: codeRefused,
    request: () => ({ body: { email: `nobody-${unique()}@example.test`, code: '123456', newPassword: 'Violet-Harbor-42!' } }),
  },
  'auth.resetWithLink': { allow: 'self', expect: codeRefused, request: () => ({ body: { token: 'x'.repeat(40), newPassword: 'Violet-Harbor-42!' } }) },
  'auth.requestSignInLink': { allow: 'self', request: () => ({ body: { login: `nobody-${unique()}@example.test` } }) },
  'auth.signInWithLink': { allow: 'self', expect: codeRefused, request: () => ({ body: { token: 'x'.repeat(40) } }) },
  'auth.classDevice': { allow: 'self' },
  // No caller's client has a class session open (docs/decisions/0553): every card is refused the same way.
  'auth.cardSignIn': {
    allow: 'self',
    expect: (status, code) => status === 403 && code === 'CLASS_DEVICE_CLOSED',
    request: () => ({ body: { code: 'ACEF-3479' } }),
  },
  'auth.verifyEmail': { allow: 'self', expect: codeRefused, request: () => ({ body: { token: 'x'.repeat(40) } }) },
  'auth.signUp': {
    allow: 'self',
    request: (c) => ({
      body: {
        role: 'teacher',
        firstName: 'New',
        lastName: 'Teacher',
        email: `signup-${unique()}@example.test`,
        password: 'Violet-Harbor-42!',
        language: 'en',
        districtId: c.s.districtId,
        schoolId: c.s.school.id,
        acceptedTerms: true,
      },
    }),
  },
  'auth.districts': { allow: 'self' },
  'auth.districtSchools': { allow: 'self' },
  // The first school of an account without one; everyone here has theirs.
  'auth.setup': {
    allow: () => false,
    once: true,
    expect: (status, code) => status === 401 || (status === 409 && code === 'CONFLICT'),
    request: (c) => ({ body: { role: 'teacher', schoolId: c.s.school.id } }),
  },
  'auth.switchSchool': { allow: inSchool, request: (c) => ({ body: { schoolId: c.s.school.id } }) },
  'auth.setLanguage': { allow: 'self', request: () => ({ body: { language: 'es' } }) },
  'recognition.recipients': { allow: 'self', request: () => ({ query: { role: 'student' } }) },
  'recognition.categories': { allow: 'self', request: () => ({ query: { kind: 'high5' } }) },
  'recognition.allowance': { allow: 'self' },
  'recognition.giveOptions': { allow: inSchool, request: (c) => ({ query: { kind: 'high5', recipientId: someoneFor(c) } }) },
  'recognition.give': { allow: inSchool, request: (c) => ({ body: { kind: 'high5', recipientId: someoneFor(c), categoryIds: [categoryId], comment: '' } }) },
  'recognition.dashboard': { allow: 'self' },
  // Only a teacher of the class: its owner (the admin of the same school teaches none of it).
  'recognition.notYet': {
    allow: (c, side) => (c === 'teacher' && side === 'A') || (c === 'otherTeacher' && side === 'B'),
    request: (c) => ({ query: { classId: c.s.cls.id } }),
  },
  'recognition.received': { allow: 'self', request: () => ({ query: { kind: 'high5', range: RANGE } }) },
  'profile.getProfile': { allow: 'self' },
  'profile.updateProfile': { allow: 'self', request: () => ({ body: { firstName: 'Same', lastName: 'Person' } }) },
  // Students' photos are taken by their teachers.
  'profile.uploadPhoto': { allow: (c) => c !== 'student', once: true, request: photo },
  'profile.myAvatar': { allow: 'self' },
  'profile.saveAvatar': {
    allow: 'self',
    request: async () => ({
      body: {
        image: `data:image/png;base64,${(await pngImage(64, 64)).toString('base64')}`,
        colourInfo: { handSelected: 'Hand7', hand: '#C68642', chain: '#d4af37', bracelet: '#6a1b9a' },
      },
    }),
  },
  // A batch: users of other schools are left out of the answer.
  'profile.avatars': { allow: inSchool, granted: (data: unknown[]) => data.length > 0, request: (c) => ({ query: { userIds: c.s.student.id } }) },
  'profile.userAvatar': { allow: inSchool },
  // A parent of the student, or the student themself from the school's grade (the world's student is in grade 5, below the default 6): docs/decisions/0575.
  'profile.yearExportOptions': { allow: (c, side) => (c === 'parent' || c === 'student') && side === 'A' },
  'profile.yearExport': { allow: (c, side) => c === 'parent' && side === 'A', request: () => ({ params: { startYear: '2026' } }) },
  'profile.inviteParent': { allow: 'self', request: () => ({ body: { email: `parent-${unique()}@example.test`, firstName: 'New', lastName: 'Parent' } }) },
  'profile.myParents': { allow: 'self' },
  'profile.familyRequests': { allow: 'self' },
  // A student's request that an account be their parent: only that account answers it.
  'profile.acceptFamilyRequest': { allow: (c, side) => c === 'parent' && side === 'A', request: (c) => familyRequest(c) },
  'profile.declineFamilyRequest': { allow: (c, side) => c === 'parent' && side === 'A', request: (c) => familyRequest(c) },
  'profile.studentDetails': { allow: studentViewer },
  'profile.updateStudentFlags': { allow: studentViewer, request: () => ({ body: { iep: true } }) },
  'profile.uploadStudentPhoto': { allow: studentViewer, request: photo },
  'profile.studentAttendance': { allow: studentViewer, request: () => ({ query: { range: RANGE } }) },
  // Decision 0420: a class teacher reads today's check-in; an admin who does not teach the student reads reports, not the child's moods.
  'profile.studentMoods': { allow: (c, side) => inSchool(c, side) && isTeacher(c), request: () => ({ query: { range: RANGE } }) },
  'profile.studentNotes': { allow: studentViewer },
  'profile.addStudentNote': { allow: studentViewer, request: () => ({ body: { body: 'A note' } }) },
};

/** A request from a new student of the side's school to the side's parent. */
async function familyRequest(c: CellContext): Promise<Request> {
  const student = await buildUser(t.app, { schoolId: c.s.school.id, role: 'student' });
  const row = await t.app.services.db
    .insertInto('parentLinkRequests')
    .values({ parentId: c.s.parent.id, studentId: student.id, schoolId: c.s.school.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { params: { requestId: row.id } };
}

// The admin area's categories endpoint is listed with recognition too; the admin matrix covers it.
const all = [...Object.values(systemEndpoints), ...Object.values(authEndpoints), ...Object.values(recognitionEndpoints), ...Object.values(profileEndpoints)];
describeMatrix(
  'the authorization matrix of sign-in, recognition and profiles',
  () => ({ t, w }),
  Object.fromEntries(all.filter((e) => !e.id.startsWith('admin.')).map((e) => [e.id, e])),
  rows,
);
