import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPGlite } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { builtinCategories } from '../modules/admin/test-factories.js';
import { systemClock } from '../services/clock.js';
import { buildSchool, buildUser, sessionFor } from '../test/factories.js';
import { startServerProcess } from '../test/server-process.js';

// The embedded server killed with SIGKILL in the middle of writes. It needs no
// PostgreSQL, so it runs once, in the PGlite suite.
const skip = process.env.TEST_DATABASE_URL ? 'it runs in the PGlite suite' : null;
if (skip) console.log(`embedded SIGKILL test skipped: ${skip}`);

const dataDir = mkdtempSync(join(tmpdir(), 'high5-kill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Opens the embedded database of `dataDir` in this process (no server may hold it) and runs `work`. */
async function withEmbedded<T>(work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>) {
  const database = await openPGlite({ dataDir: join(dataDir, 'pglite') });
  try {
    await migrate(database);
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DEMO: 'false', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      database,
      clock: systemClock,
      logger: false,
    });
    const result = await work(app);
    await app.close();
    return result;
  } finally {
    await database.close();
  }
}

describe.runIf(!skip)('the embedded server killed in the middle of writes', () => {
  it('starts again with every acknowledged write intact', async () => {
    const world = await withEmbedded(async (app) => {
      const school = await buildSchool(app, { dailyGiveLimit: 1000, timeZone: 'UTC' });
      const teacher = await buildUser(app, { schoolId: school.id, role: 'teacher' });
      const students = await Promise.all(Array.from({ length: 60 }, () => buildUser(app, { schoolId: school.id, role: 'student' })));
      const [category] = await builtinCategories(app, 'high5');
      return {
        schoolId: school.id,
        teacherId: teacher.id,
        teacherCookie: await sessionFor(app, teacher.id, school.id),
        students: await Promise.all(students.map(async (s) => ({ id: s.id, cookie: await sessionFor(app, s.id, school.id) }))),
        categoryId: category!.id,
      };
    });

    const server = await startServerProcess({ dataDir });
    const givenIds: number[] = [];
    const checkedIn: string[] = [];
    let running = true;
    let nextStudent = 0;
    const giver = async () => {
      for (let i = 0; running; i++) {
        const res = await server.call('POST', '/v1/recognitions', {
          cookie: world.teacherCookie,
          body: { kind: 'high5', recipientId: world.students[i % world.students.length]!.id, categoryIds: [world.categoryId] },
        });
        if (res.status === 200) givenIds.push(res.json.ResponseData.id);
      }
    };
    const mooder = async () => {
      while (running && nextStudent < world.students.length) {
        const student = world.students[nextStudent++]!;
        const res = await server.call('POST', '/v1/moods', { cookie: student.cookie, body: { mood: 'smiley' } });
        if (res.status === 200) checkedIn.push(student.id);
      }
    };
    const writers = [giver(), giver(), mooder()];
    // Kill it once writes are flowing.
    while (givenIds.length < 30 || checkedIn.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));
    await server.stop('SIGKILL');
    running = false;
    await Promise.all(writers);

    // It starts again on the same folder (the lock of the killed process is stale) and serves.
    const again = await startServerProcess({ dataDir });
    const health = await again.call('GET', '/v1/health');
    expect(health.json.ResponseData).toMatchObject({ status: 'ok', database: 'up' });
    const after = await again.call('POST', '/v1/recognitions', {
      cookie: world.teacherCookie,
      body: { kind: 'high5', recipientId: world.students[0]!.id, categoryIds: [world.categoryId] },
    });
    expect(after.status).toBe(200);
    expect(await again.stop()).toBe(0);

    const stored = await withEmbedded(async (app) => ({
      gives: new Set((await app.services.db.selectFrom('recognitions').select('id').where('giverId', '=', world.teacherId).execute()).map((r) => r.id)),
      moods: new Set((await app.services.db.selectFrom('moods').select('userId').where('schoolId', '=', world.schoolId).execute()).map((r) => r.userId)),
      integrity: await app.services.db.selectFrom('dailyGiveCounts').select('given').where('userId', '=', world.teacherId).executeTakeFirst(),
    }));
    console.log(`embedded SIGKILL: ${givenIds.length} gives and ${checkedIn.length} check-ins acknowledged before the kill; ${stored.gives.size} gives stored`);
    expect(givenIds.filter((id) => !stored.gives.has(id))).toEqual([]);
    expect(checkedIn.filter((id) => !stored.moods.has(id))).toEqual([]);
    // The daily count moved with each give, in the same transaction.
    expect(stored.integrity?.given).toBe(stored.gives.size);
  }, 120_000);
});
