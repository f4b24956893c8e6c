import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { serverT } from '@high5/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database, type Db } from '../db/database.js';
import { withDatabase } from '../test/databases.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../test/factories.js';

/**
 * A database that refused connections (ALLOW_CONNECTIONS false: SQLSTATE 55000) made
 * every request a 500. The app's connection pool is pointed at a server that refuses each new
 * connection the way PostgreSQL does (an ErrorResponse, severity FATAL, then the socket closes),
 * and, on PostgreSQL, at real databases in those states. Every one must answer 503 DB_UNAVAILABLE.
 */

/** A server speaking just enough of PostgreSQL's protocol to refuse every connection with `code`. */
function refusingServer(code: string, message: string): Promise<Server> {
  const field = (type: string, value: string) => Buffer.concat([Buffer.from(type), Buffer.from(value), Buffer.from([0])]);
  const server = createServer((socket: Socket) => {
    socket.once('data', () => {
      const body = Buffer.concat([field('S', 'FATAL'), field('V', 'FATAL'), field('C', code), field('M', message), Buffer.from([0])]);
      const head = Buffer.alloc(5);
      head.write('E', 0);
      head.writeInt32BE(body.length + 4, 1);
      socket.end(Buffer.concat([head, body]));
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let t: TestApp;
let cookie: string;
let own: Db;
beforeAll(async () => {
  t = await buildTestApp();
  const school = await buildSchool(t.app);
  const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
  cookie = await sessionFor(t.app, teacher.id, school.id);
  own = t.app.services.db;
});
afterAll(async () => {
  t.app.services.db = own;
  await t.close();
});

/** Answers of a signed-in read and a public write while the app's queries go to `database`. */
async function answersThrough(database: Database) {
  t.app.services.db = database.db;
  try {
    const read = await t.call('GET', '/v1/profile', { cookie });
    const write = await t.call('POST', '/v1/auth/sign-in', { body: { login: 'someone@example.test', password: 'not-the-password-1' } });
    return [read, write].map((res) => ({ status: res.status, code: res.json.ErrorCode }));
  } finally {
    t.app.services.db = own;
    await t.app.services.rateLimits.reset();
  }
}

const UNAVAILABLE = { status: 503, code: 'DB_UNAVAILABLE' };

describe('a database that refuses connections', () => {
  it.each([
    ['55000', 'database "high5" is not currently accepting connections'],
    ['53300', 'sorry, too many clients already'],
    ['3D000', 'database "high5" does not exist'],
    ['57P03', 'the database system is starting up'],
    ['28P01', 'password authentication failed for user "high5"'],
    ['08004', 'server rejected the connection'],
    ['08P01', 'invalid startup packet layout'],
  ])('when every new connection is refused with %s, requests answer 503 DB_UNAVAILABLE', async (code, message) => {
    const server = await refusingServer(code, message);
    const database = await openPostgres(`postgres://high5@127.0.0.1:${(server.address() as AddressInfo).port}/high5`, { max: 2 });
    try {
      expect(await answersThrough(database)).toEqual([UNAVAILABLE, UNAVAILABLE]);
    } finally {
      await database.close().catch(() => {});
      server.close();
    }
  });

  it('when nothing listens on the port, requests answer 503 DB_UNAVAILABLE', async () => {
    const server = await refusingServer('08006', 'unused');
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const database = await openPostgres(`postgres://high5@127.0.0.1:${port}/high5`, { max: 2 });
    expect(await answersThrough(database)).toEqual([UNAVAILABLE, UNAVAILABLE]);
    await database.close().catch(() => {});
  });

  it('the message is translated in English and Spanish', () => {
    expect(serverT('en')('errors:DB_UNAVAILABLE')).not.toBe('DB_UNAVAILABLE');
    expect(serverT('es')('errors:DB_UNAVAILABLE')).not.toBe(serverT('en')('errors:DB_UNAVAILABLE'));
  });
});

// The same states on a real PostgreSQL server, when the tests run on one.
describe.runIf(!!process.env.TEST_DATABASE_URL)('a real PostgreSQL that refuses connections', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const suffix = Math.random().toString(16).slice(2, 10);
  let admin: Database;
  beforeAll(async () => {
    admin = await openPostgres(url, { max: 1 });
  });
  afterAll(async () => {
    // One statement at a time: several in one string run as one transaction, which CREATE and DROP DATABASE refuse.
    for (const statement of [
      `DROP DATABASE IF EXISTS h5_closed_${suffix} WITH (FORCE)`,
      `DROP DATABASE IF EXISTS h5_full_${suffix} WITH (FORCE)`,
      `DROP ROLE IF EXISTS h5_full_${suffix}`,
    ])
      await admin.exec(statement);
    await admin.close();
  });

  it('ALLOW_CONNECTIONS false (55000), a database that does not exist (3D000), no connections left (53300): 503', async () => {
    await admin.exec(`CREATE DATABASE h5_closed_${suffix} ALLOW_CONNECTIONS false`);
    // Superusers ignore connection limits: an ordinary role meets the database's.
    await admin.exec(`CREATE ROLE h5_full_${suffix} LOGIN`);
    await admin.exec(`CREATE DATABASE h5_full_${suffix} CONNECTION LIMIT 0`);
    const full = new URL(withDatabase(url, `h5_full_${suffix}`));
    full.username = `h5_full_${suffix}`;
    full.password = '';
    for (const target of [withDatabase(url, `h5_closed_${suffix}`), withDatabase(url, `h5_missing_${suffix}`), full.toString()]) {
      const database = await openPostgres(target, { max: 2 });
      try {
        expect(await answersThrough(database), target).toEqual([UNAVAILABLE, UNAVAILABLE]);
      } finally {
        await database.close().catch(() => {});
      }
    }
  });
});
