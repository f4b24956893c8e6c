import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundary rule (docs/decisions/0195) must fire on the imports the code really writes:
// relative paths that reach into another area.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'high5/area-boundaries').map((m) => m.message);
}

describe('area boundaries', { timeout: 60_000 }, () => {
  const server = 'apps/server/src/modules/recognition/give/probe.ts';
  const web = 'apps/web/src/features/recognition/give/probe.tsx';

  it("refuses a server area importing another area's queries or services by a relative path", async () => {
    expect(
      await boundaryErrors(server, "import { recognitionReport } from '../../admin/reports/queries.js';\nexport const x = recognitionReport;\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors(server, "import { groupReport } from '../../admin/reports/service.js';\nexport const x = groupReport;\n")).toHaveLength(1);
    // Rostering is an area of its own: it reaches admin through admin's index.ts only.
    const rostering = 'apps/server/src/modules/rostering/engine/probe.ts';
    expect(
      await boundaryErrors(rostering, "import { rollOverForRoster } from '../../admin/school-years/service.js';\nexport const x = rollOverForRoster;\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors(rostering, "import { rollOverForRoster } from '../../admin/index.js';\nexport const x = rollOverForRoster;\n")).toEqual([]);
  });

  it("allows another area's public index.ts, the same area and the shared services", async () => {
    expect(await boundaryErrors(server, "import { registerAdminRoutes } from '../../admin/index.js';\nexport const x = registerAdminRoutes;\n")).toEqual([]);
    expect(await boundaryErrors(server, "import { assertGiverStanding } from '../recipients/service.js';\nexport const x = assertGiverStanding;\n")).toEqual(
      [],
    );
    expect(await boundaryErrors(server, "import type { Services } from '../../../services/index.js';\nexport type X = Services;\n")).toEqual([]);
  });

  it('refuses a web feature importing another feature', async () => {
    expect(await boundaryErrors(web, "import { adminKeys } from '../../admin/api';\nexport const x = adminKeys;\n")).toHaveLength(1);
    expect(await boundaryErrors(web, "import { api } from '../../../lib/api-client';\nexport const x = api;\n")).toEqual([]);
  });

  it('refuses the shared layers importing any area, on the server and the web', async () => {
    const lib = 'apps/server/src/lib/probe.ts';
    const policies = 'apps/server/src/policies/probe.ts';
    const components = 'apps/web/src/components/ui/probe.tsx';
    expect(await boundaryErrors(lib, "import { registerAdminRoutes } from '../modules/admin/index.js';\nexport const x = registerAdminRoutes;\n")).toHaveLength(
      1,
    );
    expect(
      await boundaryErrors(policies, "import { createClass } from '../modules/classroom/classes/service.js';\nexport const x = createClass;\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors(components, "import { adminKeys } from '../../features/admin/api';\nexport const x = adminKeys;\n")).toHaveLength(1);
    expect(await boundaryErrors(lib, "import { hashPassword } from './password.js';\nexport const x = hashPassword;\n")).toEqual([]);
  });
});

describe('statements in queries.ts', { timeout: 60_000 }, () => {
  const statement = "import type { Db } from '../../../db/database.js';\nexport const f = (db: Db) => db.selectFrom('users').selectAll().execute();\n";
  const rule = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);

  it('refuses a Kysely statement or raw SQL in a service or routes file, not in queries.ts', async () => {
    expect(await rule('apps/server/src/modules/classroom/moods/service.ts', statement)).toHaveLength(1);
    expect(await rule('apps/server/src/modules/system/routes.ts', statement)).toHaveLength(1);
    expect(await rule('apps/server/src/modules/classroom/moods/service.ts', "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n")).toHaveLength(
      1,
    );
    expect(await rule('apps/server/src/modules/classroom/moods/queries.ts', statement)).toEqual([]);
  });
});
