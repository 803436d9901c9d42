import { defineProject } from 'vitest/config';

export default defineProject({
  // Property tests run hundreds of cases through libphonenumber's metadata: on a busy 2-core
  // machine one can take several seconds, which is no failure.
  test: { name: 'domain', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
});
