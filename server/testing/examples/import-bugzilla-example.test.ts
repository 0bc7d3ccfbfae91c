import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { writeSmallBugzilla } from '../bugzilla-import-data.js';
import { openBugzillaSqlSession } from '../bugzilla-sql-session.js';
import { CLI, type RunningServer, serveCli, tempDir } from '../cli-server.js';
import { describeWithMariadb, useFreshMysqlDatabase } from '../mariadb-test-database.js';

const SECTION = '## A copy of a real tracker: importing its database';

/** The section's shell example and the summary line it says the import prints. */
async function documented(): Promise<{ script: string; summary: string }> {
  const docs = await readFile(new URL('../../../docs/test-double.md', import.meta.url), 'utf8');
  const section = docs.slice(docs.indexOf(SECTION));
  const script = /```sh\n([\s\S]*?)```/.exec(section)?.[1] as string;
  const summary = /`(imported mysql:\/\/[^`]*)`/.exec(section.replace(/\n/g, ' '))?.[1] as string;
  return { script, summary };
}

describeWithMariadb('docs/test-double.md: importing a tracker database', () => {
  const databaseUrl = useFreshMysqlDatabase();
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('runs the example as written and serves what it imported, with the parameters of the directory', async () => {
    const session = await openBugzillaSqlSession(databaseUrl());
    await writeSmallBugzilla(session).finally(() => session.close());
    const dir = await tempDir();
    const bugzillaDir = join(dir, 'bugzilla');
    await mkdir(join(bugzillaDir, 'data'), { recursive: true });
    await writeFile(join(bugzillaDir, 'data', 'params.json'), JSON.stringify({ maintainer: 'bugmaster@example.com' }));
    const { script, summary } = await documented();
    // `npx bz-companion` is this checkout's CLI here.
    const { stdout, stderr } = await promisify(execFile)(
      'bash',
      ['-euc', script.replaceAll('npx bz-companion', `"${process.execPath}" "${CLI}"`)],
      { cwd: dir, env: { ...process.env, BUGZILLA_DB: databaseUrl(), BUGZILLA_DIR: bugzillaDir } },
    );
    expect(stderr).toMatch(/^read 3 bugs \(\d+\.\d s, \d+\/s\)$/m);
    // The documented line, but for the test database's address.
    const where = /^imported (\S+) /.exec(stdout)?.[1] as string;
    expect(stdout.trim()).toBe(summary.replace(/^imported \S+ /, `imported ${where} `));

    server = await serveCli(join(dir, 'tracker-copy.json'));
    const headers = { 'X-BUGZILLA-API-KEY': 'AdminKey00000000000000000000000000000001' };
    const bug = await fetch(`${server.url}/rest/bug/crash-start`, { headers }).then(
      (r) => r.json() as Promise<{ bugs: unknown[] }>,
    );
    expect(bug.bugs[0]).toMatchObject({ id: 1, summary: 'Crash on start', alias: ['boot-crash', 'crash-start'] });
    const attachments = await fetch(`${server.url}/rest/bug/1/attachment`, { headers }).then(
      (r) => r.json() as Promise<{ bugs: Record<string, Array<{ file_name: string; data: string }>> }>,
    );
    expect(attachments.bugs['1']?.[0]).toMatchObject({ file_name: 'crash.log' });
    expect(Buffer.from(attachments.bugs['1']?.[0]?.data as string, 'base64').toString()).toBe('Segmentation fault\n');
    const parameters = await fetch(`${server.url}/rest/parameters`, { headers }).then(
      (r) => r.json() as Promise<{ parameters: Record<string, string> }>,
    );
    expect(parameters.parameters.maintainer).toBe('bugmaster@example.com');
  });
});
