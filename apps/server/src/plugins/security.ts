import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Strict headers, and a refusal of state-changing requests that come from another site. */
export async function registerSecurity(app: FastifyInstance) {
  const s3Origin = app.services.config.s3?.endpoint ? new URL(app.services.config.s3.endpoint).origin : 'https://*.amazonaws.com';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (MUI) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(app.services.config.s3 ? [s3Origin] : [])],
        mediaSrc: ["'self'", 'blob:', 'mediastream:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        throw new AppError(403, 'CSRF_REJECTED');
      }
      if (host !== request.headers.host) throw new AppError(403, 'CSRF_REJECTED');
      return;
    }
    // No Origin header: browsers still send Fetch Metadata.
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError(403, 'CSRF_REJECTED');
  });
}
