import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { importCycles } from './import-cycles.mjs';

// The cycle check must fire on the imports the code really writes (ESM `.js` paths to `.ts` files).
const dir = mkdtempSync(join(tmpdir(), 'high5-cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function probe(files: Record<string, string>) {
  const root = mkdtempSync(join(dir, 'p-'));
  for (const [name, code] of Object.entries(files)) writeFileSync(join(root, name), code);
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }));
  return importCycles(['*.ts'], root, 'tsconfig.json') as Promise<string[][]>;
}

describe('import cycles', { timeout: 60_000 }, () => {
  it('finds a cycle between two modules, and one made by a lazy import', async () => {
    expect(
      await probe({ 'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n", 'b.ts': "import { a } from './a.js';\nexport const b = () => a;\n" }),
    ).toHaveLength(1);
    expect(await probe({ 'a.ts': "export const a = () => import('./b.js');\n", 'b.ts': "import { a } from './a.js';\nexport const b = a;\n" })).toHaveLength(1);
  });

  it('passes a chain without a loop, and a loop of type-only imports', async () => {
    expect(await probe({ 'a.ts': "import { b } from './b.js';\nexport const a = b;\n", 'b.ts': 'export const b = 1;\n' })).toEqual([]);
    expect(
      await probe({
        'a.ts': "import type { B } from './b.js';\nexport type A = B[];\n",
        'b.ts': "import type { A } from './a.js';\nexport type B = { a: A };\n",
      }),
    ).toEqual([]);
  });
});
