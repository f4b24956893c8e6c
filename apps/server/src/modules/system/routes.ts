import { systemEndpoints } from '@high5/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../../config.js';
import { ping, type Db } from '../../db/database.js';
import { pendingMigrations } from '../../db/migrate.js';
import { route } from '../../plugins/routes.js';
import { high5Total, latestOutboxMail } from './queries.js';

const COUNT_CACHE_MS = 30_000;
const PROBE_TIMEOUT_MS = 2000;

/** Whether the database answers `select 1` within the probe's time. */
function databaseAnswers(db: Db) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)));
  return Promise.race([
    ping(db).then(
      () => true,
      () => false,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

const LOOPBACK_ADDRESS = /^(127\.|::1$|::ffff:127\.)/;

/**
 * A caller on this machine that came through no proxy, naming this machine in `Host` (a page
 * elsewhere cannot reach the outbox by pointing its own name at 127.0.0.1: DNS rebinding).
 */
function fromThisMachine(request: FastifyRequest) {
  const h = request.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) return false;
  const host = (h.host ?? '').replace(/:\d+$/, '');
  return LOOPBACK_ADDRESS.test(request.socket.remoteAddress ?? '') && isLoopbackHost(host);
}

export function registerSystemRoutes(app: FastifyInstance) {
  // Liveness never fails for the database's sake (restarting the process would not bring it back).
  route(app, systemEndpoints.health, async ({ services }) => {
    const up = await databaseAnswers(services.db);
    return { status: up ? ('ok' as const) : ('degraded' as const), database: up ? ('up' as const) : ('down' as const), driver: services.database.kind };
  });

  // Readiness: no traffic while the database is unreachable or migrations are pending.
  let migrated = false;
  route(app, systemEndpoints.ready, async ({ services, reply }) => {
    const up = await databaseAnswers(services.db);
    let pending: number | null = null;
    if (up)
      pending = migrated
        ? 0
        : await pendingMigrations(services.database).then(
            (files) => files.length,
            () => null,
          );
    if (pending === 0) migrated = true;
    const ready = up && pending === 0;
    if (!ready) reply.status(503);
    return { ready, database: up ? ('up' as const) : ('down' as const), pendingMigrations: pending };
  });

  // Every open screen asks every 120 s; counting a million rows each time would be waste.
  let cached: { value: number; at: number } | undefined;
  route(app, systemEndpoints.high5Count, async ({ db, services }) => {
    const now = services.clock.now().getTime();
    if (!cached || now - cached.at > COUNT_CACHE_MS || now < cached.at) {
      cached = { value: await high5Total(db), at: now };
    }
    return { high5sCount: cached.value };
  });

  // Files of the embedded storage, behind signed, expiring links.
  app.get<{ Params: { '*': string }; Querystring: { expires?: string; signature?: string } }>('/v1/files/*', async (request, reply) => {
    const local = app.services.localStorage;
    const key = request.params['*'];
    const expires = Number(request.query.expires);
    if (!local || !local.verify(key, expires, String(request.query.signature ?? ''))) {
      return reply.status(403).send({ ErrorCode: 'FORBIDDEN', ResponseData: null, body: 'FORBIDDEN' });
    }
    const bytes = await local.get(key);
    if (!bytes) return reply.status(404).send({ ErrorCode: 'NOT_FOUND', ResponseData: null, body: 'NOT_FOUND' });
    const type = key.endsWith('.webp') ? 'image/webp' : key.endsWith('.png') ? 'image/png' : 'image/jpeg';
    return reply.header('content-type', type).header('cache-control', 'private, max-age=300').send(bytes);
  });

  // The dev outbox: mail the embedded server "sent" (codes, temporary passwords, mood reports),
  // as sensitive as the mailboxes it stands for. Only in a demo asked for on a loopback listener
  // (config refuses anything else), and only to a caller on this machine (docs/decisions/0150).
  if (app.services.config.devOutbox) {
    app.get('/dev/outbox', async (request, reply) => {
      if (!fromThisMachine(request)) return reply.status(404).send({ ErrorCode: 'NOT_FOUND', ResponseData: null, body: 'NOT_FOUND' });
      const rows = await latestOutboxMail(app.services.db, 50);
      const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      const items = rows
        .map(
          (r) =>
            `<article><h2>${escape(r.subject)}</h2><p><b>To:</b> ${escape(r.recipient)} · ${r.sentAt.toISOString()}</p><pre>${escape(r.bodyText)}</pre></article>`,
        )
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>High5 dev outbox</title></head><body><main><h1>Dev outbox (last 50 messages)</h1>${items || '<p>No mail yet.</p>'}</main></body></html>`,
        );
    });
  }
}
