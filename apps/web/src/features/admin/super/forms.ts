import {
  AddDistrictSchema,
  AddSchoolSchema,
  EmailDomainSchema,
  isEmailDomain,
  isIsoDate,
  MetadataColumnSchema,
  optionalText,
  RequiredUrlSchema,
  StartRestoreSchema,
  UpdateDistrictSchema,
  UpdateRosterSettingsSchema,
  UpdateSchoolSchema,
  type DistrictKind,
} from '@high5/contract';
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

const roster = UpdateRosterSettingsSchema.shape;
const pause = roster.summerPause.unwrap().unwrap();
/** A OneRoster flag's column as typed: empty, or the contract's `metadata.*` name. */
const flagColumn = z
  .string()
  .trim()
  .refine((v) => v === '' || MetadataColumnSchema.safeParse(v).success, 'invalid_metadata_column');
/**
 * A district's roster settings as the form holds them: the hold threshold as typed, the summer pause's
 * dates as the date fields leave them ('' none, 'invalid' left incomplete, as the profile's birthday).
 * The update's own rules check the time, the zone, the threshold (1 to 100) and the pause's order; both dates or neither.
 */
export const rosterSettingsFormSchema = z
  .object({
    testMode: z.boolean(),
    syncTime: roster.syncTime.unwrap(),
    timeZone: roster.timeZone.unwrap(),
    holdPercent: z.preprocess((typed: string) => (/^\d{1,3}$/.test(typed) ? Number(typed) : Number.NaN), roster.holdPercent.unwrap()),
    pauseFrom: z.string(),
    pauseUntil: z.string(),
    // Empty: the district's files do not carry this flag.
    iepColumn: flagColumn,
    plan504Column: flagColumn,
    englishLearnerColumn: flagColumn,
  })
  .superRefine(({ pauseFrom: from, pauseUntil: until }, ctx) => {
    const incomplete = [from && !isIsoDate(from) && 'pauseFrom', until && !isIsoDate(until) && 'pauseUntil'].find(Boolean);
    if (incomplete) ctx.addIssue({ code: 'custom', path: [incomplete], message: 'common:dateField.incomplete' });
    else if ((from === '') !== (until === '')) ctx.addIssue({ code: 'custom', path: ['pauseUntil'], message: 'admin:roster.pauseBoth' });
    else if (from && !pause.safeParse({ from, until }).success) ctx.addIssue({ code: 'custom', path: ['pauseUntil'], message: 'admin:roster.pauseRange' });
  })
  .transform(({ pauseFrom, pauseUntil, iepColumn, plan504Column, englishLearnerColumn, ...rest }) => ({
    ...rest,
    summerPause: pauseFrom && pauseUntil ? { from: pauseFrom, until: pauseUntil } : null,
    flagColumns: { iep: iepColumn || null, plan504: plan504Column || null, englishLearner: englishLearnerColumn || null },
  }));
