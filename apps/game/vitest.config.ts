import { defineProject } from 'vitest/config';

// The generator's and the CLI's unit tests, and one integration test that runs the CLI against the
// real API listening on 127.0.0.1 (an in-memory PGlite database of its own, about 1 GiB): like the
// API project, at most two files at once, in a group of its own that runs after the API's.
export default defineProject({
  test: {
    name: 'game',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    sequence: { groupOrder: 2 },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
