import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { operationOf } from '../lib/error-facts.js';
import { freshDatabase } from '../test/databases.js';

/**
 * Error logs carried SQL parameters (password hashes, journal text) and hid
 * PostgreSQL's codes (`*.code` was redacted). Now a database error logs its code, constraint,
 * table and operation, and no value (docs/decisions/0152).
 */
const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$SECRETSALTsecretsalt$SECRETHASHsecrethash';
const JOURNAL = 'Dear journal, my secret is that I am scared of the dark';

let app: FastifyInstance;
let drop: () => Promise<void>;
const lines: string[] = [];
const logged = () => lines.join('');

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', DEMO: 'false', LOG_LEVEL: 'info', DATA_DIR: mkdtempSync(join(tmpdir(), 'high5-logs-')) });
  app = await buildApp({ config, database: fresh.database, logStream: stream });
  const db = app.services.db;
  // Routes that fail in the database the ways real code can, with secret-looking values.
  app.get('/test/duplicate', async () => {
    const values = { email: 'dup@example.test', passwordHash: SECRET_HASH, firstName: 'A', lastName: 'B', language: 'en' as const };
    await db.insertInto('users').values(values).execute();
    await db.insertInto('users').values(values).execute();
  });
  app.get('/test/bad-uuid', async () => {
    await sql`select ${JOURNAL}::uuid`.execute(db);
  });
  app.get('/test/unexpected', async () => {
    await sql`select no_such_function(${JOURNAL}, ${SECRET_HASH})`.execute(db);
  });
  app.services.jobs.register('test.fails', async () => {
    await sql`select ${JOURNAL}::int`.execute(db);
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe('error logs', () => {
  it('a constraint violation logs its code, constraint and operation, never the row or the parameters', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/duplicate' });
    expect(res.statusCode).toBe(409);
    const entry = lines.map((l) => JSON.parse(l) as { msg: string; err?: Record<string, string> }).find((l) => l.msg === 'database refused input');
    expect(entry?.err).toMatchObject({ code: '23505', constraint: expect.stringContaining('email'), table: 'users', operation: 'insert into users' });
    expect(logged()).not.toContain('SECRETHASH');
    expect(logged()).not.toContain('dup@example.test');
  });

  it('a data exception (the value is in its message) is a 400 whose log keeps the code, not the text', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/bad-uuid' });
    expect(res.statusCode).toBe(400);
    expect(logged()).toContain('"code":"22P02"');
    expect(logged()).not.toContain('scared of the dark');
  });

  it('an unexpected database error is a 500 whose log has the code and no parameter', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/unexpected' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('no_such_function');
    expect(logged()).toContain('"code":"42883"');
    expect(logged()).toContain('unexpected error');
    expect(logged()).not.toContain('SECRETHASH');
    expect(logged()).not.toContain('scared of the dark');
  });

  it('a failing job logs and records the code, not the value', async () => {
    await app.services.jobs.enqueue(app.services.db, 'test.fails', {});
    await app.services.jobs.runDue();
    expect(logged()).toContain('"code":"22P02"');
    expect(logged()).not.toContain('scared of the dark');
    const job = await app.services.db.selectFrom('jobs').select('lastError').where('kind', '=', 'test.fails').executeTakeFirstOrThrow();
    expect(job.lastError).toContain('code=22P02');
    expect(job.lastError).not.toContain('scared');
  });

  it('names the operation of a query by its verb and first table only', () => {
    expect(operationOf('insert into "journal_entries" ("text") values ($1)')).toBe('insert into journal_entries');
    expect(operationOf('update "users" set "password_hash" = $1 where "id" = $2')).toBe('update users');
    expect(operationOf('delete from "sessions" where "id" = $1')).toBe('delete from sessions');
    expect(operationOf('select "id" from "moods" where "text" = \'secret\'')).toBe('select moods');
    expect(operationOf(undefined)).toBeUndefined();
  });
});
