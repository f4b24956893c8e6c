import { AddDistrictSchema, AddSchoolSchema, EmailDomainSchema, isEmailDomain, optionalText, RequiredUrlSchema, StartRestoreSchema, UpdateDistrictSchema, UpdateSchoolSchema, type DistrictKind } from '@high5/contract';
import { z } from 'zod';

const update = UpdateDistrictSchema.shape;

/** A domain being typed into the list: blank, or one the server accepts. */
export const isDraftDomain = (draft: string) => draft.trim() === '' || isEmailDomain(draft);

/**
 * The district editor: the update's fields as the dialog edits them. The SIS address is required only
 * for an Aeries or Clever district; a blank key means "keep the stored one"; Clever's key and secret go together.
 */
export const districtFormSchema = (kind: DistrictKind) =>
  z
    .object({
      name: update.name.unwrap(),
      domains: z.array(EmailDomainSchema),
      /** Typed but not yet a chip: saved with the list when it is a domain. */
      domainDraft: z
        .string()
        .refine(isDraftDomain, 'invalid_domain')
        .transform((draft) => (draft.trim() ? EmailDomainSchema.parse(draft) : '')),
      baseUrl: kind === 'free' ? z.string() : RequiredUrlSchema,
      certificate: optionalText(4000),
      clientKey: optionalText(500),
      clientSecret: optionalText(500),
    })
    .refine((v) => (v.clientKey === '') === (v.clientSecret === ''), { message: 'key_and_secret', path: ['clientSecret'] });
export type DistrictFormSchema = ReturnType<typeof districtFormSchema>;

/** The school editor: both fields of the update, required here. */
export const schoolFormSchema = UpdateSchoolSchema.required();

const addSchool = AddSchoolSchema.shape;
/** A free school: the district typed (an existing one is picked by name, else a new one is made), the school, its time zone. */
export const freeSchoolFormSchema = z.object({ district: addSchool.newDistrictName.unwrap(), name: addSchool.name, timeZone: addSchool.timeZone.unwrap() });

const [aeries, clever] = AddDistrictSchema.options;
/** An Aeries (certificate) or Clever (client key and secret) district: the contract's fields, the other kind's secrets unused. */
export const sisDistrictFormSchema = (kind: 'aeries' | 'clever') =>
  z.object({
    name: aeries.shape.name,
    baseUrl: aeries.shape.baseUrl,
    testMode: z.boolean(),
    certificate: kind === 'aeries' ? aeries.shape.certificate : z.string(),
    clientKey: kind === 'clever' ? clever.shape.clientKey : z.string(),
    clientSecret: kind === 'clever' ? clever.shape.clientSecret : z.string(),
  });

/** A restore: the target school (as the contract's body names it) and, without a listed backup, the file to upload (Start waits for it). */
export const restoreFormSchema = z.object({ targetSchoolId: StartRestoreSchema.shape.targetSchoolId, file: z.instanceof(File).nullable() });
