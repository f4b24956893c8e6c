import { z } from 'zod';
import { endpoint, EmptySchema, optionalText, requiredText, UuidSchema } from '../core.js';
import { CLASSROOM_LIMITS, ClassStudentSchema } from './common.js';
import { ClassIdParams, SearchSchema, IdList, MANAGERS } from './internal.js';

// ---------------------------------------------------------------------------
// CSV invites (docs/rules/classroom.md#invitations): Email, First Name, Last Name
// ---------------------------------------------------------------------------

export const InviteEmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
export const InviteRowSchema = z.object({
  email: InviteEmailSchema,
  firstName: optionalText(60).default(''),
  lastName: optionalText(60).default(''),
});
export type InviteRow = z.input<typeof InviteRowSchema>;
/** An invitation: 1 to inviteRowsMax students (one typed, or a CSV file's rows). */
export const InviteStudentsBodySchema = z.object({ students: z.array(InviteRowSchema).min(1).max(CLASSROOM_LIMITS.inviteRowsMax) });
const ClassStudentParams = z.object({ classId: UuidSchema, studentId: UuidSchema });
export const ClassNameSchema = requiredText(CLASSROOM_LIMITS.classNameMax);
/** The class rules of the server's policies folder, answered with each class (docs/decisions/0470). */
export const ClassPoliciesSchema = z.object({
  /** Rename it, its students, teachers and invitations. */
  canManage: z.boolean(),
  canDelete: z.boolean(),
  /** Its seating chart and attendance (the class's teachers only). */
  canTeach: z.boolean(),
  /** Add, remove, invite or approve students: not for a rostered class (docs/decisions/0600). */
  canChangeStudents: z.boolean(),
});
export type ClassPolicies = z.infer<typeof ClassPoliciesSchema>;
/** A class as its teachers and the school's admins see it. */
export const ClassSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  /** The class code students join with (joining_code). */
  code: z.string(),
  ownerId: UuidSchema,
  ownerName: z.string(),
  /** The caller teaches this class (as owner or substitute). */
  teaches: z.boolean(),
  isOwner: z.boolean(),
  studentCount: z.number().int(),
  requestCount: z.number().int(),
  /** A class of a past school year: kept for history, read-only (docs/decisions/0571). */
  lastYear: z.boolean(),
  /** A section of the school's roster: its students come from the SIS only (docs/decisions/0600). */
  rostered: z.boolean(),
  /** What the caller may do with this class, answered by the server's policies (docs/decisions/0470). */
  policies: ClassPoliciesSchema,
});
export type ClassItem = z.infer<typeof ClassSchema>;
export const ClassTeacherSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  email: z.string().nullable(),
  isOwner: z.boolean(),
  /** The owner cannot be removed (disable_remove_teacher). */
  disableRemove: z.boolean(),
});
export type ClassTeacher = z.infer<typeof ClassTeacherSchema>;
export const PersonSchema = z.object({ id: UuidSchema, name: z.string(), email: z.string().nullable() });
export type Person = z.infer<typeof PersonSchema>;
export const InviteResultSchema = z.object({
  /** New accounts, and students of the school who never registered, enrolled; each got a new temporary password by e-mail. */
  invited: z.array(z.string()),
  /** Registered students of the school, now enrolled (they are not e-mailed). */
  enrolled: z.array(z.string()),
  /** E-mails that belong to an account that cannot be enrolled ('student already exists'). */
  failedUsers: z.array(z.string()),
});
export type InviteResult = z.infer<typeof InviteResultSchema>;
/** The create-class and rename-class body (their dialog validates with it too). */
export const ClassNameBodySchema = z.object({ name: ClassNameSchema });

