import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGlite } from '../../../db/database.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildUser, sessionFor } from '../../../test/factories.js';
import { NEW_PASSWORD, signIn } from '../test-factories.js';
import { createOrPromoteSuperAdmin } from './super-admin.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('create-superadmin', () => {
  it('creates a super admin who can sign in, and promotes an existing account (ending its sessions)', async () => {
    expect(await createOrPromoteSuperAdmin(t.app.services.db, ' Root@Example.test ', NEW_PASSWORD, t.clock.now())).toBe('created');
    const res = await signIn(t, 'root@example.test', NEW_PASSWORD);
    expect(res.json.ResponseData.me).toMatchObject({ role: 'superAdmin', isSuperAdmin: true, school: null });
    const teacher = await buildUser(t.app);
    const cookie = await sessionFor(t.app, teacher.id);
    expect(await createOrPromoteSuperAdmin(t.app.services.db, teacher.email!, 'Another-Harbor-7!', t.clock.now())).toBe('promoted');
    expect((await t.call('GET', '/v1/auth/me', { cookie })).status).toBe(401);
    expect((await signIn(t, teacher.email!, 'Another-Harbor-7!')).json.ResponseData.me.isSuperAdmin).toBe(true);
  });

  it('refuses a bad e-mail, a weak or a common password', async () => {
    const db = t.app.services.db;
    await expect(createOrPromoteSuperAdmin(db, 'not-an-email', NEW_PASSWORD, t.clock.now())).rejects.toThrow(/e-mail/);
    await expect(createOrPromoteSuperAdmin(db, 'a@example.test', 'weakpass', t.clock.now())).rejects.toThrow(/uppercase/);
    await expect(createOrPromoteSuperAdmin(db, 'a@example.test', 'Password1!', t.clock.now())).rejects.toThrow(/common/);
  });

  it('runs as a command with the e-mail and password from the environment', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'high5-cli-'));
    const root = fileURLToPath(new URL('../../../../../../', import.meta.url));
    const run = (password: string) =>
      promisify(execFile)('npx', ['tsx', 'apps/server/src/cli/create-superadmin.ts'], {
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'silent',
          HIGH5_ADMIN_EMAIL: 'cli.admin@example.test',
          HIGH5_ADMIN_PASSWORD: password,
        },
      });
    try {
      await expect(run('weak')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('uppercase') });
      const ok = await run(NEW_PASSWORD);
      expect(ok.stdout).toContain('Created the super admin cli.admin@example.test.');
      expect(ok.stdout + ok.stderr).not.toContain(NEW_PASSWORD);
      const database = await openPGlite({ dataDir: join(dataDir, 'pglite') });
      const row = await database.db
        .selectFrom('users')
        .select(['isSuperAdmin', 'passwordHash'])
        .where('email', '=', 'cli.admin@example.test')
        .executeTakeFirstOrThrow();
      await database.close();
      expect(row.isSuperAdmin).toBe(true);
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
