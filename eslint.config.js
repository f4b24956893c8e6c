import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const areas = ['auth', 'recognition', 'classroom', 'admin'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'data/**', 'apps/server/src/db/schema.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Import zones (docs/decisions/0195), checked on resolved files, so relative imports count:
  // web features never import each other; server areas meet only through another area's
  // public index.ts and the shared services, lib and db.
  {
    files: ['apps/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/test-factories.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json'], noWarnOnMultipleProjects: true })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones() }],
    },
  },
);

/** One zone per pair of areas: the importing area (target) may not reach into the other (from). */
export function boundaryZones() {
  const zones = [];
  for (const area of areas) {
    for (const other of areas.filter((a) => a !== area)) {
      zones.push({
        target: `./apps/server/src/modules/${area}`,
        from: `./apps/server/src/modules/${other}`,
        except: ['./index.ts'],
        message: 'Areas meet only through their index.ts and the shared services: move what both need to services/ or lib/.',
      });
      zones.push({
        target: `./apps/web/src/features/${area}`,
        from: `./apps/web/src/features/${other}`,
        message: 'Features do not import each other: move shared pieces to components/ or lib/.',
      });
    }
  }
  return zones;
}
