import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './server-root.js';

describe('a run without TEST_DATABASE_URL', () => {
  it('says once, at its end, what it skipped and how to run it, not once per file', async () => {
    const env: NodeJS.ProcessEnv = {};
    // The child is a run of its own: none of this run's variables (nor a database) reach it.
    for (const [name, value] of Object.entries(process.env)) {
      if (!name.startsWith('VITEST') && name !== 'TEST_DATABASE_URL' && name !== 'NODE_OPTIONS') env[name] = value;
    }
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--project',
        'file',
        'server/src/cli/serve-migrations.test.ts',
        'server/src/stores/postgres/migrate.test.ts',
      ],
      { cwd: REPO_ROOT, env, encoding: 'utf8' },
    );
    const output = stdout + stderr;
    expect(output.match(/SKIPPED/g)).toHaveLength(1);
    expect(output).toMatch(
      /\*\*\* SKIPPED: \d+ suites? in 2 files need PostgreSQL: TEST_DATABASE_URL is not set\. \*\*\*/,
    );
    expect(output.match(/The API tests ran on the file store only/g)).toHaveLength(1);
    // After the counts of the run, as its last words.
    expect(output.indexOf('SKIPPED')).toBeGreaterThan(output.indexOf('Test Files'));
    // A whole vitest run of its own: about 20 s here, several times that on a loaded 2-core machine.
  }, 180_000);
});
