/**
 * The API's own words (issue 29; docs/decisions/0075-emails-react-email.md): the e-mails, texts and
 * calendar files Grove writes to families. Messages are Lingui message descriptors written in the
 * code with an explicit id and their English (`i18n._({ id: 'email.password_reset.subject', message:
 * 'Reset your Grove password' })`, or `/*i18n*\/ { id, message }` for a table of them); no macros.
 *
 *   npm run i18n:extract -w @grove/api   # after changing messages: updates src/locales/{en,es}/messages.po
 *   npm run i18n:compile -w @grove/api   # then: writes src/locales/{en,es}/messages.ts, which the server imports
 *
 * The catalog check (src/locales/catalogs.test.ts) fails when a message of the code is missing from a
 * catalog, a Spanish translation is missing or has other placeholders, or a compiled catalog is not
 * the one its PO file compiles to.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
  orderBy: 'messageId',
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/node_modules/**'],
    },
  ],
});
