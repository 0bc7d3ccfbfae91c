import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSmallBugzilla } from '../../testing/bugzilla-import-data.js';
import { openBugzillaSqlSession } from '../../testing/bugzilla-sql-session.js';
import { runCli, tempDir } from '../../testing/cli-server.js';
import { readDataFile } from '../../testing/data-file.js';
import { describeWithMariadb, useFreshMysqlDatabase } from '../../testing/mariadb-test-database.js';
import { describeWithPostgres, useFreshDatabase } from '../../testing/postgres-test-database.js';

describe('import --from-bugzilla: the command line', () => {
  it('refuses a URL of another engine', async () => {
    const data = join(await tempDir(), 'data.json');
    const sqlite = await runCli(['import', '--from-bugzilla', 'sqlite:///bugs.db', '--data', data]);
    expect(sqlite.code).toBe(2);
    expect(sqlite.stderr).toContain('--from-bugzilla must be a mysql://user:pass@host:3306/bugs or postgres://… URL');
    await expect(readFile(data)).rejects.toThrow('ENOENT');
  });

  it("refuses the Bugzilla import's options on a fixture import, and both at once", async () => {
    const dir = await tempDir();
    const mixed = await runCli(['import', 'fixture.json', '--bugzilla-dir', dir]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--bugzilla-dir and --with-passwords go with --from-bugzilla');
    const both = await runCli(['import', 'fixture.json', '--from-bugzilla', 'mysql://u@127.0.0.1/bugs']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('a FIXTURE.json or --from-bugzilla URL, not both');
  });
});

describeWithMariadb('import --from-bugzilla from MariaDB', () => {
  const databaseUrl = useFreshMysqlDatabase();

  it('refuses a database that is not a Bugzilla in one line, writing nothing', async () => {
    const dir = await tempDir();
    const data = join(dir, 'data.json');
    await writeFile(data, 'the old content');
    const run = await runCli(['import', '--from-bugzilla', databaseUrl(), '--data', data]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^bz-companion: mysql:\/\/\S+ is not a Bugzilla database \(it has no bz_schema, /),
    ]);
    expect(await readFile(data, 'utf8')).toBe('the old content');
  });

  it('refuses a --bugzilla-dir without data/params.json in one line, writing nothing', async () => {
    const session = await openBugzillaSqlSession(databaseUrl());
    await writeSmallBugzilla(session).finally(() => session.close());
    const dir = await tempDir();
    await mkdir(join(dir, 'empty'));
    const run = await runCli([
      'import',
      '--from-bugzilla',
      databaseUrl(),
      '--bugzilla-dir',
      join(dir, 'empty'),
      '--data',
      join(dir, 'data.json'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `bz-companion: --bugzilla-dir ${join(dir, 'empty')} has no readable data/params.json: is it a Bugzilla installation's directory?`,
    );
    await expect(readFile(join(dir, 'data.json'))).rejects.toThrow('ENOENT');
  });

  it('replaces the data file with the database, reporting progress table by table', async () => {
    const dir = await tempDir();
    const data = join(dir, 'data.json');
    const run = await runCli(['import', '--from-bugzilla', databaseUrl(), '--data', data, '--with-passwords']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/: 3 users, 3 bugs, 3 visits, 1 audit events\n$/);
    for (const what of ['products', 'users', 'bugs', 'comments', 'audit events', 'visits']) {
      expect(run.stderr).toMatch(new RegExp(`^read \\d+ ${what} \\(\\d+\\.\\d s(, \\d+/s)?\\)$`, 'm'));
    }
    const snapshot = await readDataFile(data);
    expect(snapshot.users[0]?.password_hash).toBe('salt1234,hashhashhash{SHA-256}');
  });
});

describeWithPostgres('import --from-bugzilla from PostgreSQL into PostgreSQL', () => {
  const bugzillaUrl = useFreshDatabase();

  it('writes the store in PostgreSQL (--database) as a data file would hold it', async () => {
    const session = await openBugzillaSqlSession(bugzillaUrl());
    await writeSmallBugzilla(session).finally(() => session.close());
    const { createScratchDatabase } = await import('../stores/postgres/scratch-database.js');
    const store = await createScratchDatabase(process.env.TEST_DATABASE_URL as string);
    try {
      const run = await runCli(['import', '--from-bugzilla', bugzillaUrl(), '--database', store.url]);
      expect(run.stderr).not.toContain('Error');
      expect(run.stdout).toMatch(/into postgres:\/\/\S+: 3 users, 3 bugs, 3 visits, 1 audit events\n$/);
    } finally {
      await store.drop();
    }
  });
});
