import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,server,extension,bench}/src/**/*.test.ts'],
    // The bench's smoke test has its own script (bench/vitest.config.ts, npm run test:bench).
    exclude: [...configDefaults.exclude, 'bench/src/run.test.ts'],
    // API tests start real server processes; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
