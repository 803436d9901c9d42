import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '.tmp/**',
      '**/migrations/**',
      'test-results/**',
      'e2e/test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // SQL only in repositories (ARCHITECTURE §2; docs/decisions/0067-api-rooms.md): Drizzle and the
    // tables are imported by `*.repository.ts` files and the data layer (src/db: client, schema,
    // migrations, seed) only. Also allowed: tests and their support files, the benchmarks, and the
    // feature seeders (`*.seed.ts`), which are data-layer code: db/seed runs them to bulk-write demo
    // rows, as its own seeders do.
    files: ['apps/api/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      'apps/api/src/db/**',
      '**/*.seed.ts',
      '**/*.test.ts',
      '**/*.test-support.ts',
      'apps/api/test/**',
      'apps/api/bench/**',
      'apps/api/drizzle.config.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only *.repository.ts files (and src/db) import Drizzle: put the query in the repository.',
            },
            {
              group: ['**/db/schema', '**/db/schema/*'],
              message: 'Only *.repository.ts files (and src/db) read the tables: put the query in the repository.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
