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
  // Import zones: web features never import each other; server areas meet only through services.
  ...areas.map((area) => ({
    files: [`apps/web/src/features/${area}/**`],
    rules: {
      'no-restricted-imports': ['error', { patterns: areas.filter((a) => a !== area).map((a) => ({ group: [`**/features/${a}/**`], message: 'Features do not import each other: move shared pieces to components/ or lib/.' })) }],
    },
  })),
  ...areas.map((area) => ({
    files: [`apps/server/src/modules/${area}/**`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: areas.filter((a) => a !== area).map((a) => ({ group: [`**/modules/${a}/**/queries*`, `**/modules/${a}/**/routes*`], message: 'Areas call each other\'s services, never their queries or routes.' })) }],
    },
  })),
);
