import type { Services } from '../../apps/server/src/services/index.js';

/** A signed-in account the scenarios can act as. */
export interface BenchAccount {
  id: string;
  login: string;
  schoolId: string;
  /** `high5_session=…`, ready for a Cookie header. */
  cookie: string;
}

export interface BenchContext {
  /** `http://127.0.0.1:<port>` of the server under test. */
  baseUrl: string;
  database: 'pglite' | 'postgres';
  services: Services;
  /**
   * The benchmark's known accounts: teacher1/student1 of the large seed (teacher1 is also its
   * school's admin), or teacher@/student@/admin@ of the demo.
   */
  accounts: { teacher: BenchAccount; student: BenchAccount; admin: BenchAccount };
  /** A fresh session cookie for any user (optionally in one of their schools). */
  sessionFor(userId: string, schoolId?: string | null): Promise<string>;
}

export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path with query string, e.g. `/v1/high5s/count`. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * One measured load: `request` is sent by the run's connections (10 unless `--connections`) for the
 * run's duration (a list is sent in turn). `setup` runs once before, and what it returns is handed
 * to `request` and `teardown`.
 */
export interface Scenario<State = unknown> {
  name: string;
  /** Another scenario's name: the table shows this one's cost relative to it. */
  baseline?: string;
  /**
   * Connections for this scenario instead of the run's: 1 measures what one person waits for on a
   * server that is not saturated (latency), where the run's 10 measure throughput.
   */
  connections?: number;
  setup?(ctx: BenchContext): Promise<State>;
  request(ctx: BenchContext, state: State): BenchRequest | BenchRequest[];
  /** Runs after the measurement, e.g. to remove the rows the scenario wrote. */
  teardown?(ctx: BenchContext, state: State): Promise<void>;
}

/** Keeps each scenario's State type while collecting them in one list. */
export const scenario = <State>(s: Scenario<State>) => s as Scenario<unknown>;
