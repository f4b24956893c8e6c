import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { LIMITS } from '@high5/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { errorFacts } from './lib/error-facts.js';
import { registerAdminJobs } from './modules/admin/jobs.js';
import { registerAdminRoutes } from './modules/admin/index.js';
import { registerAuthRoutes } from './modules/auth/index.js';
import { registerAuthJobs } from './modules/auth/jobs.js';
import { registerClassroomRoutes } from './modules/classroom/index.js';
import { registerClassroomJobs } from './modules/classroom/jobs.js';
import { registerRecognitionRoutes } from './modules/recognition/index.js';
import { registerRecognitionJobs } from './modules/recognition/jobs.js';
import { registerRostering } from './modules/rostering/index.js';
import { registerRosteringJobs } from './modules/rostering/jobs.js';
import { registerSystemRoutes } from './modules/system/routes.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerWriteLimits } from './plugins/rate-limits.js';
import { registerSecurity } from './plugins/security.js';
import { registerSession } from './plugins/session.js';
import type { Clock } from './services/clock.js';
import { createServices } from './services/index.js';

export const webDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

// Error codes stay visible (SQLSTATE, SMTP): errors go through errorFacts, which keeps no values
// (docs/decisions/0152); parameters and details are redacted wherever else they might appear.
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.token',
  '*.params',
  '*.detail',
];

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the application: external plugins, then app plugins, then the areas' routes. */
export async function buildApp(options: {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: boolean;
  rateLimitNamespace?: string;
  logStream?: NodeJS.WritableStream;
  webRoot?: string;
}): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: REDACT,
            // Query strings can carry one-time tokens (e-mail confirmation links): log the path only.
            serializers: {
              req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
              err: errorFacts as (e: unknown) => { type: string; message: string; stack: string },
              error: errorFacts,
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For only through the proxies TRUST_PROXY names (unset: none), never from anyone.
    // A hop count trusts that many proxies nearest the server (as Fastify does for a number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    // Query strings stay simple: no nested objects from `a[b]=c`.
    routerOptions: { maxParamLength: 200 },
  });
  app.decorate('services', await createServices(config, database, options.clock, { rateLimitNamespace: options.rateLimitNamespace, logger: app.log }));
  app.addHook('onClose', () => app.services.rateLimits.close());
  // Counted from arrival until the response is sent or abandoned (once): a sync yields meanwhile.
  const counted = new WeakSet<object>();
  const finished = (request: object) => {
    if (counted.delete(request)) app.services.requests.end();
  };
  app.addHook('onRequest', (request, reply, done) => {
    counted.add(request);
    app.services.requests.begin();
    reply.raw.once('close', () => finished(request));
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    done();
  });

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: LIMITS.photoMaxUploadBytes, files: 1, fields: 5 } });
  await registerSecurity(app);
  registerSession(app);
  registerErrorHandling(app);
  registerWriteLimits(app);
  registerMetrics(app);
  await registerCompression(app);
  await registerOpenApi(app);

  // `webRoot` (tests) is another folder holding a built web app.
  const webRoot = options.webRoot ?? webDist;
  const hasWeb = existsSync(join(webRoot, 'index.html'));
  await app.register(fastifyStatic, {
    root: hasWeb ? webRoot : fileURLToPath(new URL('./', import.meta.url)),
    wildcard: false,
    index: false,
    serve: hasWeb,
    // The build wrote `.br` and `.gz` beside each asset: sent by Accept-Encoding, with
    // `Vary: Accept-Encoding`, never compressed per request (docs/decisions/0530).
    preCompressed: true,
    // @fastify/static 10 passes the reply here, not the raw response; `path` is the file sent
    // (`….js.br` for a compressed copy). Hashed assets never change; the page is revalidated.
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  if (hasWeb) app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));

  registerSystemRoutes(app);
  registerAuthRoutes(app);
  registerRecognitionRoutes(app);
  registerClassroomRoutes(app);
  registerAdminRoutes(app);
  registerRostering(app);
  // Background work, one list per area: what runs at night is modules/<area>/jobs.ts (docs/architecture.md).
  for (const registerJobs of [registerAuthJobs, registerRecognitionJobs, registerClassroomJobs, registerAdminJobs, registerRosteringJobs])
    registerJobs(app.services);
  return app;
}
