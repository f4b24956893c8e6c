import { z } from 'zod';
import { EmailSchema, NameSchema } from '../auth.js';
import { EmptySchema, endpoint, LanguageSchema, UuidSchema } from '../core.js';
import { StaffGroupSchema } from './common.js';
import { userParams } from './internal.js';

// ---------------------------------------------------------------------------------------------
// Users: admins, staff and teachers, approvals, staff invitations
// ---------------------------------------------------------------------------------------------

/** Most teachers and staff one "Invite all" sends at once. */
export const STAFF_INVITE_MAX = 200;

export const AdminUserSchema = z.object({
  id: UuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  role: StaffGroupSchema,
  isAdmin: z.boolean(),
  /** 'pending': a teacher whose e-mail domain is not on the district's list, waiting for approval. */
  status: z.enum(['active', 'pending']),
  /** A teacher made from staff by an admin: only such a teacher can be reverted to staff. */
  staffAsTeacher: z.boolean(),
  isSelf: z.boolean(),
  /** From the profile, for gendered words ("administradora"); null when not given. */
  gender: z.enum(['M', 'F', 'O']).nullable(),
  /** The school's only active admin: their own admin flag cannot be removed (LAST_ADMIN). */
  soleAdmin: z.boolean(),
  /**
   * Has chosen their own password (or signs in with Google). A rostered account, or an invitation
   * not yet used, has not: the admin can invite them (decision 0537).
   */
  registered: z.boolean(),
  /** The e-mail address was confirmed: approvers are asked only then (docs/decisions/0607). */
  emailConfirmed: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const InviteStaffSchema = z.object({
  firstName: NameSchema,
  lastName: NameSchema,
  email: EmailSchema,
  /** The language of the invitation e-mail and of the new account. */
  language: LanguageSchema,
});
export type InviteStaff = z.input<typeof InviteStaffSchema>;

/** A family link of the school (docs/decisions/0155): linked, or asked and not yet accepted. */
export const FamilyLinkSchema = z.object({
  parentId: UuidSchema,
  parentName: z.string(),
  parentEmail: z.string().nullable(),
  studentId: UuidSchema,
  studentName: z.string(),
  status: z.enum(['linked', 'requested']),
  /** ISO timestamp of the link or the request. */
  since: z.string(),
  /**
   * A link the school knows: confirmed by an admin (docs/decisions/0540). Only a known parent's
   * mood consent counts; a link a student made stays unconfirmed until then. Null for requests.
   */
  confirmedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
});
export type FamilyLink = z.infer<typeof FamilyLinkSchema>;

export const usersEndpoints = {
  // --- School admin: users --------------------------------------------------------------------
  users: endpoint({
    id: 'admin.users',
    method: 'GET',
    path: '/admin/users',
    summary: "The current school's teachers or staff with their admin flag (teachers waiting for approval included).",
    access: 'schoolAdmin',
    query: z.object({ role: StaffGroupSchema }),
    response: z.array(AdminUserSchema),
  }),
  makeAdmin: endpoint({
    id: 'admin.makeAdmin',
    method: 'PUT',
    path: '/admin/users/:userId/admin',
    summary: 'Gives a teacher or staff member of the current school the admin flag.',
    access: 'schoolAdmin',
    params: userParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'ROLE_MISMATCH'],
  }),
  removeAdmin: endpoint({
    id: 'admin.removeAdmin',
    method: 'DELETE',
    path: '/admin/users/:userId/admin',
    summary: 'Removes the admin flag; an admin cannot remove their own when they are the last admin of the school.',
    access: 'schoolAdmin',
    params: userParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'LAST_ADMIN', 'ROLE_MISMATCH'],
  }),
  makeTeacher: endpoint({
    id: 'admin.makeTeacher',
    method: 'PUT',
    path: '/admin/users/:userId/staff-as-teacher',
    summary: 'Makes a staff member of the current school a teacher.',
    access: 'schoolAdmin',
    params: userParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'ROLE_MISMATCH'],
  }),
  revertToStaff: endpoint({
    id: 'admin.revertToStaff',
    method: 'DELETE',
    path: '/admin/users/:userId/staff-as-teacher',
    summary: 'Reverts a teacher who was made from staff back to staff (not while they teach a class).',
    access: 'schoolAdmin',
    params: userParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'ROLE_MISMATCH', 'TEACHER_HAS_CLASSES'],
  }),
  approveTeacher: endpoint({
    id: 'admin.approveTeacher',
    method: 'POST',
    path: '/admin/users/:userId/approval',
    summary: 'Approves a teacher waiting for approval (e-mail domain not on the district list); the teacher is told by e-mail.',
    access: 'schoolAdmin',
    params: userParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'NOT_PENDING'],
  }),
  rejectTeacher: endpoint({
    id: 'admin.rejectTeacher',
    method: 'DELETE',
    path: '/admin/users/:userId/approval',
    summary: 'Declines a teacher waiting for approval: their membership of the school is removed.',
    access: 'schoolAdmin',
    params: userParams,
    body: EmptySchema,
    response: EmptySchema,
    errors: ['NOT_FOUND', 'NOT_PENDING'],
  }),
  familyLinks: endpoint({
    id: 'admin.familyLinks',
    method: 'GET',
    path: '/admin/family-links',
    summary: "The current school's parent links and the requests not yet accepted.",
    access: 'schoolAdmin',
    response: z.array(FamilyLinkSchema),
  }),
  removeFamilyLink: endpoint({
    id: 'admin.removeFamilyLink',
    method: 'DELETE',
    path: '/admin/family-links/:parentId/:studentId',
    summary: 'Removes a parent link or request of the current school; a parent left without a child here loses their parent membership. Audited.',
    access: 'schoolAdmin',
    params: z.object({ parentId: UuidSchema, studentId: UuidSchema }),
    body: EmptySchema,
    response: z.array(FamilyLinkSchema),
    errors: ['NOT_FOUND'],
  }),
  confirmFamilyLink: endpoint({
    id: 'admin.confirmFamilyLink',
    method: 'POST',
    path: '/admin/family-links/:parentId/:studentId/confirm',
    summary: 'Confirms a parent link of the current school (the school knows this parent): from then on their mood consent counts. Audited.',
    access: 'schoolAdmin',
    params: z.object({ parentId: UuidSchema, studentId: UuidSchema }),
    body: EmptySchema,
    response: z.array(FamilyLinkSchema),
    errors: ['NOT_FOUND'],
  }),
  inviteStaff: endpoint({
    id: 'admin.inviteStaff',
    rateLimit: { max: 100, perSeconds: 3600 }, // an account and an e-mail each
    method: 'POST',
    path: '/admin/staff-invitations',
    summary: 'Creates a staff account with a temporary password (valid 7 days) and e-mails it in the chosen language.',
    access: 'schoolAdmin',
    body: InviteStaffSchema,
    response: z.object({ outcome: z.enum(['invited', 'reinvited']) }),
    errors: ['VALIDATION_FAILED', 'INVITE_STAFF_FAILED'],
  }),

  inviteUnregistered: endpoint({
    id: 'admin.inviteUnregistered',
    rateLimit: { max: 20, perSeconds: 3600 }, // up to 200 accounts and e-mails each
    method: 'POST',
    path: '/admin/user-invitations',
    summary:
      "E-mails the school's unregistered teachers and staff (rostered, or an unused invitation) an invitation with a new temporary password: one, or all of a list at once.",
    access: 'schoolAdmin',
    body: z.object({
      userIds: z
        .array(UuidSchema)
        .min(1)
        .max(STAFF_INVITE_MAX)
        .refine((ids) => new Set(ids).size === ids.length, 'duplicate_ids'),
    }),
    response: z.object({ invited: z.number().int(), failedUserIds: z.array(UuidSchema) }),
    errors: ['VALIDATION_FAILED'],
  }),
};
