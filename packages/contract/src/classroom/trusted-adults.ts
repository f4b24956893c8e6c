import { z } from 'zod';
import { endpoint, UuidSchema } from '../core.js';
import { CLASSROOM_LIMITS } from './common.js';
import { SearchSchema, IdList } from './internal.js';

/** No e-mail: a student needs an adult's name and role, not their address (docs/decisions/0156). */
export const TrustedAdultSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  /** The adult's role at the school: teacher or staff. */
  category: z.enum(['teacher', 'staff']),
});

export const trustedAdultsEndpoints = {
  // --- Trusted adults (docs/rules/classroom.md#trusted-adults) ---------------------------
  trustedAdults: endpoint({
    id: 'classroom.trustedAdults',
    method: 'GET',
    path: '/trusted-adults',
    summary: "The student's trusted adults.",
    access: ['student'],
    response: z.array(TrustedAdultSchema),
  }),
  trustedAdultCandidates: endpoint({
    id: 'classroom.trustedAdultCandidates',
    method: 'GET',
    path: '/trusted-adults/candidates',
    summary: "Teachers and staff of the student's school who are not yet trusted adults.",
    access: ['student'],
    query: z.object({ search: SearchSchema }),
    response: z.array(TrustedAdultSchema),
  }),
  trustedAdultsAdd: endpoint({
    id: 'classroom.trustedAdultsAdd',
    method: 'POST',
    path: '/trusted-adults',
    summary: "Adds trusted adults among the school's teachers and staff.",
    access: ['student'],
    body: z.object({ adultIds: IdList(CLASSROOM_LIMITS.trustedAdultsBatchMax) }),
    response: z.array(TrustedAdultSchema),
    errors: ['TRUSTED_ADULT_NOT_ALLOWED'],
  }),
  trustedAdultsRemove: endpoint({
    id: 'classroom.trustedAdultsRemove',
    method: 'DELETE',
    path: '/trusted-adults/:adultId',
    summary: 'Removes a trusted adult.',
    access: ['student'],
    params: z.object({ adultId: UuidSchema }),
    response: z.array(TrustedAdultSchema),
    errors: ['NOT_FOUND'],
  }),
};
