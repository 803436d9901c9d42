import { defineConfig } from 'vitest/config';

// One test run for the whole workspace; each package is a project.
// The API project opens a PGlite database per test file (about 1 GiB each), so it runs at most
// two files at once.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web', 'apps/game'],
  },
});
