import { defineProject } from 'vitest/config';

// API integration tests run against a real database: PGlite by default, PostgreSQL when
// TEST_DATABASE_URL is set. Each test file gets its own fresh, migrated database (a PGlite
// snapshot loaded in memory, or a PostgreSQL database cloned from a migrated template).
// A PGlite instance needs about 1 GiB, so at most two files run at once.
export default defineProject({
  test: {
    name: process.env.TEST_DATABASE_URL ? 'api-postgres' : 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Its own group: Vitest runs projects with different worker limits one group after another.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
