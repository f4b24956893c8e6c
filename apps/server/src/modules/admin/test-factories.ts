import { gunzipSync } from 'node:zlib';
import { LOW_ENJOYMENT_MOODS } from '@high5/contract';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildClass, buildSchool, buildUser, linkParent, sessionFor, type BuildUser } from '../../test/factories.js';

/** A school with an admin teacher signed in to it. */
export async function schoolWithAdmin(app: FastifyInstance, values: { timeZone?: string } = {}) {
  const school = await buildSchool(app, values);
  const admin = await buildUser(app, { schoolId: school.id, role: 'teacher', isAdmin: true });
  const cookie = await sessionFor(app, admin.id, school.id);
  return { school, admin, cookie };
}

/** A member of `schoolId` and their session cookie. */
export async function member(app: FastifyInstance, schoolId: string, values: BuildUser = {}) {
  const user = await buildUser(app, { schoolId, ...values });
  return { user, cookie: await sessionFor(app, user.id, schoolId) };
}

export async function superAdmin(app: FastifyInstance) {
  const user = await buildUser(app, { isSuperAdmin: true });
  return { user, cookie: await sessionFor(app, user.id) };
}

export async function builtinCategories(app: FastifyInstance, kind: 'high5' | 'vibe') {
  return app.services.db
    .selectFrom('categories')
    .select(['id', 'key', 'nameEn', 'nameEs'])
    .where('kind', '=', kind)
    .where('schoolId', 'is', null)
    .orderBy('position')
    .execute();
}

