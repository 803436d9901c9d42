import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The web's one-way layout (docs/decisions/0068-one-way-web-layout.md): in apps/web/src, a folder of
 * features/ imports components/, lib/, @grove/domain and its own files — never another feature,
 * never app/; components/ and lib/ import neither features nor app/; app/ (routes, layouts, router)
 * composes features. One block per feature folder (read from the disk) and per depth of a file in
 * it, since a relative import leaves the folder with one `../` per level.
 */
const WEB_FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_MESSAGE =
  'A feature imports no other feature (docs/decisions/0068). Move what both need and is not a screen down: a read or its query keys to lib/queries/, a hook or helper to lib/, a piece of UI to components/; or let the route in app/routes/ compose the two (pass the component or its data as props, children or a slot).';
const APP_MESSAGE =
  'A feature does not import app/ (docs/decisions/0068): the route table and href() are lib/paths.ts; composing features is the job of the route in app/routes/, which passes what the feature needs as props.';
const SRC_MESSAGE = 'A feature imports only components/, lib/, @grove/domain and its own files (docs/decisions/0068).';
const SHARED_MESSAGE =
  'components/ and lib/ import neither features nor app/ (docs/decisions/0068): move the part they need down into components/ or lib/, or let the route in app/routes/ compose it.';
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The rules of one feature folder's files `depth` folders below it. */
function featureBoundary(feature, depth, files) {
  const up = '\\.\\./'.repeat(depth + 1); // from the file to features/
  const src = `${up}\\.\\./`; // from the file to src/
  const own = escapeRegex(feature);
  const patterns = [
    { regex: `^${up}(?!${own}/)[^./][^/]*(/|$)`, message: FEATURE_MESSAGE },
    { regex: `^${src}features/(?!${own}/)`, message: FEATURE_MESSAGE },
    { regex: `^${src}app(/|$)`, message: APP_MESSAGE },
    { regex: `^${src}(?!components/|lib/|features/|app(/|$)|\\.\\./)`, message: SRC_MESSAGE },
  ];
  // Dynamic imports (lazy screens) too; esquery's regex takes no slash, hence \x2F.
  const slashless = (regex) => regex.replaceAll('/', '\\x2F');
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns }],
      'no-restricted-syntax': [
        'error',
        ...patterns.map(({ regex, message }) => ({
          selector: `ImportExpression[source.value=/${slashless(regex)}/]`,
          message,
        })),
      ],
    },
  };
}

const webBoundaries = [
  ...WEB_FEATURES.flatMap((feature) =>
    [0, 1, 2].map((depth) =>
      featureBoundary(feature, depth, [`apps/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`]),
    ),
  ),

  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(features|app)(/|$)', message: SHARED_MESSAGE }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^(\\.\\.\\x2F)+(features|app)(\\x2F|$)/]',
          message: SHARED_MESSAGE,
        },
      ],
    },
  },
];

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
  ...webBoundaries,
);
