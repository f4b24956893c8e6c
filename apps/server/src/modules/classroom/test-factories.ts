import type { FastifyInstance } from 'fastify';
import { buildClass, buildSchool, buildUser, linkParent, sessionFor } from '../../test/factories.js';

/**
 * A school with the people every classroom test needs, plus a second school to prove that
 * nothing crosses schools. Cookies are session cookies for each person.
 */
export async function buildClassroomWorld(app: FastifyInstance, options: { paid?: boolean } = {}) {
  const school = await buildSchool(app, { paid: options.paid ?? false });
  const other = await buildSchool(app);
  const teacher = await buildUser(app, { schoolId: school.id, role: 'teacher', firstName: 'Tina', lastName: 'Teacher' });
  const substitute = await buildUser(app, { schoolId: school.id, role: 'teacher', firstName: 'Sam', lastName: 'Substitute' });
  const admin = await buildUser(app, { schoolId: school.id, role: 'teacher', isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
  const staff = await buildUser(app, { schoolId: school.id, role: 'staff', firstName: 'Stan', lastName: 'Staff' });
  const pending = await buildUser(app, { schoolId: school.id, role: 'teacher', status: 'pending', firstName: 'Pat', lastName: 'Pending' });
  const student = await buildUser(app, { schoolId: school.id, role: 'student', firstName: 'Amy', lastName: 'Student', grade: 5 });
  const student2 = await buildUser(app, { schoolId: school.id, role: 'student', firstName: 'Ben', lastName: 'Student', grade: 6 });
  const parent = await buildUser(app, { schoolId: school.id, role: 'parent', firstName: 'Paula', lastName: 'Parent' });
  const otherTeacher = await buildUser(app, { schoolId: other.id, role: 'teacher', firstName: 'Otto', lastName: 'Other' });
  const otherAdmin = await buildUser(app, { schoolId: other.id, role: 'teacher', isAdmin: true });
  const otherStudent = await buildUser(app, { schoolId: other.id, role: 'student', firstName: 'Olga', lastName: 'Other' });
  await linkParent(app, parent.id, student.id);
  const cls = await buildClass(app, { schoolId: school.id, ownerId: teacher.id, name: 'Math 5', studentIds: [student.id] });
  const otherClass = await buildClass(app, { schoolId: other.id, ownerId: otherTeacher.id, name: 'Other class', studentIds: [otherStudent.id] });
  const cookie = async (id: string) => sessionFor(app, id);
  return {
    school,
    other,
    teacher,
    substitute,
    admin,
    staff,
    pending,
    student,
    student2,
    parent,
    otherTeacher,
    otherAdmin,
    otherStudent,
    cls,
    otherClass,
    cookies: {
      teacher: await cookie(teacher.id),
      substitute: await cookie(substitute.id),
      admin: await cookie(admin.id),
      staff: await cookie(staff.id),
      pending: await cookie(pending.id),
      student: await cookie(student.id),
      student2: await cookie(student2.id),
      parent: await cookie(parent.id),
      otherTeacher: await cookie(otherTeacher.id),
      otherAdmin: await cookie(otherAdmin.id),
      otherStudent: await cookie(otherStudent.id),
    },
  };
}

export type ClassroomWorld = Awaited<ReturnType<typeof buildClassroomWorld>>;

/** Adds `teacherId` to a class as a substitute. */
export async function addSubstitute(app: FastifyInstance, classId: string, teacherId: string) {
  await app.services.db.insertInto('classTeachers').values({ classId, teacherId, isSubstitute: true }).execute();
}

export async function enrol(app: FastifyInstance, classId: string, studentId: string) {
  await app.services.db
    .insertInto('enrolments')
    .values({ classId, studentId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A High 5 given at the school, with categories by key. */
export async function giveHigh5(
  app: FastifyInstance,
  values: { schoolId: string; giverId: string; giverRole: string; receiverId: string; schoolDate: string; comment?: string; categoryKeys?: string[] },
) {
  const db = app.services.db;
  const row = await db
    .insertInto('recognitions')
    .values({
      kind: 'high5',
      schoolId: values.schoolId,
      giverId: values.giverId,
      giverRole: values.giverRole,
      receiverId: values.receiverId,
      receiverRole: 'student',
      schoolDate: values.schoolDate,
      comment: values.comment ?? '',
      givenAt: new Date(`${values.schoolDate}T18:00:00Z`),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const keys = values.categoryKeys ?? ['kindness'];
  const categories = await db.selectFrom('categories').select('id').where('kind', '=', 'high5').where('key', 'in', keys).execute();
  if (categories.length)
    await db
      .insertInto('recognitionCategories')
      .values(categories.map((c) => ({ recognitionId: row.id, categoryId: c.id })))
      .execute();
  return row.id;
}
