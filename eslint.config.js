import reactHooks from 'eslint-plugin-react-hooks';
import areaBoundaries from './eslint-rules/area-boundaries.js';
import tseslint from 'typescript-eslint';

const areas = ['auth', 'recognition', 'classroom', 'admin', 'rostering'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'data/**', 'apps/server/src/db/schema.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Hooks only at the top level of components and hooks (a hook after an early return crashed the
  // seating chart for a teacher without classes). exhaustive-deps is not on: two "on error, once"
  // effects list their trigger only, on purpose.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error' },
  },
  // Import zones (docs/decisions/0195), checked on resolved files, so relative imports count:
  // web features never import each other; server areas meet only through another area's
  // public index.ts and the shared services, lib and db.
  {
    files: ['apps/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/test-factories.ts'],
    plugins: { high5: { rules: { 'area-boundaries': areaBoundaries } } },
    rules: {
      'high5/area-boundaries': ['error', { areas }],
    },
  },
  // Routes speak HTTP and services hold the rules; every SQL statement lives in a queries.ts
  // (docs/architecture.md, "modules/<area>/<resource>/").
  {
    files: ['apps/server/src/modules/**/service.ts', 'apps/server/src/modules/**/routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)$/]',
          message: "A database statement belongs in the resource's queries.ts, not in its service or routes.",
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: "SQL belongs in the resource's queries.ts, not in its service or routes." },
      ],
    },
  },
);
