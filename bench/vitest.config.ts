import { defineConfig } from 'vitest/config';

/**
 * The bench's smoke test (`npm run test:bench`) drives every server and
 * Chromium for half a minute or more, so it stays out of the root
 * `vitest run`; `npm test` (and so CI) runs it as a step of its own.
 */
export default defineConfig({
  test: {
    include: ['src/run.test.ts'],
    testTimeout: 480_000,
    pool: 'forks',
  },
});
