// The client's route tables (routes/<area>.ts, re-exported by api-routes.ts) are written from the
// endpoints: this test fails when one is stale. One file per area lets the web bundler put each
// area's table in that area's chunks (the sign-in page carries only the auth and system tables).
// Rewrite them with `UPDATE_API_ROUTES=1 npx vitest run --project unit packages/contract/src/api-routes.test.ts`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointAreas } from './areas.js';

const GENERATED = '// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.';
const fileOf = (module: string) => module.replace('./', './routes/');

function renderIndex() {
  const lines = [
    GENERATED,
    '// The web app calls the API through these (method and path only), so its bundle carries no zod schema;',
    '// the types still come from the endpoints, so a changed path or schema is a type error in every caller.',
    ...endpointAreas.map(({ name, module }) => `export { ${name}Api } from '${fileOf(module)}';`),
    '',
  ];
  return lines.join('\n');
}

function renderArea({ name, module, endpoints }: (typeof endpointAreas)[number]) {
  const lines = [GENERATED, "import type { ApiRoutes } from '../api-route.js';", `import type { ${name}Endpoints } from '.${module}';`, ''];
  lines.push(`export const ${name}Api: ApiRoutes<typeof ${name}Endpoints> = {`);
  for (const [key, e] of Object.entries(endpoints)) lines.push(`  ${key}: { id: '${e.id}', method: '${e.method}', path: '${e.path}' },`);
  lines.push('};', '');
  return lines.join('\n');
}

const files = [
  { url: new URL('./api-routes.ts', import.meta.url), text: renderIndex() },
  ...endpointAreas.map((area) => ({ url: new URL(fileOf(area.module).replace(/\.js$/, '.ts'), import.meta.url), text: renderArea(area) })),
];

describe('api-routes.ts and routes/', () => {
  it.each(files.map((f) => [f.url.pathname.replace(/.*\/src\//, ''), f] as const))('%s matches the endpoints of the contract', (_name, f) => {
    if (process.env.UPDATE_API_ROUTES) {
      mkdirSync(new URL('./routes/', import.meta.url), { recursive: true });
      writeFileSync(f.url, f.text);
    }
    expect(readFileSync(f.url, 'utf8')).toBe(f.text);
  });
});

// An endpoint's id is `<camelCase contract file>.<key>` (decision 0621): one name per endpoint, found in one guess.
const fileId = (module: string) => module.replace(/^\.\/|(\/index)?\.js$/g, '').replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

describe('endpoint ids', () => {
  it.each(endpointAreas.map((a) => [a.module, a] as const))('%s: every id is <file>.<key>', (_module, area) => {
    const wrong = Object.entries(area.endpoints)
      .filter(([key, e]) => e.id !== `${fileId(area.module)}.${key}`)
      .map(([key, e]) => `${key}: ${e.id}`);
    expect(wrong).toEqual([]);
  });
});
