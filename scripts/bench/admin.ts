import { addDays, REPORT_PAGE_SIZE, toIsoDate } from '@high5/contract';
import { scenario, type BenchContext, type BenchRequest } from './types.js';

/**
 * The school admin's reports over a whole school year (the last 365 days), every page, for the
 * teacher's school (the large seed's first school, 1,000 students), in pages of 500 (the largest
 * page; the CSV download loads them too, the mood report's with `entries=true`): the first page
 * tells the total, then the load walks all pages in turn.
 */
async function everyPage(ctx: BenchContext, path: string, extra = ''): Promise<BenchRequest[]> {
  const to = toIsoDate(ctx.services.clock.now(), 'America/Los_Angeles');
  const base = `${path}?role=student&range=${addDays(to, -364)}_${to}${extra}`;
  const pages: BenchRequest[] = [];
  let total = 0;
  for (let page = 0; page === 0 || page * REPORT_PAGE_SIZE < total; page++) {
    const pagePath = `${base}&pageSize=${REPORT_PAGE_SIZE}&page=${page}`;
    const res = await fetch(`${ctx.baseUrl}/v1${pagePath}`, { headers: { cookie: ctx.accounts.teacher.cookie } });
    if (!res.ok) throw new Error(`${pagePath} answered ${res.status}`);
    const body = (await res.json()) as { ResponseData: { rows: unknown[]; total: number } };
    pages.push({ path: `/v1${pagePath}`, headers: { cookie: ctx.accounts.teacher.cookie } });
    total = body.ResponseData.total;
  }
  process.stderr.write(`  (${path}: ${pages.length} pages for a year of the school's students)\n`);
  return pages;
}

/** The first screen page (25 rows, the table's default) of a report over the school year, by name. */
function screenPage(ctx: BenchContext, path: string): BenchRequest {
  const to = toIsoDate(ctx.services.clock.now(), 'America/Los_Angeles');
  return { path: `/v1${path}?role=student&range=${addDays(to, -364)}_${to}&pageSize=25&page=0`, headers: { cookie: ctx.accounts.teacher.cookie } };
}

const REPORTS = [
  ['group', '/admin/reports/group'],
  ['mood', '/admin/reports/mood'],
] as const;

export const scenarios = [
  // Throughput: ten connections walking every page at once (the CSV download's requests).
  ...REPORTS.map(([name, path]) =>
    scenario<BenchRequest[]>({
      name: `admin: ${name} report, students, a year, every page`,
      baseline: 'bare: session + select 1',
      setup: (ctx) => everyPage(ctx, path),
      request: (_ctx, pages) => pages,
    }),
  ),
  // Latency: what one admin waits for, page after page, on a server that is not saturated.
  ...REPORTS.map(([name, path]) =>
    scenario<BenchRequest[]>({
      name: `admin: ${name} report, students, a year, every page, one admin`,
      connections: 1,
      setup: (ctx) => everyPage(ctx, path),
      request: (_ctx, pages) => pages,
    }),
  ),
  scenario<BenchRequest[]>({
    name: "admin: mood report CSV, students, a year, every page with each student's low check-ins",
    baseline: 'bare: session + select 1',
    setup: (ctx) => everyPage(ctx, '/admin/reports/mood', '&entries=true'),
    request: (_ctx, pages) => pages,
  }),
  ...REPORTS.map(([name, path]) =>
    scenario({
      name: `admin: ${name} report, students, a year, first screen page (25)`,
      baseline: 'bare: session + select 1',
      request: (ctx) => screenPage(ctx, path),
    }),
  ),
];
