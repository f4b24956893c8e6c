// The client's route table (api-routes.ts) is written from the endpoints: this test fails when it is stale.
// Rewrite it with `UPDATE_API_ROUTES=1 npx vitest run --project unit packages/contract/src/api-routes.test.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointAreas } from './areas.js';

function render() {
  const lines = [
    '// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.',
    "// The web app calls the API through these (method and path only), so its bundle carries no zod schema;",
    "// the types still come from the endpoints, so a changed path or schema is a type error in every caller.",
    "import type { ApiRoutes } from './api-route.js';",
    ...endpointAreas.map(({ name, module }) => `import type { ${name}Endpoints } from '${module}';`),
    '',
  ];
  for (const { name, endpoints } of endpointAreas) {
    lines.push(`export const ${name}Api: ApiRoutes<typeof ${name}Endpoints> = {`);
    for (const [key, e] of Object.entries(endpoints)) lines.push(`  ${key}: { id: '${e.id}', method: '${e.method}', path: '${e.path}' },`);
    lines.push('};', '');
  }
  return lines.join('\n');
}

describe('api-routes.ts', () => {
  it('matches every endpoint of the contract', () => {
    const file = new URL('./api-routes.ts', import.meta.url);
    if (process.env.UPDATE_API_ROUTES) writeFileSync(file, render());
    expect(readFileSync(file, 'utf8')).toBe(render());
  });
});
