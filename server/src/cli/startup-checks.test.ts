import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadBugzilla, makeBugzillaDir } from '../../testing/bugzilla-test-database.js';
import { runCli, tempDir } from '../../testing/cli-server.js';
import { describeWithPostgres, useFreshDatabase } from '../../testing/postgres-test-database.js';

/** A refusal: exit 1 or 2, one line on stderr, no stack trace. */
function expectOneLine(result: { code: number; stderr: string }, message: RegExp): void {
  expect(result.code, result.stderr).not.toBe(0);
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(message);
}

describe('serve refuses what it cannot serve before it starts', () => {
  it('--data together with --database: two stores named', async () => {
    const dir = await tempDir();
    const result = await runCli([
      'serve',
      '--port',
      '0',
      '--data',
      join(dir, 'd.json'),
      '--database',
      'postgres://u@127.0.0.1:1/x',
    ]);
    expectOneLine(result, /--data and --database name two stores; give one of them/);
  });

  it('--data in a folder that does not exist is refused, not created', async () => {
    const dir = await tempDir();
    const result = await runCli(['serve', '--port', '0', '--data', join(dir, 'missing', 'd.json')]);
    expectOneLine(result, /its folder .*missing does not exist; create it first/);
  });

  it('--data naming a folder says to name a file', async () => {
    const dir = await tempDir();
    const result = await runCli(['serve', '--port', '0', '--data', dir]);
    expectOneLine(result, /is a folder; name a file/);
    expect(result.stderr).not.toContain('EISDIR');
  });

  it('the same checks hold for import and user add', async () => {
    const dir = await tempDir();
    expectOneLine(await runCli(['user', 'add', 'x@example.com', '--data', dir]), /is a folder/);
    const fixture = join(dir, 'fixture.json');
    await writeFile(fixture, '{}');
    expectOneLine(await runCli(['import', fixture, '--data', join(dir, 'no', 'd.json')]), /does not exist/);
  });
});

describeWithPostgres('serve --bugzilla-schema refuses in one line', () => {
  const url = useFreshDatabase();
  const serveBugzilla = (dir: string) =>
    runCli(['serve', '--port', '0', '--database', url(), '--bugzilla-schema', '--bugzilla-dir', dir]);

  it('a database that is not Bugzilla 5.x', async () => {
    const dir = await makeBugzillaDir();
    const result = await serveBugzilla(dir);
    expectOneLine(result, /the database is not a Bugzilla 5\.x database: it has no profiles, .* tables/);
  });

  it('a Bugzilla database without bugs_fulltext, which its comment searches read', async () => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      await loadBugzilla(client);
      await client.query('DROP TABLE bugs_fulltext');
      const result = await serveBugzilla(await makeBugzillaDir());
      expectOneLine(result, /the database is not a Bugzilla 5\.x database: it has no bugs_fulltext table$/);
    } finally {
      await client.end();
    }
  });

  it('a --bugzilla-dir that is not a Bugzilla installation', async () => {
    const dir = await tempDir();
    const result = await serveBugzilla(dir);
    expectOneLine(result, /--bugzilla-dir .* has no readable Bugzilla\/Constants\.pm/);
  });

  it('an installation of a release it does not serve', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'Bugzilla'));
    await writeFile(join(dir, 'Bugzilla', 'Constants.pm'), "use constant BUGZILLA_VERSION => '4.4.14';\n");
    const result = await serveBugzilla(dir);
    expectOneLine(result, /is Bugzilla 4\.4\.14: --bugzilla-schema serves Bugzilla 5\.x/);
  });
});
