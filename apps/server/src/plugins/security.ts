import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Headers that govern a document (what it may load, frame, share), meaningless on a script or
 * style sheet: a hashed asset goes without them, keeping nosniff, CORP, HSTS and its caching.
 * HTTP/1.1 repeats headers on every response; on the sign-in page's ~50 files they were about
 * 35 KB of its wire bytes (docs/decisions/0531). The app's one worker is built from a blob and
 * takes the page's CSP.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const isAsset = (url: string) => url.startsWith('/assets/');

function originOf(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Strict headers, and a refusal of state-changing requests that come from another site. */
export async function registerSecurity(app: FastifyInstance) {
  const publicOrigin = originOf(app.services.config.publicUrl);
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
  app.addHook('onSend', async (request, reply) => {
    if (isAsset(request.url) && reply.statusCode < 400) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return;
    }
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    // API answers carry moods, journals, notes and student details: no cache keeps them, not the
    // shared Chromebook's, not a proxy's (docs/decisions/0154). Answers that chose their own
    // caching (signed image links, the dev outbox) keep it.
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      // Scheme, host and port, exactly: PUBLIC_URL's, or the Host header's with the scheme the
      // request reached (through trusted proxies). `https://school.example.evil.test` or `http://`
      // for an `https://` site is another site (docs/decisions/0154). Never X-Forwarded-Host:
      // proxies pass a client's own through, so it would let the client name the site.
      const given = originOf(origin);
      if (!given || (given !== originOf(`${request.protocol}://${request.headers.host ?? ''}`) && given !== publicOrigin))
        throw new AppError(403, 'CSRF_REJECTED');
      return;
    }
    // No Origin header: browsers still send Fetch Metadata.
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError(403, 'CSRF_REJECTED');
  });
}
