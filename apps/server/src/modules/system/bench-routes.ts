import { toIsoDate } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { unauthenticated } from '../../lib/errors.js';

/**
 * Bare endpoints for `npm run bench` only: the same server, the same session handling and
 * envelope, and the least database work, so a scenario's numbers can be read against them.
 * Only scripts/bench.ts registers them; a normal start never does.
 */
export function registerBenchRoutes(app: FastifyInstance) {
  // Session lookup (as every /v1 request) plus one `select 1`.
  app.get('/v1/bench/select1', async (request) => {
    if (!request.user || request.user.locked) throw unauthenticated();
    await sql`select 1`.execute(app.services.db);
    return { ErrorCode: 'err_0', ResponseData: { ok: true }, body: '' };
  });

  // Session lookup plus one single-row insert into recognitions (a High 5 to oneself, no
  // categories, no checks): the floor under any endpoint that gives a High 5.
  app.post('/v1/bench/insert', async (request) => {
    const user = request.user;
    if (!user?.school || user.locked) throw unauthenticated();
    const now = app.services.clock.now();
    const row = await app.services.db
      .insertInto('recognitions')
      .values({
        kind: 'high5',
        schoolId: user.school.schoolId,
        giverId: user.id,
        giverRole: user.school.role,
        receiverId: user.id,
        receiverRole: user.school.role,
        comment: 'bench',
        givenAt: now,
        schoolDate: toIsoDate(now, 'America/Los_Angeles'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ErrorCode: 'err_0', ResponseData: { id: row.id }, body: '' };
  });
}
