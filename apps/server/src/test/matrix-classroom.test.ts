import { randomBytes } from 'node:crypto';
import { classroomEndpoints } from '@high5/contract';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildClass, buildUser } from './factories.js';
import { buildWorld, homeOf, isSchoolAdmin, describeMatrix, type Caller, type CellContext, type Row, type Side, type World } from './matrix.js';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  // Paid schools: seating presets and roster invitations exist only there.
  w = await buildWorld(t, { paid: true });
});
afterAll(() => t.close());

const TODAY = '2026-10-15';
const RANGE = `${TODAY}_${TODAY}`;
const unique = () => randomBytes(3).toString('hex');
const isTeacher = (c: Caller) => c === 'teacher' || c === 'otherTeacher';
const inSchool = (c: Caller, side: Side) => homeOf(c) === side;
/** The class's teachers and the school's admins manage a class (the owner teaches the world's class). */
const classManager = (c: Caller, side: Side) => inSchool(c, side) && (isTeacher(c) || isSchoolAdmin(c));
/** The student's teacher and the school's admins (docs/decisions/0095). */
const studentsStaff = classManager;
/** Seating and attendance belong to the class's teachers alone. */
const classTeacher = (c: Caller, side: Side) => inSchool(c, side) && isTeacher(c);
const teacherOnly = (c: Caller) => c !== 'staff';
/** docs/decisions/0117: a student's parents, the school's staff members and admins read a student's High 5s. */
const high5Reader = (c: Caller, side: Side) => inSchool(c, side) && (c === 'parent' || c === 'staff' || isSchoolAdmin(c));

/** A student of the side's school enrolled in its class. */
async function enrolledStudent(c: CellContext, values: { mustChangePassword?: boolean } = {}) {
  const student = await buildUser(t.app, { schoolId: c.s.school.id, role: 'student', ...values });
  await t.app.services.db.insertInto('enrolments').values({ classId: c.s.cls.id, studentId: student.id }).execute();
  return student;
}
const freshClass = (c: CellContext) => buildClass(t.app, { schoolId: c.s.school.id, ownerId: c.s.teacher.id });

