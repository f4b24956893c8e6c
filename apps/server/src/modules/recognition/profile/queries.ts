import type { Db } from '../../../db/database.js';

/** The user's own fields with their school's and district's names and the school's time zone. */
export function findProfile(db: Db, userId: string, schoolId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('schoolMemberships as m', (join) => join.onRef('m.userId', '=', 'u.id').on('m.schoolId', '=', schoolId))
    .innerJoin('schools as s', 's.id', 'm.schoolId')
    .innerJoin('districts as d', 'd.id', 's.districtId')
    .select([
      'u.id',
      'u.firstName',
      'u.lastName',
      'u.dateOfBirth',
      'u.pronoun',
      'u.phone',
      'u.zipCode',
      'u.department',
      'u.bio',
      'u.gender',
      'u.email',
      'u.username',
      'u.photoKey',
      'u.notYetMail',
      's.name as schoolName',
      'd.name as districtName',
      's.timeZone',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export function schoolTimeZone(db: Db, schoolId: string) {
  return db.selectFrom('schools').select('timeZone').where('id', '=', schoolId).executeTakeFirstOrThrow();
}

export interface ProfileFields {
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  pronoun: string | null;
  /** Left out to keep the stored value (students are not asked, decision 0306). */
  phone?: string | null;
  zipCode?: string | null;
  department?: string | null;
  gender: string | null;
  /** Left out to keep the stored bio as it is (students). */
  bio?: string | null;
  /** Left out to keep the stored choice (only teachers have one). */
  notYetMail?: boolean;
}

export async function updateProfileFields(db: Db, userId: string, fields: ProfileFields) {
  await db.updateTable('users').set(fields).where('id', '=', userId).execute();
}
