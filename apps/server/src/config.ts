import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Every environment variable the server reads, with its default. README lists them. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  DEMO: bool.optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, 'must start with redis:// or rediss://')
    .optional(),
  TRUST_PROXY: z.string().transform(parseTrustProxy).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('High5 <no-reply@high5.local>'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  CLEVER_CLIENT_ID: z.string().min(1).optional(),
  CLEVER_CLIENT_SECRET: z.string().min(1).optional(),
  // Where Clever's OAuth (authorize, tokens) and API (`/v3.0/me`) answer; other values only for a local stand-in.
  CLEVER_OAUTH_URL: z.url().refine(httpsOrLoopback, 'must be https:// (http:// only on this machine)').default('https://clever.com'),
  CLEVER_API_URL: z.url().refine(httpsOrLoopback, 'must be https:// (http:// only on this machine)').default('https://api.clever.com'),
  EMOTIONAL_SUPPORT_URL: z.url().default('https://www.cdc.gov/mental-health/caring/index.html'),
  // Default: High5's own help page (decision 0308); a school system may point it at its help desk.
  HELP_URL: z.union([z.url(), z.string().regex(/^\/[\w\-/]*$/)]).default('/help'),
  FEEDBACK_URL: z.url().default('mailto:feedback@high5.local'),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  JOBS_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  BACKUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

function httpsOrLoopback(value: string) {
  const url = new URL(value);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/** Names proxy-addr understands for well-known ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string) {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address ?? '');
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n >= 0 && n <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: a hop count (the number of proxies in front of the server) or a comma-separated
 * list of proxy addresses and CIDR ranges. `X-Forwarded-For` is read only through those; unset
 * trusts nothing, so a client can never choose the address the limits count.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): number | string[] {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'a hop count must be 1 to 10' });
    return z.NEVER;
  }
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const wrong = entries.find((e) => !isAddressOrCidr(e));
  if (entries.length === 0 || wrong !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `expected a hop count or addresses/CIDRs separated by commas${wrong !== undefined ? ` ("${wrong}" is neither)` : ''}`,
    });
    return z.NEVER;
  }
  return entries;
}

/** 127.0.0.0/8, ::1 and localhost: a listener nobody else can reach. */
export function isLoopbackHost(host: string) {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\./.test(h);
}

export type Config = ReturnType<typeof loadConfig>;

/** Reads and checks the environment; the first wrong variable stops the server with one line naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${String(issue.path[0])} is invalid: ${issue.message}`);
  }
  const e = parsed.data;
  // The demo (accounts with a published password) and its dev outbox (every code and temporary
  // password the server mails) are for the person at this machine only (docs/decisions/0150).
  const demo = e.DEMO ?? false;
  if (demo && !isLoopbackHost(e.HOST)) {
    throw new ConfigError(
      `DEMO is invalid: the demo and its dev outbox serve only this machine, so HOST must be a loopback address (127.0.0.1, ::1 or localhost), not ${e.HOST}; set DEMO=false to listen on ${e.HOST}`,
    );
  }
  if (demo && e.TRUST_PROXY !== undefined) {
    throw new ConfigError('DEMO is invalid: the demo and its dev outbox serve only this machine, never through a proxy; unset TRUST_PROXY or set DEMO=false');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    /** Shared rate-limit store: Redis when set, else PostgreSQL (or memory on the embedded database). */
    redisUrl: e.REDIS_URL,
    /** Fastify's trustProxy: false, a hop count or the trusted proxy addresses. */
    trustProxy: e.TRUST_PROXY ?? false,
    // Only when asked for (`npm start` asks for it on the embedded database), on loopback only.
    demo,
    /** Mail is readable at /dev/outbox: the demo without SMTP, for loopback callers (decision 0150). */
    devOutbox: demo && !e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    /** Log in with Clever: High5's Clever application (docs/decisions/0550). */
    clever:
      e.CLEVER_CLIENT_ID && e.CLEVER_CLIENT_SECRET
        ? {
            clientId: e.CLEVER_CLIENT_ID,
            clientSecret: e.CLEVER_CLIENT_SECRET,
            oauthUrl: e.CLEVER_OAUTH_URL.replace(/\/$/, ''),
            apiUrl: e.CLEVER_API_URL.replace(/\/$/, ''),
          }
        : undefined,
    jobs: { concurrency: e.JOBS_CONCURRENCY, leaseMs: e.JOBS_LEASE_SECONDS * 1000, retentionMs: e.JOBS_RETENTION_DAYS * 86_400_000 },
    backupRetentionDays: e.BACKUP_RETENTION_DAYS,
    metricsToken: e.METRICS_TOKEN,
    links: { emotionalSupport: e.EMOTIONAL_SUPPORT_URL, help: e.HELP_URL, feedback: e.FEEDBACK_URL },
  };
}

export class ConfigError extends Error {}
