import { z } from 'zod';
import { endpoint, EmptySchema, PAGE_SIZES, pageOf, pageQuery, UuidSchema } from '../core.js';
import { ClassInviteResultSchema } from '../class-cards.js';
import { studentFilterQuery, StudentFlagValuesSchema } from '../student-filters.js';
import { CLASSROOM_LIMITS, ClassStudentSchema } from './common.js';
import { ClassIdParams, IdList, MANAGERS } from './internal.js';

export const RosterStudentSchema = ClassStudentSchema.extend({
  /** An invitation e-mail can be sent (paid schools, unregistered students with an e-mail). */
  invitable: z.boolean(),
  /** IEP, 504 and English learner: in an admin's list only (docs/decisions/0601). */
  flags: StudentFlagValuesSchema.optional(),
});
export type RosterStudent = z.infer<typeof RosterStudentSchema>;
/** What the student list sorts by; ties by name, then id. */
export const RosterSortSchema = z.enum(['name', 'email', 'grade']);
export const RosterQuerySchema = z.object({ sort: RosterSortSchema.default('name'), ...studentFilterQuery, ...pageQuery(PAGE_SIZES[2]) });
export type RosterQuery = z.output<typeof RosterQuerySchema>;

export const studentListEndpoints = {
  // --- Student list (docs/rules/classroom.md#student-list) ------------------------------
  roster: endpoint({
    id: 'classroom.roster',
    method: 'GET',
    path: '/roster/students',
    summary: 'Students an admin (the whole school) or a teacher (their classes) looks after: searched, sorted and paged, with the count of all that match.',
    access: MANAGERS,
    query: RosterQuerySchema,
    response: pageOf(RosterStudentSchema).extend({ paid: z.boolean() }),
    errors: ['FLAG_FILTER_ADMIN_ONLY', 'ACCOUNT_PENDING_APPROVAL'],
  }),
  rosterResetPassword: endpoint({
    id: 'classroom.rosterResetPassword',
    rateLimit: { max: 60, perSeconds: 3600 }, // a temporary password each
    method: 'POST',
    path: '/roster/students/:studentId/password-reset',
    summary:
      'School admins: a one-time link for the student to choose a new password (24 h), e-mailed to a student with an e-mail, else shown once to the admin. No one receives a password.',
    access: MANAGERS,
    params: z.object({ studentId: UuidSchema }),
    body: EmptySchema,
    response: z.discriminatedUnion('delivery', [
      z.object({ delivery: z.literal('email'), login: z.string(), expiresAt: z.string() }),
      z.object({ delivery: z.literal('link'), login: z.string(), expiresAt: z.string(), link: z.string() }),
    ]),
    errors: ['ACCOUNT_PENDING_APPROVAL', 'FORBIDDEN', 'NOT_FOUND'],
  }),
  rosterInvite: endpoint({
    id: 'classroom.rosterInvite',
    rateLimit: { max: 20, perSeconds: 3600 }, // up to 200 accounts and e-mails each
    method: 'POST',
    path: '/roster/invitations',
    summary: 'Paid schools: e-mails unregistered students an invitation with a temporary password.',
    access: MANAGERS,
    body: z.object({ studentIds: IdList(CLASSROOM_LIMITS.inviteRowsMax) }),
    response: z.object({ invited: z.number().int(), failedStudentIds: z.array(UuidSchema) }),
    errors: ['PAID_SCHOOL_ONLY', 'ACCOUNT_PENDING_APPROVAL'],
  }),
  rosterClassInvite: endpoint({
    id: 'classroom.rosterClassInvite',
    rateLimit: { max: 20, perSeconds: 3600 }, // up to a class of accounts and e-mails each
    method: 'POST',
    path: '/roster/classes/:classId/invitations',
    summary:
      "Paid schools, school admins: sends each of a class's unregistered teachers and students their first sign-in (a temporary password by e-mail) and says per person what happened.",
    access: 'schoolAdmin',
    params: ClassIdParams,
    response: ClassInviteResultSchema,
    errors: ['PAID_SCHOOL_ONLY', 'NOT_FOUND'],
  }),
};
