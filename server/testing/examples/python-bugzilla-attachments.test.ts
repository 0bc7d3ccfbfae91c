import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, type ListeningProcess, spawnListening, tempDir } from '../cli-server.js';

/**
 * python-bugzilla's attachfile and openattachment (Debian's python3-bugzilla 3.2), over XML-RPC
 * and with force_rest, run by pytest against `serve --admin` (3080 becomes the server's port).
 */
const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';
const hasModules = spawnSync(PYTHON, ['-c', 'import bugzilla, pytest, requests']).status === 0;

describe.skipIf(!hasModules)(`python-bugzilla's attachments (${PYTHON} with bugzilla, pytest, requests)`, () => {
  let server: ListeningProcess;
  beforeAll(async () => {
    server = await spawnListening([CLI, 'serve', '--in-memory', '--admin', '--port', '0']);
  });
  afterAll(() => server?.stop());

  it('python-bugzilla-attachments.py passes under pytest', async () => {
    const text = await readFile(new URL('./python-bugzilla-attachments.py', import.meta.url), 'utf8');
    const port = new URL(server.url).port;
    const file = join(await tempDir(), 'test_python_bugzilla_attachments.py');
    await writeFile(file, text.replaceAll('127.0.0.1:3080', `127.0.0.1:${port}`));
    const run = spawnSync(PYTHON, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', file], { encoding: 'utf8' });
    expect(run.stdout + run.stderr).toMatch(/\b3 passed\b/);
  });
});
