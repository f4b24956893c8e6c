import { describe, expect, it } from 'vitest';
import { isDatabaseDown } from './errors.js';

// What a lost PostgreSQL looks like to the server (503, jobs retry); anything else stays itself.
type Failure = { code?: string; severity?: string; message?: string };

describe('isDatabaseDown', () => {
  it.each<[Failure]>([
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    [{ code: 'EPIPE', message: 'write EPIPE' }],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }],
    [{ code: '57P02', message: 'terminating connection because of crash of another server process' }],
    [{ code: '57P03', message: 'the database system is starting up' }],
    [{ code: '57P04', message: 'database dropped' }],
    // A database that refuses connections answered 500.
    [{ code: '55000', severity: 'FATAL', message: 'database "high5" is not currently accepting connections' }],
    [{ code: '53300', severity: 'FATAL', message: 'sorry, too many clients already' }],
    [{ code: '53300', severity: 'FATAL', message: 'too many connections for database "high5"' }],
    [{ code: '3D000', severity: 'FATAL', message: 'database "high5" does not exist' }],
    [{ code: '28P01', severity: 'FATAL', message: 'password authentication failed for user "high5"' }],
    ...['08000', '08001', '08003', '08004', '08006', '08007', '08P01'].map((code): [Failure] => [{ code, message: 'connection exception' }]),
    [{ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND db' }],
    [{ message: 'Connection terminated unexpectedly' }],
    // A transaction's ROLLBACK on a connection that broke under it (database-restart.test.ts saw it as a 500).
    [{ message: 'Client has encountered a connection error and is not queryable' }],
  ])('when the error is %o, the database is down', (error) => {
    expect(isDatabaseDown(error)).toBe(true);
  });

  it.each<[Failure]>([
    [{ code: '23505', message: 'duplicate key value violates unique constraint' }],
    [{ message: 'Cannot read properties of undefined' }],
    // 55000 as an ERROR is the program's mistake (a sequence's currval not yet defined), not an outage.
    [{ code: '55000', severity: 'ERROR', message: 'currval of sequence "x" is not yet defined in this session' }],
    [{ code: '57014', severity: 'ERROR', message: 'canceling statement due to statement timeout' }],
  ])('when the error is %o, it is not', (error) => {
    expect(isDatabaseDown(error)).toBe(false);
  });
});
