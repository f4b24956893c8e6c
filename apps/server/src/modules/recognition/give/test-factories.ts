import type { RecognitionKind } from '@high5/contract';
import type { FastifyInstance } from 'fastify';

/** The built-in categories of a kind (migration 0002), in their order. */
export async function builtinCategories(app: FastifyInstance, kind: RecognitionKind) {
  return app.services.db
    .selectFrom('categories')
    .select(['id', 'key', 'nameEn', 'nameEs'])
    .where('kind', '=', kind)
    .where('schoolId', 'is', null)
    .orderBy('position')
    .execute();
}

/** A school's own category. */
export async function buildCategory(app: FastifyInstance, values: { schoolId: string; kind: RecognitionKind; nameEn?: string; nameEs?: string }) {
  return app.services.db
    .insertInto('categories')
    .values({
      schoolId: values.schoolId,
      kind: values.kind,
      key: null,
      nameEn: values.nameEn ?? 'Our own category',
      nameEs: values.nameEs ?? 'Nuestra categoría',
      position: 100,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setCategoryEnabled(app: FastifyInstance, schoolId: string, categoryId: string, enabled: boolean) {
  await app.services.db
    .insertInto('categorySettings')
    .values({ schoolId, categoryId, enabled })
    .onConflict((oc) => oc.columns(['schoolId', 'categoryId']).doUpdateSet({ enabled }))
    .execute();
}

export async function setSchool(
  app: FastifyInstance,
  schoolId: string,
  values: { high5Vibes?: boolean; high5NotifyEmail?: boolean; dailyGiveLimit?: number; timeZone?: string },
) {
  await app.services.db.updateTable('schools').set(values).where('id', '=', schoolId).execute();
}

/** A recognition stored directly (for reads: dashboards and reports), counted in the giver's day. */
export async function buildRecognition(
  app: FastifyInstance,
  values: {
    kind?: RecognitionKind;
    schoolId: string;
    giverId: string;
    giverRole?: string;
    receiverId: string;
    receiverRole?: string;
    schoolDate: string;
    comment?: string;
    categoryIds?: string[];
  },
) {
  const row = await app.services.db
    .insertInto('recognitions')
    .values({
      kind: values.kind ?? 'high5',
      schoolId: values.schoolId,
      giverId: values.giverId,
      giverRole: values.giverRole ?? 'teacher',
      receiverId: values.receiverId,
      receiverRole: values.receiverRole ?? 'student',
      schoolDate: values.schoolDate,
      givenAt: new Date(`${values.schoolDate}T18:00:00Z`),
      comment: values.comment ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // As a give through the API would, the giver's count for that day goes up.
  await app.services.db
    .insertInto('dailyGiveCounts')
    .values({ userId: values.giverId, schoolId: values.schoolId, schoolDate: values.schoolDate, kind: values.kind ?? 'high5', given: 1 })
    .onConflict((oc) => oc.columns(['userId', 'schoolId', 'schoolDate', 'kind']).doUpdateSet((eb) => ({ given: eb('dailyGiveCounts.given', '+', 1) })))
    .execute();
  if (values.categoryIds?.length) {
    await app.services.db
      .insertInto('recognitionCategories')
      .values(values.categoryIds.map((categoryId) => ({ recognitionId: row.id, categoryId })))
      .execute();
  }
  return row.id;
}

export async function countRecognitions(app: FastifyInstance, giverId: string) {
  const rows = await app.services.db.selectFrom('recognitions').select('id').where('giverId', '=', giverId).execute();
  return rows.length;
}

export async function mailJobs(app: FastifyInstance) {
  const rows = await app.services.db
    .selectFrom('jobs')
    .select(['payload', 'doneAt', 'attempts', 'runAt'])
    .where('kind', '=', 'mail.send')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...(r.payload as { to: string; subject: string; text: string }), doneAt: r.doneAt, attempts: r.attempts, runAt: r.runAt }));
}
