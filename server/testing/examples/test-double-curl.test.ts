import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI } from '../cli-server.js';
import { freePort } from '../free-port.js';

describe("docs/test-double.md's curl block", () => {
  it('runs as written (but for the port and the binary path), and leaves no server running', async () => {
    const docs = await readFile(new URL('../../../docs/test-double.md', import.meta.url), 'utf8');
    const block = /### Over HTTP: curl and python-bugzilla\n\n```sh\n([\s\S]*?)```/.exec(docs)?.[1] as string;
    const port = String(await freePort());
    const script = block
      .replaceAll('3080', port)
      .replace('./node_modules/.bin/bz-companion', `node ${CLI}`)
      // The server needs a moment to listen before the first curl.
      .replace(
        /^SERVER=\$!$/m,
        `SERVER=$!\nfor i in $(seq 50); do curl -s http://127.0.0.1:${port}/rest/version >/dev/null && break; sleep 0.2; done`,
      );
    const { stdout } = await promisify(execFile)('bash', ['-e', '-c', `${script}\nwait $SERVER || true`], {
      timeout: 60_000,
    });
    expect(stdout).toContain('{"reset":true}');
    expect(stdout).toContain('"status":503');
    expect(stdout).toContain('"x-bugzilla-api-key":"[REDACTED]"');
    expect(stdout).toContain('{"cleared":0}');
    // kill $SERVER stopped it: nothing answers on the port any more.
    await expect(fetch(`http://127.0.0.1:${port}/rest/version`)).rejects.toThrow();
  }, 90_000);
});
