import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningServer, runCli, serveCli, tempDir } from '../../../testing/cli-server.js';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { LISTENER_APPLICATION_NAME } from './instance-listener.js';

/** A fixture whose instance settings say `version` (the data is the same each time). */
function fixture(version: string, maintainer: string) {
  return {
    instance: { version, parameters: { maintainer } },
    users: [{ login: 'user@example.com', api_keys: ['ListenerUserKey0123456789abcdefghijklmnop'] }],
    bugs: [{ id: 1 }],
  };
}

/** `import` with the CLI, as an operator would, while the servers run. */
async function importInto(databaseUrl: string, version: string, maintainer: string): Promise<void> {
  const path = join(await tempDir(), `fixture-${version}.json`);
  await writeFile(path, JSON.stringify(fixture(version, maintainer)));
  const imported = await runCli(['import', path, '--database', databaseUrl]);
  expect(imported.stderr).toBe('');
  expect(imported.code).toBe(0);
}

async function versionOf(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/rest/version`);
  return ((await response.json()) as { version: string }).version;
}

async function maintainerOf(server: RunningServer): Promise<string | undefined> {
  const response = await fetch(`${server.url}/rest/parameters`);
  return ((await response.json()) as { parameters: { maintainer?: string } }).parameters.maintainer;
}

/** Waits for what the instance answers to become `expected` (the change reaches it asynchronously). */
function eventually<T>(ask: () => Promise<T>) {
  return expect.poll(ask, { timeout: 15_000, interval: 50 });
}

describeWithPostgres('instance settings changed through another instance or the CLI (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();
  let servers: RunningServer[] = [];
  let sql: pg.Client;

  beforeAll(async () => {
    await importInto(databaseUrl(), '5.0', 'first@example.com');
    servers = await Promise.all([serveCli(databaseUrl()), serveCli(databaseUrl())]);
    sql = new pg.Client({ connectionString: databaseUrl() });
    await sql.connect();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await sql?.end();
  });

  it('reach every running instance without a restart', async () => {
    for (const server of servers) expect(await versionOf(server)).toBe('5.0');
    await importInto(databaseUrl(), '5.1', 'second@example.com');
    for (const server of servers) {
      await eventually(() => versionOf(server)).toBe('5.1');
      expect(await maintainerOf(server)).toBe('second@example.com');
    }
  });

  it('reach them also when the change was made while their listening connection was down', async () => {
    // Changed with triggers off in this session: no notice is sent, as none reaches a listener that is not connected.
    await sql.query('BEGIN');
    await sql.query("SET LOCAL session_replication_role = 'replica'");
    await sql.query("UPDATE bzc_instance SET version = '5.1.2'");
    await sql.query('COMMIT');
    for (const server of servers) expect(await versionOf(server)).toBe('5.1');
    // Their listening connections die (a restart or failover of PostgreSQL, a network cut); they come back and re-read.
    const ended = await sql.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    expect(ended.rowCount).toBe(servers.length);
    for (const server of servers) await eventually(() => versionOf(server)).toBe('5.1.2');
  });
});