const rows: Record<string, Row> = {
  // Staff members are not teachers (until an admin makes them one).
  classList: { allow: teacherOnly, once: true },
  classCreate: { allow: teacherOnly, once: true, request: () => ({ body: { name: `Class ${unique()}` } }) },
  classRename: { allow: classManager, request: () => ({ body: { name: `Renamed ${unique()}` } }) },
  classDelete: { allow: classManager, request: async (c) => ({ params: { classId: (await freshClass(c)).id } }) },
  classStudents: { allow: classManager },
  classStudentCandidates: { allow: classManager },
  classEnrol: {
    allow: classManager,
    request: async (c) => ({ body: { studentIds: [(await buildUser(t.app, { schoolId: c.s.school.id, role: 'student' })).id] } }),
  },
  classRemoveStudent: { allow: classManager, request: async (c) => ({ params: { studentId: (await enrolledStudent(c)).id } }) },
  classRequests: { allow: classManager },
  classDecideRequests: {
    allow: classManager,
    request: async (c) => {
      const student = await buildUser(t.app, { schoolId: c.s.school.id, role: 'student' });
      await t.app.services.db.insertInto('enrolmentRequests').values({ classId: c.s.cls.id, studentId: student.id }).execute();
      return { body: { studentIds: [student.id], enroll: true } };
    },
  },
  classTeachers: { allow: classManager },
  classTeacherCandidates: { allow: classManager },
  classAddTeacher: {
    allow: classManager,
    request: async (c) => ({ body: { teacherId: (await buildUser(t.app, { schoolId: c.s.school.id, role: 'teacher' })).id } }),
  },
  classRemoveTeacher: {
    allow: classManager,
    request: async (c) => {
      const co = await buildUser(t.app, { schoolId: c.s.school.id, role: 'teacher' });
      await t.app.services.db.insertInto('classTeachers').values({ classId: c.s.cls.id, teacherId: co.id }).execute();
      return { params: { teacherId: co.id } };
    },
  },
  classInvite: {
    allow: classManager,
    request: () => ({ body: { students: [{ email: `invite-${unique()}@example.test`, firstName: 'In', lastName: 'Vited' }] } }),
  },
  studentClasses: { allow: 'self', request: () => ({ query: { enrolled: 'true' } }) },
  studentClassmates: { allow: (c, side) => c === 'student' && side === 'A' },
  studentRequestEnrolment: { allow: (c, side) => c === 'student' && side === 'A', request: async (c) => ({ params: { classId: (await freshClass(c)).id } }) },
  moodSettings: { allow: 'self' },
  moodMine: { allow: 'self' },
  moodCheckIn: { allow: 'self', request: () => ({ body: { mood: 'smile' } }) },
  moodStudentHistory: {
    // The student, their parent and their teacher (today only); an admin who is none of these
    // reads reports, not a child's moods (docs/decisions/0420).
    allow: (c, side) => inSchool(c, side) && (c === 'student' || c === 'parent' || isTeacher(c)),
    request: () => ({ query: { dateRange: RANGE } }),
  },
  moodAcknowledge: {
    allow: studentsStaff,
    request: async (c) => {
      const student = await enrolledStudent(c);
      await t.app.services.db
        .insertInto('moods')
        .values({
          userId: student.id,
          schoolId: c.s.school.id,
          schoolDate: TODAY,
          mood: 'weary',
          lowEnjoyment: true,
          emergency: true,
          emergencyPriority: 'today',
        })
        .execute();
      return { params: { studentId: student.id } };
    },
  },
  trustedAdults: { allow: 'self' },
  trustedAdultCandidates: { allow: 'self' },
  trustedAdultsAdd: { allow: (c, side) => c === 'student' && side === 'A', request: (c) => ({ body: { adultIds: [c.s.staff.id] } }) },
  // The student's own list: removing whoever is on it (side B: an adult of school B) is theirs to do.
  trustedAdultsRemove: {
    allow: (c) => c === 'student',
    request: async (c) => {
      const adult = await buildUser(t.app, { schoolId: c.s.school.id, role: 'teacher' });
      await t.app.services.db.insertInto('trustedAdults').values({ adultId: adult.id, studentId: c.w.A.student.id }).execute();
      return { params: { adultId: adult.id } };
    },
  },
  myStudents: { allow: 'self' },
  studentHigh5s: { allow: high5Reader, request: () => ({ query: { dateRange: RANGE } }) },
  feedbackGive: {
    allow: high5Reader,
    request: async (c) => {
      // Feedback goes to the teacher who gave the High 5.
      const row = await t.app.services.db
        .insertInto('recognitions')
        .values({
          kind: 'high5',
          schoolId: c.s.school.id,
          giverId: c.s.teacher.id,
          giverRole: 'teacher',
          receiverId: c.s.student.id,
          receiverRole: 'student',
          schoolDate: TODAY,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { body: { high5Id: row.id, comment: 'Well done' } };
    },
  },
  feedbackList: { allow: 'self', request: () => ({ query: { dateRange: RANGE } }) },
  journalList: { allow: 'self', request: () => ({ query: { dateRange: RANGE } }) },
  journalCreate: { allow: 'self', request: () => ({ body: { heading: 'Today', description: 'A good day' } }) },
  // Side A: the caller's own entry; side B: an entry of school B's student, nobody else's to touch.
  journalUpdate: {
    allow: (_c, side) => side === 'A',
    request: async (c) => ({ params: { entryId: await journalEntry(c) }, body: { heading: 'Edited', description: 'Edited text' } }),
  },
  journalDelete: { allow: (_c, side) => side === 'A', request: async (c) => ({ params: { entryId: await journalEntry(c) } }) },
  seating: { allow: classTeacher },
  seatingMoods: { allow: classTeacher },
  seatingPreset: { allow: classTeacher, request: () => ({ query: { flag: 'iep', spread: 'true', rows: '30', cols: '30' } }) },
  seatingCreate: { allow: classTeacher, request: (c) => ({ body: chart(c) }) },
  seatingUpdate: { allow: classTeacher, request: async (c) => ({ params: { chartId: await freshChart(c) }, body: chart(c) }) },
  seatingDelete: { allow: classTeacher, request: async (c) => ({ params: { chartId: await freshChart(c) } }) },
  attendanceToday: { allow: classTeacher },
  attendanceSave: { allow: classTeacher, request: (c) => ({ body: { present: [c.s.student.id], absent: [], tardy: [], excused: [] } }) },
  attendanceExport: { allow: classTeacher, request: () => ({ query: { dateRange: RANGE } }) },
  roster: { allow: teacherOnly, once: true },
  // docs/decisions/0162: only a school admin resets a student's password.
  rosterResetPassword: {
    allow: (c, side) => inSchool(c, side) && isSchoolAdmin(c),
    request: async (c) => ({ params: { studentId: (await enrolledStudent(c)).id } }),
  },
  // A batch: students the caller does not look after come back as failures, nothing sent.
  rosterInvite: {
    allow: studentsStaff,
    granted: (data: { invited: number }) => data.invited === 1,
    request: async (c) => ({ body: { studentIds: [(await enrolledStudent(c, { mustChangePassword: true })).id] } }),
  },
  // Decision 0554: a school admin sends a whole class their first sign-in.
  rosterClassInvite: { allow: (c, side) => inSchool(c, side) && isSchoolAdmin(c) },
  // Decision 0553: the class's teachers and the school's admins.
  classDeviceSessions: { allow: classManager },
  classDeviceOpen: { allow: classManager, request: () => ({ body: { hours: 1 } }) },
  classDeviceClose: { allow: classManager, request: async (c) => ({ params: { deviceSessionId: await freshDevice(c) } }) },
  classSignInCards: { allow: classManager, request: () => ({ body: {} }) },
};

async function freshDevice(c: CellContext) {
  const now = t.clock.now();
  const row = await t.app.services.db
    .insertInto('classDeviceSessions')
    .values({ classId: c.s.cls.id, tokenHash: unique() + unique(), openedBy: c.s.teacher.id, createdAt: now, expiresAt: new Date(now.getTime() + 3_600_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function chart(c: CellContext) {
  return { name: `Chart ${unique()}`, rows: 3, cols: 3, deskDirection: 0, seats: { '0_0': c.s.student.id } };
}
async function freshChart(c: CellContext) {
  const row = await t.app.services.db
    .insertInto('seatingCharts')
    .values({ classId: c.s.cls.id, name: `Chart ${unique()}`, rows: 3, cols: 3, createdBy: c.s.teacher.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
async function journalEntry(c: CellContext) {
  const userId = c.side === 'A' ? c.me : c.w.B.student.id;
  const row = await t.app.services.db
    .insertInto('journalEntries')
    .values({ userId, heading: 'Mine', description: 'Private' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describeMatrix(
  'the authorization matrix of the classroom area',
  () => ({ t, w }),
  Object.fromEntries(Object.entries(classroomEndpoints).map(([key, e]) => [key, { ...e, id: key }])),
  rows,
);
