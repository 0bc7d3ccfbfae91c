import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The API tests, run a second time on the PostgreSQL store when TEST_DATABASE_URL is
 * set (CI: .ci/run; locally: .ci/with-postgres npx vitest run): the same files, not
 * copies; their servers (startServer, serveFixture) then keep their data in a database
 * each. Without TEST_DATABASE_URL only the file/memory leg runs, and the run's last lines say so
 * (server/testing/skip-summary-reporter.ts, with the suites skipped for want of a database).
 */
const API_TESTS = [
  'server/src/webservice/attachment/attachments.test.ts',
  'server/src/webservice/attachment/attachment-answer-bound.test.ts',
  'server/src/webservice/comment/bug-comments.test.ts',
  'server/src/webservice/bug/bug-history.test.ts',
  'server/src/webservice/bug/bug-update.test.ts',
  'server/src/webservice/bug/bug-writes-5.2.replay.test.ts',
  'server/src/webservice/bug/bugs.test.ts',
  'server/src/webservice/rest/dispatch.test.ts',
  'server/src/webservice/rest/huge-ids.test.ts',
  'server/src/webservice/bugzilla/instance.test.ts',
  'server/src/webservice/bug-user-last-visit/last-visit.test.ts',
  'server/src/webservice/user/login-burst.test.ts',
  'server/src/webservice/user/login.test.ts',
  'server/src/webservice/attachment/move-attachment-flags.test.ts',
  'server/src/webservice/method/nul-text.test.ts',
  'server/src/webservice/bugzilla/parameters-answer.test.ts',
  'server/src/webservice/bug/see-also-local.test.ts',
  'server/src/webservice/method/work-bounds.test.ts',
  'server/src/pages/pages.test.ts',
  'server/src/admin/admin-api.test.ts',
  'server/src/http/blocked-address.test.ts',
  'server/src/push/webhook-push.test.ts',
  'server/src/webservice/bmo/bmo-comments.test.ts',
  'server/src/webservice/user/bmo-users.test.ts',
  'server/src/webservice/bug/bmo-bug-object.test.ts',
  'server/src/webservice/bmo/bmo-triage-owners.test.ts',
  'server/src/webservice/bmo/bmo-possible-duplicates.test.ts',
  'server/src/webservice/bmo/bmo-needinfo.test.ts',
  'server/src/webservice/bmo/bmo-blocked-requests.test.ts',
  'server/src/webservice/bug/bmo-search.test.ts',
  'server/src/webservice/user/bmo-suggest.test.ts',
  'server/src/webservice/bmo/bmo-flag-query.test.ts',
  'server/src/test-double/start-server.test.ts',
  'server/src/shared-client.test.ts',
  'server/testing/fuzz/fuzz.test.ts',
  'server/testing/fuzz/custom-fields.fuzz.test.ts',
];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL?.trim());
export default defineConfig({
  test: {
    // The bench's smoke test has its own script (bench/vitest.config.ts, npm run test:bench).
    exclude: [...configDefaults.exclude, 'bench/src/run.test.ts'],
    // API tests start real server processes: room for them on a loaded 2-core machine (npm test beside
    // another build, where a start takes up to 15 s); tests that start several or send thousands of
    // requests say their own (server/testing/slow-machine.ts). A timeout bounds a hang, never a speed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './server/testing/skip-summary-reporter.ts'],
    // Tests leave no temporary directories behind (server/testing/cli-server.ts tempDir).
    setupFiles: ['server/testing/remove-temp-dirs.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'file',
          include: [
            '{shared,server,extension,bench}/src/**/*.test.ts',
            'server/testing/**/*.test.ts',
            'extension/vite/**/*.test.ts',
            'biome/*.test.ts',
          ],
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: { name: 'postgres', include: API_TESTS, env: { BZ_TEST_STORE: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