export const classesEndpoints = {
  // --- Teacher classes (docs/rules/classroom.md#teacher-classes) -----------------
  classList: endpoint({
    id: 'classroom.classList',
    method: 'GET',
    path: '/classes',
    summary: 'Classes the caller teaches; for a school admin, every class of the school.',
    access: MANAGERS,
    response: z.array(ClassSchema),
  }),
  classCreate: endpoint({
    id: 'classroom.classCreate',
    method: 'POST',
    path: '/classes',
    summary: "Creates a class owned by the caller, with a fresh class code; its name must differ from the caller's other classes (trimmed, any case).",
    access: MANAGERS,
    body: ClassNameBodySchema,
    response: ClassSchema,
    errors: ['CLASS_NAME_TAKEN'],
  }),
  classRename: endpoint({
    id: 'classroom.classRename',
    method: 'PUT',
    path: '/classes/:classId',
    summary: "Renames a class (its teachers or a school admin); the name must differ from its owner's other classes.",
    access: MANAGERS,
    params: ClassIdParams,
    body: ClassNameBodySchema,
    response: ClassSchema,
    errors: ['CLASS_NAME_TAKEN', 'CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),
  classDelete: endpoint({
    id: 'classroom.classDelete',
    method: 'DELETE',
    path: '/classes/:classId',
    summary: 'Deletes a class with its enrolments, charts and attendance (its owner or a school admin).',
    access: MANAGERS,
    params: ClassIdParams,
    response: EmptySchema,
    errors: ['CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),
  classStudents: endpoint({
    id: 'classroom.classStudents',
    method: 'GET',
    path: '/classes/:classId/students',
    summary: 'The students enrolled in a class.',
    access: MANAGERS,
    params: ClassIdParams,
    response: z.array(ClassStudentSchema),
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classStudentCandidates: endpoint({
    id: 'classroom.classStudentCandidates',
    method: 'GET',
    path: '/classes/:classId/student-candidates',
    summary: 'Students of the school not yet in the class (find student), by name or e-mail.',
    access: MANAGERS,
    params: ClassIdParams,
    query: z.object({ search: SearchSchema }),
    response: z.array(ClassStudentSchema),
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classEnrol: endpoint({
    id: 'classroom.classEnrol',
    method: 'POST',
    path: '/classes/:classId/students',
    summary: 'Enrols students of the school in the class.',
    access: MANAGERS,
    params: ClassIdParams,
    body: z.object({ studentIds: IdList(CLASSROOM_LIMITS.enrolBatchMax) }),
    response: z.object({ enrolled: z.number().int() }),
    errors: ['STUDENT_NOT_IN_SCHOOL', 'CLASS_ROSTERED', 'CLASS_LAST_YEAR', 'ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classRemoveStudent: endpoint({
    id: 'classroom.classRemoveStudent',
    method: 'DELETE',
    path: '/classes/:classId/students/:studentId',
    summary: 'Removes a student from the class.',
    access: MANAGERS,
    params: ClassStudentParams,
    response: EmptySchema,
    errors: ['CLASS_ROSTERED', 'CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),
  classRequests: endpoint({
    id: 'classroom.classRequests',
    method: 'GET',
    path: '/classes/:classId/requests',
    summary: 'Pending enrolment requests of a class.',
    access: MANAGERS,
    params: ClassIdParams,
    response: z.array(ClassStudentSchema),
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classDecideRequests: endpoint({
    id: 'classroom.classDecideRequests',
    method: 'POST',
    path: '/classes/:classId/requests/decision',
    summary: 'Approves (enroll true) or rejects (enroll false) enrolment requests.',
    access: MANAGERS,
    params: ClassIdParams,
    body: z.object({ studentIds: IdList(CLASSROOM_LIMITS.enrolBatchMax), enroll: z.boolean() }),
    response: z.object({ failedStudentIds: z.array(UuidSchema) }),
    errors: ['CLASS_ROSTERED', 'CLASS_LAST_YEAR', 'ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classTeachers: endpoint({
    id: 'classroom.classTeachers',
    method: 'GET',
    path: '/classes/:classId/teachers',
    summary: 'The owner and the substitute teachers of a class.',
    access: MANAGERS,
    params: ClassIdParams,
    response: z.array(ClassTeacherSchema),
    errors: ['NOT_FOUND'],
  }),
  classTeacherCandidates: endpoint({
    id: 'classroom.classTeacherCandidates',
    method: 'GET',
    path: '/classes/:classId/teacher-candidates',
    summary: 'Teachers of the school who do not teach the class yet (find teacher).',
    access: MANAGERS,
    params: ClassIdParams,
    query: z.object({ search: SearchSchema }),
    response: z.array(PersonSchema),
    errors: ['NOT_FOUND'],
  }),
  classAddTeacher: endpoint({
    id: 'classroom.classAddTeacher',
    method: 'POST',
    path: '/classes/:classId/teachers',
    summary: 'Adds a teacher of the same school as a substitute.',
    access: MANAGERS,
    params: ClassIdParams,
    body: z.object({ teacherId: UuidSchema }),
    response: z.array(ClassTeacherSchema),
    errors: ['TEACHER_NOT_IN_SCHOOL', 'CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),
  classRemoveTeacher: endpoint({
    id: 'classroom.classRemoveTeacher',
    method: 'DELETE',
    path: '/classes/:classId/teachers/:teacherId',
    summary: 'Removes a substitute teacher; the owner cannot be removed.',
    access: MANAGERS,
    params: z.object({ classId: UuidSchema, teacherId: UuidSchema }),
    response: z.array(ClassTeacherSchema),
    errors: ['OWNER_CANNOT_BE_REMOVED', 'NOT_FOUND'],
  }),
  classInvite: endpoint({
    id: 'classroom.classInvite',
    rateLimit: { max: 20, perSeconds: 3600 }, // up to 200 accounts and e-mails each
    method: 'POST',
    path: '/classes/:classId/invitations',
    summary: 'Invites students by e-mail or CSV: new accounts get a temporary password by e-mail, existing students of the school are enrolled.',
    access: MANAGERS,
    params: ClassIdParams,
    body: InviteStudentsBodySchema,
    response: InviteResultSchema,
    errors: ['CLASS_ROSTERED', 'CLASS_LAST_YEAR', 'ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
};
