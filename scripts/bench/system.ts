import { scenario } from './types.js';

/** The bare floors every area compares with, and the footer's High 5 count. */
export const scenarios = [
  scenario({
    name: 'bare: session + select 1',
    request: (ctx) => ({ path: '/v1/bench/select1', headers: { cookie: ctx.accounts.teacher.cookie } }),
  }),
  scenario({
    name: 'bare: session + insert one row',
    baseline: 'bare: session + select 1',
    setup: async (ctx) =>
      (
        await ctx.services.db
          .selectFrom('recognitions')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    request: (ctx) => ({ method: 'POST', path: '/v1/bench/insert', body: {}, headers: { cookie: ctx.accounts.teacher.cookie } }),
    // The rows it wrote would otherwise count in every later run on the same database.
    teardown: async (ctx, lastId) => {
      await ctx.services.db
        .deleteFrom('recognitions')
        .where('id', '>', lastId)
        .where('giverId', '=', ctx.accounts.teacher.id)
        .where('comment', '=', 'bench')
        .execute();
    },
  }),
  scenario({
    name: 'GET /v1/high5s/count',
    baseline: 'bare: session + select 1',
    request: (ctx) => ({ path: '/v1/high5s/count', headers: { cookie: ctx.accounts.teacher.cookie } }),
  }),
];
