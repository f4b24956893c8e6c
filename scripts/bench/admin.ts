import { schoolYearOf, toIsoDate } from '@high5/contract';
import { scenario, type BenchContext, type BenchRequest } from './types.js';

/**
 * The school admin's reports over this school year so far (a report stays inside one year) for the admin's school
 * (the large seed's first school, 1,000 students): the first screen page, and the CSV file, which the
 * server streams from the database a batch of 500 rows at a time (docs/decisions/0610, 0612).
 */
const RANGE = (ctx: BenchContext) => {
  const to = toIsoDate(ctx.services.clock.now(), 'America/Los_Angeles');
  return `${schoolYearOf(to).from}_${to}`;
};

/** The first screen page (25 rows, the table's default) of a report over the school year, by name. */
function screenPage(ctx: BenchContext, path: string): BenchRequest {
  return { path: `/v1${path}?role=student&range=${RANGE(ctx)}&pageSize=25&page=0`, headers: { cookie: ctx.accounts.admin.cookie } };
}

/** A report's whole CSV file, asked compressed as a browser asks; its size and time once, to the log. */
async function file(ctx: BenchContext, path: string): Promise<BenchRequest> {
  const request = { path: `/v1${path}?role=student&range=${RANGE(ctx)}`, headers: { cookie: ctx.accounts.admin.cookie, 'accept-encoding': 'br, gzip' } };
  const started = performance.now();
  const res = await fetch(`${ctx.baseUrl}${request.path}`, { headers: { cookie: ctx.accounts.admin.cookie } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${request.path} answered ${res.status}`);
  process.stderr.write(`  (${path}: ${text.split('\r\n').length} lines, ${Math.round(performance.now() - started)} ms for one file)\n`);
  return request;
}

const REPORTS = [
  ['group', '/admin/reports/group'],
  ['mood', '/admin/reports/mood'],
] as const;

export const scenarios = [
  // Throughput: ten admins downloading this year's file at once; latency: one admin alone.
  ...REPORTS.map(([name, path]) =>
    scenario<BenchRequest>({
      name: `admin: ${name} report CSV, students, this year, streamed`,
      baseline: 'bare: session + select 1',
      setup: (ctx) => file(ctx, `${path}.csv`),
      request: (_ctx, request) => request,
    }),
  ),
  ...REPORTS.map(([name, path]) =>
    scenario<BenchRequest>({
      name: `admin: ${name} report CSV, students, this year, streamed, one admin`,
      connections: 1,
      setup: (ctx) => file(ctx, `${path}.csv`),
      request: (_ctx, request) => request,
    }),
  ),
  ...REPORTS.map(([name, path]) =>
    scenario({
      name: `admin: ${name} report, students, this year, first screen page (25)`,
      baseline: 'bare: session + select 1',
      request: (ctx) => screenPage(ctx, path),
    }),
  ),
];
