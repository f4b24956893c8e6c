// The client's route table (api-routes.ts) is written from the endpoints: this test fails when it is stale.
// Rewrite it with `UPDATE_API_ROUTES=1 npx vitest run --project unit packages/contract/src/api-routes.test.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adminEndpoints } from './admin.js';
import { alertEndpoints } from './alerts.js';
import { authEndpoints } from './auth.js';
import { classroomEndpoints } from './classroom.js';
import type { Endpoint } from './core.js';
import { profileEndpoints } from './profile.js';
import { recognitionEndpoints } from './recognition.js';
import { rosteringEndpoints } from './rostering.js';
import { superEditEndpoints } from './super-edit.js';
import { systemEndpoints } from './system.js';

const areas: Record<string, { module: string; endpoints: Record<string, Endpoint> }> = {
  system: { module: './system.js', endpoints: systemEndpoints },
  auth: { module: './auth.js', endpoints: authEndpoints },
  recognition: { module: './recognition.js', endpoints: recognitionEndpoints },
  profile: { module: './profile.js', endpoints: profileEndpoints },
  classroom: { module: './classroom.js', endpoints: classroomEndpoints },
  admin: { module: './admin.js', endpoints: adminEndpoints },
  alert: { module: './alerts.js', endpoints: alertEndpoints },
  superEdit: { module: './super-edit.js', endpoints: superEditEndpoints },
  rostering: { module: './rostering.js', endpoints: rosteringEndpoints },
};

function render() {
  const lines = [
    '// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.',
    "// The web app calls the API through these (method and path only), so its bundle carries no zod schema;",
    "// the types still come from the endpoints, so a changed path or schema is a type error in every caller.",
    "import type { ApiRoutes } from './api-route.js';",
    ...Object.entries(areas).map(([area, { module }]) => `import type { ${area}Endpoints } from '${module}';`),
    '',
  ];
  for (const [area, { endpoints }] of Object.entries(areas)) {
    lines.push(`export const ${area}Api: ApiRoutes<typeof ${area}Endpoints> = {`);
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
