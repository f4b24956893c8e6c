import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { RequestGauge } from '../../../services/request-gauge.js';

/** The longest single wait for a quiet moment: long enough for a dashboard to be answered. */
export const PACE_MAX_WAIT_MS = 50;
/**
 * A sync waits for requests at most this share of the time it works: on a server that is never
 * quiet it takes at most (1 + share) times as long, so its own budget holds (docs/decisions/0485).
 */
export const PACE_YIELD_SHARE = 1;

/** One run's pacing: after each step, while the server answers requests, the sync waits within its budget. */
export class Pacer {
  private waited = 0;
  private readonly started = performance.now();
  constructor(private readonly gauge: RequestGauge) {}

  async step() {
    if (!this.gauge.busy) return;
    const worked = performance.now() - this.started - this.waited;
    const budget = Math.min(PACE_MAX_WAIT_MS, worked * PACE_YIELD_SHARE - this.waited);
    if (budget <= 0) return;
    const from = performance.now();
    await this.gauge.quiet(budget);
    this.waited += performance.now() - from;
  }
}

/** After each statement of the sync, one pacing step. */
class StepAfterEachStatement implements KyselyPlugin {
  constructor(private readonly pacer: Pacer) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    await this.pacer.step();
    return args.result;
  }
}

/** The database as a sync uses it: each statement steps aside for the requests in progress. */
export function pacedDb(db: Db, pacer: Pacer): Db {
  return db.withPlugin(new StepAfterEachStatement(pacer));
}
