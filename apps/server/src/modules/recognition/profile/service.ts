import { toIsoDate } from '@high5/contract';
import type { Profile, ProfileUpdateSchema } from '@high5/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/database.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import { currentSchool } from '../../../lib/current-school.js';
import { canChangeOwnPhoto, canEditBio, canEditContact } from '../../../policies/user.js';
import type { Services } from '../../../services/index.js';
import { photoLink } from '../photo/service.js';
import { findProfile, schoolTimeZone, updateProfileFields } from './queries.js';

export async function getProfile(db: Db, services: Services, user: SessionUser): Promise<Profile> {
  const school = currentSchool(user);
  const row = await findProfile(db, user.id, school.schoolId);
  if (!row) throw notFound();
  return {
    id: row.id,
    role: school.role,
    isAdmin: user.isAdmin,
    firstName: row.firstName,
    lastName: row.lastName,
    dateOfBirth: row.dateOfBirth,
    pronoun: row.pronoun,
    phone: canEditContact(user) ? row.phone : null,
    zipCode: canEditContact(user) ? row.zipCode : null,
    department: canEditContact(user) ? row.department : null,
    bio: canEditBio(user) ? row.bio : null,
    gender: row.gender as Profile['gender'],
    email: row.email,
    username: row.username,
    schoolName: row.schoolName,
    districtName: row.districtName,
    photoUrl: await photoLink(services, row.photoKey),
    canChangePhoto: canChangeOwnPhoto(user),
    canEditBio: canEditBio(user),
    canEditContact: canEditContact(user),
    today: toIsoDate(services.clock.now(), row.timeZone),
    notYetMail: school.role === 'teacher' ? row.notYetMail : null,
  };
}

/** Saves the editable fields: a birth date after the school's today is refused, and so is a student's bio. */
export async function updateProfile(db: Db, services: Services, user: SessionUser, body: z.output<typeof ProfileUpdateSchema>) {
  const school = currentSchool(user);
  if (!canEditBio(user) && body.bio) throw forbidden('BIO_NOT_ALLOWED');
  if (!canEditContact(user) && (body.phone || body.zipCode || body.department)) throw forbidden('CONTACT_NOT_ALLOWED');
  if (body.dateOfBirth) {
    const { timeZone } = await schoolTimeZone(db, school.schoolId);
    if (body.dateOfBirth > toIsoDate(services.clock.now(), timeZone))
      throw badRequest('VALIDATION_FAILED', [{ path: 'body.dateOfBirth', code: 'invalid_future_date' }]);
  }
  const { bio, phone, zipCode, department, notYetMail, ...fields } = body;
  // A student's stored contact fields (from before this rule) are left as they are, never shown.
  const contact = canEditContact(user) ? { phone, zipCode, department } : {};
  // Only a teacher is sent the monthly "not yet" e-mail; anyone else's choice is ignored.
  const mail = notYetMail !== undefined && school.role === 'teacher' ? { notYetMail } : {};
  await updateProfileFields(db, user.id, canEditBio(user) ? { ...fields, ...contact, ...mail, bio } : { ...fields, ...contact, ...mail });
  return getProfile(db, services, user);
}
