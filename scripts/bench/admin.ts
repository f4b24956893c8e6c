import { addDays, toIsoDate } from '@high5/contract';
import { scenario, type BenchContext, type BenchRequest } from './types.js';

/**
 * The school admin's reports over a whole school year (the last 365 days), every page, for the
 * teacher's school (the large seed's first school, 1,000 students): the pages' cursors are
 * collected once through the API, then the load walks all pages in turn.
 */
async function everyPage(ctx: BenchContext, path: string): Promise<BenchRequest[]> {
  const to = toIsoDate(ctx.services.clock.now(), 'America/Los_Angeles');
  const base = `${path}?role=student&range=${addDays(to, -364)}_${to}`;
  const pages: BenchRequest[] = [];
  let cursor: string | null = null;
  do {
    const pagePath: string = cursor ? `${base}&cursor=${encodeURIComponent(cursor)}` : base;
    const res = await fetch(`${ctx.baseUrl}/v1${pagePath}`, { headers: { cookie: ctx.accounts.teacher.cookie } });
    if (!res.ok) throw new Error(`${pagePath} answered ${res.status}`);
    const body = (await res.json()) as { ResponseData: { rows: unknown[]; nextCursor: string | null } };
    pages.push({ path: `/v1${pagePath}`, headers: { cookie: ctx.accounts.teacher.cookie } });
    cursor = body.ResponseData.nextCursor;
  } while (cursor);
  process.stderr.write(`  (${path}: ${pages.length} pages for a year of the school's students)\n`);
  return pages;
}

export const scenarios = [
  scenario<BenchRequest[]>({
    name: 'admin: group report, students, a year, every page',
    baseline: 'bare: session + select 1',
    setup: (ctx) => everyPage(ctx, '/admin/reports/group'),
    request: (_ctx, pages) => pages,
  }),
  scenario<BenchRequest[]>({
    name: 'admin: mood report, students, a year, every page',
    baseline: 'bare: session + select 1',
    setup: (ctx) => everyPage(ctx, '/admin/reports/mood'),
    request: (_ctx, pages) => pages,
  }),
];
