import { LOW_ENJOYMENT_MOODS } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { buildSchool, buildUser, sessionFor, type BuildUser } from '../../test/factories.js';

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
  return app.services.db.selectFrom('categories').select(['id', 'key', 'nameEn', 'nameEs']).where('kind', '=', kind).where('schoolId', 'is', null).orderBy('position').execute();
}

/** Records a High 5 or Vibe as the recognition area would. */
export async function recognise(
  app: FastifyInstance,
  values: { kind?: 'high5' | 'vibe'; schoolId: string; giver: { id: string; role: string }; receiver: { id: string; role: string }; date: string; comment?: string; categoryIds?: string[] },
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
    await app.services.db.insertInto('recognitionCategories').values(values.categoryIds.map((categoryId) => ({ recognitionId: row.id, categoryId }))).execute();
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
