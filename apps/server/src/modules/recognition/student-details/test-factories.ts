import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** A multipart body with one file, as a browser's FormData sends it. */
export function multipartFile(bytes: Buffer, options: { field?: string; filename?: string; contentType?: string } = {}) {
  const boundary = `----high5test${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'photo'}"; filename="${options.filename ?? 'photo.jpg'}"\r\nContent-Type: ${options.contentType ?? 'image/jpeg'}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small JPEG as a phone makes it: GPS position in its EXIF, stored sideways (orientation 6). */
export function jpegWithGps(width = 80, height = 40) {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 46/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 25/1 10/1' },
    })
    .toBuffer();
}

/** True when EXIF bytes hold a GPS IFD pointer (tag 0x8825, either byte order). */
export function hasGpsTag(exif: Buffer | undefined) {
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

export function pngImage(width: number, height: number) {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 120, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();
}

export function webpImage(width: number, height: number) {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 120, b: 90, alpha: 1 } } })
    .webp({ quality: 50 })
    .toBuffer();
}

export async function addMood(app: FastifyInstance, values: { userId: string; schoolId: string; schoolDate: string; mood?: string; comment?: string }) {
  await app.services.db
    .insertInto('moods')
    .values({
      userId: values.userId,
      schoolId: values.schoolId,
      schoolDate: values.schoolDate,
      mood: values.mood ?? 'grinning',
      lowEnjoyment: false,
      comment: values.comment ?? '',
    })
    .execute();
}

export async function addAttendance(app: FastifyInstance, values: { classId: string; studentId: string; schoolDate: string; code: 'P' | 'A' | 'T' | 'E' }) {
  await app.services.db.insertInto('attendance').values(values).execute();
}

export async function addTrustedAdult(app: FastifyInstance, studentId: string, adultId: string) {
  await app.services.db.insertInto('trustedAdults').values({ studentId, adultId }).execute();
}

export async function setSchoolPaid(app: FastifyInstance, schoolId: string, paid: boolean) {
  const school = await app.services.db.selectFrom('schools').select('districtId').where('id', '=', schoolId).executeTakeFirstOrThrow();
  await app.services.db.updateTable('districts').set({ paid }).where('id', '=', school.districtId).execute();
}

/** The district's SIS lists the school (a source id) and the student at it, as a sync leaves them (docs/decisions/0606). */
export async function rosterStudent(app: FastifyInstance, schoolId: string, studentId: string) {
  const db = app.services.db;
  const school = await db
    .updateTable('schools')
    .set({ sourceId: `sis-${schoolId.slice(0, 8)}` })
    .where('id', '=', schoolId)
    .returning('districtId')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('rosterPeople')
    .values({ districtId: school.districtId, sourceId: `sis-${studentId.slice(0, 8)}`, userId: studentId })
    .execute();
  await db.updateTable('schoolMemberships').set({ rostered: true }).where('schoolId', '=', schoolId).where('userId', '=', studentId).execute();
}

export async function addRecognition(
  app: FastifyInstance,
  values: { kind: 'high5' | 'vibe'; schoolId: string; giverId: string; giverRole: string; receiverId: string; receiverRole: string; schoolDate: string },
) {
  await app.services.db.insertInto('recognitions').values(values).execute();
}
