import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
/** Headers reverse proxies and CDNs add about the client they forward (X-Real-IP passed). */
const PROXY_HEADERS = [
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'via',
];

/**
 * Who may read /metrics (docs/decisions/0184): with METRICS_TOKEN set, whoever sends it as a
 * bearer token; without it, only a client on this machine that came through no proxy.
 */
function mayRead(request: FastifyRequest, token: string | undefined) {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  // The socket's address decides, never request.ip; and any header a proxy adds to name its client
  // means a proxy on this machine is forwarding someone else (nginx sends only X-Real-IP).
  const proxied = PROXY_HEADERS.some((header) => request.headers[header] !== undefined);
  return !proxied && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/**
 * `/metrics` in the Prometheus text format: requests by route and status with latency
 * histograms, the job queue's depth and outcomes by kind, the database pool, and the process.
 * Each app has its own registry, so tests can build several in one process.
 */
export function registerMetrics(app: FastifyInstance) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'high5_' });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'high5_http_requests_total', help: 'HTTP requests answered, by route pattern and status.', labelNames, registers });
  const latency = new Histogram({
    name: 'high5_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (`/v1/classes/:classId`), never the raw URL: ids would explode the label set.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const jobOutcomes = new Counter({
    name: 'high5_jobs_total',
    help: 'Jobs run by this process, by kind and outcome (done, retry, failed).',
    labelNames: ['kind', 'outcome'],
    registers,
  });
  const jobSeconds = new Histogram({
    name: 'high5_job_duration_seconds',
    help: 'Time jobs took, by kind.',
    labelNames: ['kind'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120, 600],
    registers,
  });
  app.services.jobs.observe((kind, outcome, seconds) => {
    jobOutcomes.inc({ kind, outcome });
    jobSeconds.observe({ kind }, seconds);
  });
  new Gauge({
    name: 'high5_jobs_queued',
    help: 'Jobs in the queue (all processes), by kind: waiting (due, later or running) and failed for good (kept until the retention sweep).',
    labelNames: ['kind', 'state'],
    registers,
    async collect() {
      this.reset();
      // While the database is down the gauge has no samples; the rest of the page still answers.
      const rows = await app.services.jobs.depth().catch(() => []);
      for (const row of rows) {
        this.set({ kind: row.kind, state: 'waiting' }, row.waiting);
        this.set({ kind: row.kind, state: 'failed' }, row.failed);
      }
    },
  });
  new Gauge({
    name: 'high5_db_pool_connections',
    help: 'Database pool of this process: open connections, idle ones, and queries waiting for one.',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = app.services.database.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayRead(request, app.services.config.metricsToken)) {
      return reply.status(403).send({ ErrorCode: 'FORBIDDEN', ResponseData: null, body: 'FORBIDDEN' });
    }
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
