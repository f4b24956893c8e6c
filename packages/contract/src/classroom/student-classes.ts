import { z } from 'zod';
import { endpoint, EmptySchema, UuidSchema } from '../core.js';
import { ClassIdParams } from './internal.js';

export const StudentClassSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  teacherName: z.string(),
  enrolled: z.boolean(),
  requested: z.boolean(),
  /** A class of a past school year (read-only). */
  lastYear: z.boolean(),
});
export type StudentClass = z.infer<typeof StudentClassSchema>;
export const ClassmateSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  registered: z.boolean(),
  isMe: z.boolean(),
});
export type Classmate = z.infer<typeof ClassmateSchema>;

export const studentClassesEndpoints = {
  // --- Student classes (docs/rules/classroom.md#student-classes) -------------------------------
  studentClasses: endpoint({
    id: 'classroom.studentClasses',
    method: 'GET',
    path: '/student/classes',
    summary: "The student's classes (enrolled=true) or the school's other classes (enrolled=false).",
    access: ['student'],
    query: z.object({ enrolled: z.enum(['true', 'false']).transform((v) => v === 'true') }),
    response: z.array(StudentClassSchema),
  }),
  studentClassmates: endpoint({
    id: 'classroom.studentClassmates',
    method: 'GET',
    path: '/student/classes/:classId/students',
    summary: 'The students of a class the caller is enrolled in.',
    access: ['student'],
    params: ClassIdParams,
    response: z.array(ClassmateSchema),
    errors: ['NOT_FOUND'],
  }),
  studentRequestEnrolment: endpoint({
    id: 'classroom.studentRequestEnrolment',
    method: 'POST',
    path: '/student/classes/:classId/request',
    summary: "Asks to join a class of the student's school; a teacher of the class approves.",
    access: ['student'],
    params: ClassIdParams,
    body: EmptySchema,
    response: EmptySchema,
    errors: ['ALREADY_ENROLLED', 'CLASS_ROSTERED', 'CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),
};
