import { z } from 'zod';
import { endpoint, requiredText, UuidSchema } from './core.js';
import { RequiredUrlSchema } from './admin.js';
import { isKnownTimeZone } from './dates.js';

// Super admin: editing and deleting districts and schools (docs/decisions/0315)
// Kept apart from admin.ts, which is already long; registered with every other endpoint in index.ts.

const districtParams = z.object({ districtId: UuidSchema });
const schoolParams = z.object({ schoolId: UuidSchema });

/** Most allowed e-mail domains one district may list. */
export const MAX_DISTRICT_DOMAINS = 50;

/** An e-mail domain such as `school.example.org` (lower-cased, no `@`, at least one dot). */
export const EmailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .min(3)
      .max(253)
      .regex(/^(?!-)[a-z0-9-]{1,63}(\.(?!-)[a-z0-9-]{1,63})+$/, 'invalid_domain'),
  );

/** True when the text is an e-mail domain the server accepts. */
export const isEmailDomain = (value: string) => EmailDomainSchema.safeParse(value).success;

export const UpdateDistrictSchema = z
  .object({
    name: requiredText(120).optional(),
    /** Teachers signing up with an e-mail on one of these domains are active at once; others wait for approval. */
    domains: z
      .array(EmailDomainSchema)
      .max(MAX_DISTRICT_DOMAINS)
      .transform((list) => [...new Set(list)])
      .optional(),
    /** An Aeries or Clever district's SIS address (the next sync reads it all again). */
    baseUrl: RequiredUrlSchema.optional(),
    /** New credentials replace the stored ones (encrypted, never sent back): Aeries a certificate, Clever key and secret together. */
    certificate: requiredText(4000).optional(),
    clientKey: requiredText(500).optional(),
    clientSecret: requiredText(500).optional(),
  })
  .strict()
  .refine((v) => (v.clientKey === undefined) === (v.clientSecret === undefined), { message: 'key_and_secret', path: ['clientSecret'] });
export type UpdateDistrict = z.input<typeof UpdateDistrictSchema>;

export const UpdateSchoolSchema = z
  .object({
    name: requiredText(120).optional(),
    timeZone: z.string().min(1).max(64).refine(isKnownTimeZone, 'invalid_time_zone').optional(),
  })
  .strict();
export type UpdateSchool = z.input<typeof UpdateSchoolSchema>;

const DistrictEditSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  domains: z.array(z.string()),
});

const SchoolEditSchema = z.object({ id: UuidSchema, name: z.string(), districtId: UuidSchema, timeZone: z.string() });

export const superEditEndpoints = {
  updateDistrict: endpoint({
    id: 'superEdit.updateDistrict',
    method: 'PATCH',
    path: '/super/districts/:districtId',
    summary:
      "Renames a district, replaces its allowed e-mail domains (teachers outside them wait for approval), or changes an Aeries or Clever district's base URL and credentials.",
    access: 'superAdmin',
    params: districtParams,
    body: UpdateDistrictSchema,
    response: DistrictEditSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'DISTRICT_EXISTS', 'ROSTER_NOT_SIS'],
  }),
  deleteDistrict: endpoint({
    id: 'superEdit.deleteDistrict',
    method: 'DELETE',
    path: '/super/districts/:districtId',
    summary: 'Deletes a district that has no schools left (each school is deleted first, with its own confirmations).',
    access: 'superAdmin',
    params: districtParams,
    body: z.object({}).strict(),
    response: z.object({ id: UuidSchema }),
    errors: ['NOT_FOUND', 'DISTRICT_HAS_SCHOOLS'],
  }),
  updateSchool: endpoint({
    id: 'superEdit.updateSchool',
    method: 'PATCH',
    path: '/super/schools/:schoolId',
    summary: 'Renames a school or changes its time zone.',
    access: 'superAdmin',
    params: schoolParams,
    body: UpdateSchoolSchema,
    response: SchoolEditSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'SCHOOL_EXISTS'],
  }),
};