/** Records a High 5 or Vibe as the recognition area would. */
export async function recognise(
  app: FastifyInstance,
  values: {
    kind?: 'high5' | 'vibe';
    schoolId: string;
    giver: { id: string; role: string };
    receiver: { id: string; role: string };
    date: string;
    comment?: string;
    categoryIds?: string[];
  },
) {
  const row = await app.services.db
    .insertInto('recognitions')
    .values({
      kind: values.kind ?? 'high5',
      schoolId: values.schoolId,
      giverId: values.giver.id,
      giverRole: values.giver.role,
      receiverId: values.receiver.id,
      receiverRole: values.receiver.role,
      comment: values.comment ?? '',
      schoolDate: values.date,
      givenAt: new Date(`${values.date}T18:00:00Z`),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.categoryIds?.length) {
    await app.services.db
      .insertInto('recognitionCategories')
      .values(values.categoryIds.map((categoryId) => ({ recognitionId: row.id, categoryId })))
      .execute();
  }
  return row.id;
}

/** Records a mood check-in as the classroom area would (low enjoyment follows the feeling). */
export async function checkIn(
  app: FastifyInstance,
  values: { userId: string; schoolId: string; date: string; mood: string; emergency?: boolean; priority?: 'none' | 'not-today' | 'today' },
) {
  await app.services.db
    .insertInto('moods')
    .values({
      userId: values.userId,
      schoolId: values.schoolId,
      schoolDate: values.date,
      mood: values.mood,
      lowEnjoyment: (LOW_ENJOYMENT_MOODS as readonly string[]).includes(values.mood),
      emergency: values.emergency ?? false,
      emergencyPriority: values.priority ?? 'none',
      checkedInAt: new Date(`${values.date}T17:00:00Z`),
    })
    .execute();
}

export async function auditActions(app: FastifyInstance, schoolId: string | null) {
  const query = app.services.db.selectFrom('auditLog').select(['action', 'actorId', 'targetId', 'details']).orderBy('id');
  return (schoolId ? query.where('schoolId', '=', schoolId) : query.where('schoolId', 'is', null)).execute();
}

export async function outbox(app: FastifyInstance) {
  await app.services.jobs.runDue();
  return app.services.db.selectFrom('devOutbox').select(['recipient', 'subject', 'bodyText']).orderBy('id').execute();
}

/** A school with people, classes, recognitions, moods, categories and files. */
export async function populatedSchool(app: FastifyInstance) {
  const { school, admin } = await schoolWithAdmin(app);
  const student = await buildUser(app, { schoolId: school.id, role: 'student', firstName: 'Only', lastName: 'Here' });
  const parent = await buildUser(app, { schoolId: school.id, role: 'parent' });
  await linkParent(app, parent.id, student.id);
  const elsewhere = await buildSchool(app);
  const twoSchools = await buildUser(app, { schoolId: school.id, role: 'teacher', firstName: 'Two', lastName: 'Schools' });
  await app.services.db.insertInto('schoolMemberships').values({ userId: twoSchools.id, schoolId: elsewhere.id, role: 'teacher' }).execute();
  const cls = await buildClass(app, { schoolId: school.id, ownerId: twoSchools.id, studentIds: [student.id] });
  const [kindness] = await builtinCategories(app, 'high5');
  await recognise(app, {
    schoolId: school.id,
    giver: { id: twoSchools.id, role: 'teacher' },
    receiver: { id: student.id, role: 'student' },
    date: '2026-10-10',
    comment: 'Bravo',
    categoryIds: [kindness!.id],
  });
  await checkIn(app, { userId: student.id, schoolId: school.id, date: '2026-10-10', mood: 'weary' });
  await app.services.db.insertInto('categories').values({ kind: 'high5', schoolId: school.id, key: null, nameEn: 'Own', nameEs: 'Propia' }).execute();
  await app.services.db.insertInto('journalEntries').values({ userId: student.id, heading: 'Dear diary', description: 'Grateful' }).execute();
  const photoKey = `schools/${school.id}/students/${student.id}.jpeg`;
  await app.services.storage.put(photoKey, Buffer.from('photo'), 'image/jpeg');
  await app.services.db.updateTable('users').set({ photoKey }).where('id', '=', student.id).execute();
  // Every other kind of school row, for the backup and restore round trip.
  const db = app.services.db;
  const [recognition] = await db.selectFrom('recognitions').select('id').where('schoolId', '=', school.id).execute();
  await db
    .insertInto('high5Feedback')
    .values({
      recognitionId: recognition!.id,
      authorId: admin.id,
      teacherId: twoSchools.id,
      studentId: student.id,
      comment: 'Well seen',
      feedbackDate: '2026-10-11',
    })
    .execute();
  await db.insertInto('trustedAdults').values({ studentId: student.id, adultId: admin.id }).execute();
  await db.insertInto('studentNotes').values({ schoolId: school.id, studentId: student.id, authorId: admin.id, body: 'Needs glasses' }).execute();
  await db
    .insertInto('seatingCharts')
    .values({ classId: cls.id, name: 'Front', rows: 2, cols: 3, seats: JSON.stringify({ '0_0': student.id }), createdBy: admin.id })
    .execute();
  await db
    .insertInto('attendance')
    .values({ classId: cls.id, studentId: student.id, schoolDate: '2026-10-12', code: 'P', recordedBy: twoSchools.id })
    .execute();
  // A closed year and last year's class in it (a school that rolled over).
  const lastYear = await db
    .insertInto('schoolYears')
    .values({ schoolId: school.id, startsOn: '2025-08-01', endsOn: '2026-07-31', state: 'closed' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await buildClass(app, { schoolId: school.id, ownerId: twoSchools.id, name: 'Last year', studentIds: [student.id] }).then((c) =>
    db.updateTable('classes').set({ schoolYearId: lastYear.id }).where('id', '=', c.id).execute(),
  );
  await db.insertInto('invitations').values({ schoolId: school.id, userId: parent.id, invitedBy: admin.id, kind: 'parent' }).execute();
  await db.insertInto('schoolNotificationEmails').values({ schoolId: school.id, email: 'office@example.test' }).execute();
  await db
    .insertInto('moodReportSettings')
    .values({ schoolId: school.id, rangeDays: 14, filters: ['emergency'] })
    .execute();
  await db.insertInto('categorySettings').values({ schoolId: school.id, categoryId: kindness!.id, enabled: false }).execute();
  await db.insertInto('dailyGiveCounts').values({ userId: twoSchools.id, schoolId: school.id, schoolDate: '2026-10-10', kind: 'high5', given: 1 }).execute();
  await db
    .insertInto('auditLog')
    .values({ actorId: admin.id, schoolId: school.id, action: 'test.action', details: JSON.stringify({ note: 'kept' }) })
    .execute();
  await db
    .updateTable('moods')
    .set({ acknowledgedBy: admin.id, acknowledgedAt: sql<Date>`'2026-10-10T19:00:00.123456Z'::timestamptz` })
    .where('userId', '=', student.id)
    .execute();
  // Links to another school's people stay out of this school's backup.
  const otherChild = await buildUser(app, { schoolId: elsewhere.id, role: 'student' });
  const otherAdult = await buildUser(app, { schoolId: elsewhere.id, role: 'teacher' });
  await linkParent(app, parent.id, otherChild.id);
  await db.insertInto('trustedAdults').values({ studentId: student.id, adultId: otherAdult.id }).execute();
  return { school, admin, student, parent, twoSchools, elsewhere, cls, photoKey, otherChild, otherAdult };
}

/** A backup file (gzip NDJSON) read back: its header, image files (base64 by key), rows by table, and trailer. */
export function parseBackup(bytes: Buffer) {
  const lines = gunzipSync(bytes)
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const tables: Record<string, Record<string, unknown>[]> = {};
  const files: Record<string, string> = {};
  for (const line of lines.slice(1, -1)) {
    if (typeof line.f === 'string') files[line.f] = line.b as string;
    else (tables[line.t as string] ??= []).push(line.r as Record<string, unknown>);
  }
  return { header: lines[0]!, tables, files, trailer: lines.at(-1)! };
}

/** Uploads a backup file for a restore into `schoolId`, as the settings screen does. */
export function uploadBackup(app: FastifyInstance, cookie: string, schoolId: string, bytes: Buffer) {
  const boundary = '----high5test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="backup"; filename="school.ndjson.gz"\r\nContent-Type: application/gzip\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/v1/super/restores/upload?targetSchoolId=${schoolId}`,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
