import type { FastifyInstance } from 'fastify';

/** Runs due jobs (the alert tick, mail) and returns the dev outbox. */
export async function delivered(app: FastifyInstance) {
  await app.services.jobs.runDue();
  return app.services.db.selectFrom('devOutbox').select(['recipient', 'subject', 'bodyText']).orderBy('id').execute();
}

export function recipientsOf(app: FastifyInstance, alertId: string) {
  return app.services.db
    .selectFrom('alertRecipients')
    .select(['adultId', 'tier', 'reason'])
    .where('alertId', '=', alertId)
    .orderBy('tier')
    .orderBy('adultId')
    .execute();
}

export function openAlertOf(app: FastifyInstance, studentId: string) {
  return app.services.db.selectFrom('alerts').selectAll().where('studentId', '=', studentId).where('closedAt', 'is', null).executeTakeFirst();
}

export function auditOf(app: FastifyInstance, action: string) {
  return app.services.db.selectFrom('auditLog').selectAll().where('action', '=', action).orderBy('id').execute();
}
