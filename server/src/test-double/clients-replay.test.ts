import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@bz-companion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BzServer, startServer } from './start-server.js';

/**
 * A client's session recorded through the proxy from a tracker answering as Bugzilla 5.2, the
 * tracker stopped, and the same calls replayed: the same answers, and no credential in the files.
 * Clients: python-bugzilla's read calls (XML-RPC, its default, and REST), and the extension's
 * requests through the shared client (query-parameter keys, as it sends them to 5.2).
 */
const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';
const hasBugzilla = spawnSync(PYTHON, ['-c', 'import bugzilla']).status === 0;

const KEY = 'DevKey0123456789abcdefghijklmnopqrstuvw';
const FIXTURE = {
  users: [{ login: 'dev@example.com', real_name: 'Dev', api_keys: [KEY] }],
  bugs: [
    {
      id: 5,
      summary: 'Crash on start',
      product: 'Widgets',
      component: 'Core',
      reporter: 'dev@example.com',
      assigned_to: 'dev@example.com',
      comments: [{ author: 'dev@example.com', time: '2026-01-01T09:00:00Z', text: 'Steps: start it.' }],
    },
    { id: 6, summary: 'Slow start', product: 'Widgets', component: 'Core', reporter: 'dev@example.com' },
  ],
};

const SCRIPT = `
import bugzilla, json, os, sys
url, key = os.environ["BZ_URL"], os.environ["BZ_KEY"]
out = {}
for mode in ("xmlrpc", "rest"):
    bz = bugzilla.Bugzilla(url + "rest/" if mode == "rest" else url.rstrip("/"), api_key=key, force_rest=(mode == "rest"))
    bug = bz.getbug(5)
    out[mode] = {
        "version": [bz.bz_ver_major, bz.bz_ver_minor],
        "bug": [bug.id, bug.summary, bug.status, bug.assigned_to, bug.product],
        "comments": [c["text"] for c in bug.getcomments()],
        "query": [b.id for b in bz.query(bz.build_query(product="Widgets"))],
        "bugs": [b.summary for b in bz.getbugs([5, 6])],
        "history": len(bz.bugs_history_raw([5])["bugs"]),
    }
json.dump(out, sys.stdout, sort_keys=True)
`;

async function pythonSession(url: string, dir: string): Promise<unknown> {
  const file = join(dir, 'session.py');
  writeFileSync(file, SCRIPT);
  const { stdout } = await promisify(execFile)(PYTHON, [file], { env: { ...process.env, BZ_URL: url, BZ_KEY: KEY } });
  return JSON.parse(stdout);
}

async function extensionSession(url: string): Promise<unknown> {
  const client = createClient({ baseUrl: url, apiKey: KEY, authMode: 'query' });
  return {
    version: await client.version(),
    bugs: await client.bugs.get([5, 6], { includeFields: ['id', 'summary', 'last_change_time'] }),
    search: await client.bugs.search({ product: 'Widgets' }, { includeFields: ['id', 'summary'] }),
    comments: await client.bugs.comments(5),
    visit: await client.lastVisit.update(5),
  };
}

describe.skipIf(!hasBugzilla)('clients recorded against a 5.2 and replayed offline', () => {
  let work: string;
  let recordings: string;
  let live: { python: unknown; extension: unknown };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'bzc-clients-'));
    recordings = join(work, 'recordings');
    const tracker = await startServer({ fixture: FIXTURE, profile: 'bugzilla-5.2', clock: '2026-01-10T00:00:00Z' });
    const proxy = await startServer({ proxy: tracker.url, record: recordings });
    try {
      live = { python: await pythonSession(proxy.url, work), extension: await extensionSession(proxy.url) };
    } finally {
      await proxy.stop();
      await tracker.stop();
    }
    // python-bugzilla starts twice (XML-RPC, REST) per session: slow on a busy machine.
  }, 90_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('recorded every exchange, with no credential in any file', () => {
    const files = readdirSync(recordings);
    expect(files.length).toBeGreaterThanOrEqual(15);
    expect(files.some((file) => file.includes('xmlrpc-Bug.get'))).toBe(true);
    const everything = files.map((file) => readFileSync(join(recordings, file), 'utf8')).join('\n');
    expect(everything).not.toContain(KEY);
    expect(everything).toContain('[REDACTED]');
  });

  it('gives the same answers from the recordings alone', async () => {
    const replay: BzServer = await startServer({ replay: recordings });
    try {
      expect(await pythonSession(replay.url, work)).toEqual(live.python);
      expect(await extensionSession(replay.url)).toEqual(live.extension);
    } finally {
      await replay.stop();
    }
    expect(live.python).toMatchObject({
      xmlrpc: { version: [5, 2], bug: [5, 'Crash on start', 'CONFIRMED', 'dev@example.com', 'Widgets'] },
      rest: { comments: ['Steps: start it.'], query: [5, 6] },
    });
  }, 90_000);

  it("answers python-bugzilla's call with no recording as Bugzilla faults, naming the nearest of its method", async () => {
    const script = `
import bugzilla, json, os, sys
url, key = os.environ["BZ_URL"], os.environ["BZ_KEY"]
bz = bugzilla.Bugzilla(url.rstrip("/"), api_key=key)
try:
    bz.getbug(9)
    said = "answered"
except Exception as error:
    said = str(error)
json.dump({"xmlrpc": said}, sys.stdout)
`;
    const file = join(work, 'miss.py');
    writeFileSync(file, script);
    const replay: BzServer = await startServer({ replay: recordings });
    try {
      const { stdout } = await promisify(execFile)(PYTHON, [file], {
        env: { ...process.env, BZ_URL: replay.url, BZ_KEY: KEY },
      });
      const said = JSON.parse(stdout) as { xmlrpc: string };
      // XML-RPC: a fault (HTTP 200), whose text python-bugzilla shows; the nearest is a Bug.get call, not the probe.
      expect(said.xmlrpc).toMatch(/no recording for POST \/xmlrpc\.cgi\. Nearest: \d+-POST-xmlrpc-Bug\.get\.json/);
      expect(said.xmlrpc).not.toMatch(/404 Client Error/);
      // REST: Bugzilla's 404 with its JSON error, as 5.2 answers an unknown resource (python-bugzilla 3.2
      // raises on the status before reading it; later ones read the message); the nearest is a GET of bugs.
      const rest = await fetch(`${replay.url}rest/bug?Bugzilla_api_key=${KEY}&id=9`);
      expect(rest.status).toBe(404);
      const error = (await rest.json()) as { code: number; message: string };
      expect(error.code).toBe(32614);
      expect(error.message).toMatch(
        /no recording for GET \/rest\/bug\. Nearest: \d+-GET-rest-bug\.json, which differs in query id/,
      );
    } finally {
      await replay.stop();
    }
  }, 90_000);
});
