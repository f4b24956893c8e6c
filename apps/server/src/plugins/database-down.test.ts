import { describe, expect, it } from 'vitest';
import { isDatabaseDown } from './errors.js';

// What a lost PostgreSQL looks like to the server (503, jobs retry); anything else stays itself.
describe('isDatabaseDown', () => {
  it.each([
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    [{ code: 'EPIPE', message: 'write EPIPE' }],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }],
    [{ code: '57P02', message: 'terminating connection because of crash of another server process' }],
    [{ code: '57P03', message: 'the database system is starting up' }],
    [{ message: 'Connection terminated unexpectedly' }],
    // A transaction's ROLLBACK on a connection that broke under it (database-restart.test.ts saw it as a 500).
    [{ message: 'Client has encountered a connection error and is not queryable' }],
  ])('when the error is %o, the database is down', (error) => {
    expect(isDatabaseDown(error)).toBe(true);
  });

  it.each([[{ code: '23505', message: 'duplicate key value violates unique constraint' }], [{ message: 'Cannot read properties of undefined' }]])('when the error is %o, it is not', (error) => {
    expect(isDatabaseDown(error)).toBe(false);
  });
});
