/**
 * The web's message catalogs (Lingui; docs/decisions/0074-languages.md). English is the source:
 * the messages are written in the code (the `t`, `Trans`, `plural` macros) and extracted into PO
 * files, one per language and part:
 *
 * - `login`: what the login page is made of (the sign-in screen, the shared components and lib),
 *   which the login page loads alone;
 * - one per feature folder and one for the app's frame (`app`): src/locales/<language>/app.ts joins
 *   them into the one catalog the signed-in app loads.
 *
 *   npm run i18n:extract -w @grove/web               # after changing messages: updates every PO file
 *   LINGUI_PART=home npm run i18n:extract -w @grove/web   # one part only
 *
 * The catalog check (src/locales/catalogs.test.ts) fails when a translation is missing or its
 * placeholders differ from the English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const FEATURES = fs.readdirSync(path.join(ROOT, 'src/features')).sort();

/** The login page's modules: its entry, the sign-in feature, the shared components and lib. */
const LOGIN = [
  '<rootDir>/src/login-main.tsx',
  '<rootDir>/src/features/auth',
  '<rootDir>/src/components',
  '<rootDir>/src/lib',
];
const TESTS = ['**/*.test.*', '**/*.fixtures.*'];

const PARTS = [
  { name: 'login', include: LOGIN },
  { name: 'app', include: ['<rootDir>/src/app', '<rootDir>/src/main.tsx'] },
  ...FEATURES.filter((feature) => feature !== 'auth').map((feature) => ({
    name: feature,
    include: [`<rootDir>/src/features/${feature}`],
  })),
];

const only = process.env.LINGUI_PART;

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: PARTS.filter((part) => !only || part.name === only).map((part) => ({
    path: `<rootDir>/src/locales/{locale}/${part.name}`,
    include: part.include,
    exclude: TESTS,
  })),
});
