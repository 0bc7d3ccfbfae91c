import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, type ListeningProcess, spawnListening, tempDir } from '../cli-server.js';
import { REPO_ROOT } from '../server-root.js';

/**
 * The python-bugzilla examples of docs/test-double.md (REST) and docs/api.md (XML-RPC, its default mode), and
 * python-bugzilla filing and changing bugs in both modes (python-bugzilla-writes.py), run by pytest against `serve --admin`
 * as written, but for the port: 3080 becomes the free port the server got.
 * Debian's python3 (python3-bugzilla, python3-pytest, python3-requests; .ci/run
 * installs them); PYTHON overrides.
 */
const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';
const hasModules = spawnSync(PYTHON, ['-c', 'import bugzilla, pytest, requests']).status === 0;

describe.skipIf(!hasModules)(`the python-bugzilla example (${PYTHON} with bugzilla, pytest, requests)`, () => {
  let server: ListeningProcess;
  beforeAll(async () => {
    server = await spawnListening([CLI, 'serve', '--in-memory', '--admin', '--port', '0']);
  });
  afterAll(() => server?.stop());

  const passing: Record<string, number> = {
    'python-bugzilla-example.py': 2,
    'python-bugzilla-xmlrpc.py': 2,
    'python-bugzilla-catalogue.py': 3,
    'python-bugzilla-writes.py': 2,
  };
  for (const [example, count] of Object.entries(passing)) {
    it(`${example} passes under pytest`, async () => {
      const text = await readFile(new URL(`./${example}`, import.meta.url), 'utf8');
      const port = new URL(server.url).port;
      const file = join(await tempDir(), `test_${example.replaceAll('-', '_')}`);
      await writeFile(file, text.replaceAll('127.0.0.1:3080', `127.0.0.1:${port}`));
      const output = execFileSync(PYTHON, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', file], { encoding: 'utf8' });
      expect(output).toMatch(new RegExp(`\\b${count} passed\\b`));
    });
  }

  it("docs/test-double.md's command runs the example where another python3 without the modules comes first", async () => {
    const docs = await readFile(join(REPO_ROOT, 'docs/test-double.md'), 'utf8');
    const command = /run it as `([^`]*pytest test_bz\.py)`/.exec(docs)?.[1];
    expect(command, 'docs/test-double.md names the command that runs test_bz.py').toBeDefined();
    const dir = await tempDir();
    // A Python first on the PATH that lacks python-bugzilla (a virtualenv, pyenv, /usr/local): as a newcomer's.
    const bin = join(dir, 'bin');
    await mkdir(bin);
    for (const name of ['python3', 'python', 'pytest']) {
      await writeFile(
        join(bin, name),
        '#!/bin/sh\necho "ModuleNotFoundError: No module named \'bugzilla\'" >&2\nexit 1\n',
      );
      await chmod(join(bin, name), 0o755);
    }
    const example = await readFile(new URL('./python-bugzilla-example.py', import.meta.url), 'utf8');
    await writeFile(
      join(dir, 'test_bz.py'),
      example.replaceAll('127.0.0.1:3080', `127.0.0.1:${new URL(server.url).port}`),
    );
    const run = spawnSync('/bin/sh', ['-c', `${command} -q -p no:cacheprovider`], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    expect(run.stdout + run.stderr).toMatch(/\b2 passed\b/);
  });
});
