import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, serveCli, serveFixture, tempDir } from '../../testing/cli-server.js';
import { KEYS, standardFixture } from '../../testing/fixtures.js';
import { timeoutForStarts } from '../../testing/slow-machine.js';

async function importText(text: string) {
  const dir = await tempDir();
  const fixturePath = join(dir, 'fixture.json');
  const dataPath = join(dir, 'data.json');
  await writeFile(fixturePath, text);
  return { dataPath, result: await runCli(['import', fixturePath, '--data', dataPath]) };
}

describe('bz-companion --help / --version', () => {
  it('prints usage and the version', async () => {
    expect((await runCli(['--help'])).stdout).toContain('bz-companion serve');
    expect((await runCli(['--version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('rejects unknown commands and options in one line, exit 2', async () => {
    const unknown = await runCli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    const badOption = await runCli(['serve', '--colour']);
    expect(badOption.code).toBe(2);
    expect(badOption.stderr).toContain('--colour');
    expect((await runCli(['serve', '--port', 'abc'])).stderr).toContain('--port');
  });

  it('refuses a --database that is not a PostgreSQL URL in one line, without its password', async () => {
    for (const args of [
      ['serve', '--port', '0', '--database', 'mysql://bz:hunter2@db/bugs'],
      ['import', 'fixture.json', '--database', 'mysql://bz:hunter2@db/bugs'],
      ['user', 'add', 'x@example.com', '--database', 'mysql://bz:hunter2@db/bugs'],
    ]) {
      const refused = await runCli(args);
      expect(refused.code).toBe(2);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toContain('--database must be a postgres://');
      expect(refused.stderr).not.toContain('hunter2');
    }
  });

  it('refuses --bugzilla-schema without its database or directory, and --bugzilla-dir alone, in one line', async () => {
    for (const [args, message] of [
      [
        ['serve', '--port', '0', '--bugzilla-schema', '--bugzilla-dir', '/srv/bugzilla'],
        '--bugzilla-schema needs --database',
      ],
      [['serve', '--port', '0', '--bugzilla-schema', '--database', 'postgres://bz@db/bugs'], 'needs --bugzilla-dir'],
      [['serve', '--port', '0', '--bugzilla-dir', '/srv/bugzilla'], '--bugzilla-dir goes with --bugzilla-schema'],
      [
        [
          'serve',
          '--port',
          '0',
          '--admin',
          '--bugzilla-schema',
          '--database',
          'postgres://bz@db/b',
          '--bugzilla-dir',
          '/x',
        ],
        '--admin cannot go with --bugzilla-schema',
      ],
    ] as const) {
      const refused = await runCli([...args]);
      expect(refused.code).toBe(2);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toContain(message);
    }
  });
});

describe('import', () => {
  it('imports a good fixture and reports what it holds', async () => {
    const { result } = await importText(JSON.stringify(standardFixture()));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/5 users, 6 bugs, 0 visits, 3 audit events/);
  });

  it.each([
    ['{"users": [}', /is not valid JSON/],
    ['{"colour": "blue"}', /unknown key "colour"/],
    ['{"users": [{"login": "a@example.com", "nickname": "x"}]}', /users\[0\] has unknown key "nickname"/],
    ['{"bugs": [{"id": 1, "reporter": "ghost@example.com"}]}', /bugs\[0\]\.reporter: unknown user "ghost@example.com"/],
    ['{"users": [{"login": "a@example.com", "groups": ["nope"]}]}', /users\[0\]\.groups\[0\]: unknown group "nope"/],
    [
      '{"users": [{"login": "a@example.com"}], "last_visits": [{"user": "a@example.com", "bug_id": 9, "last_visit_ts": "2026-01-01T00:00:00Z"}]}',
      /last_visits\[0\]\.bug_id: unknown bug 9/,
    ],
    ['{"bugs": [{"id": 1}, {"id": 1}]}', /bugs\[1\]\.id: bug 1 is listed twice/],
    ['{"bugs": [{"id": 1, "alias": "x"}, {"id": 2, "alias": "X"}]}', /bugs\[1\]\.alias: "X" is used by another bug/],
    ['{"instance": {"parameters": {"requirelogin": 1}}}', /instance\.parameters\.requirelogin/],
    ['{"audit_log": [{"class": "Bugzilla::Product", "at_time": "yesterday"}]}', /audit_log\[0\]\.at_time/],
    ['{"bugs": [{"id": -4}]}', /bugs\[0\]\.id/],
    ['{"bugs": [{"id": 1, "alias": "123"}]}', /bugs\[0\]\.alias: "123" is a number/],
    ['{"bugs": [{"id": 1, "cc": ["ghost@example.com"]}]}', /bugs\[0\]\.cc\[0\]: unknown user "ghost@example.com"/],
    ['{"bugs": [{"id": 1, "groups": ["nope"]}]}', /bugs\[0\]\.groups\[0\]: unknown group "nope"/],
    [
      '{"users": [{"login": "a@example.com", "api_keys": ["same"]}, {"login": "b@example.com", "api_keys": ["same"]}]}',
      /users\[1\]: an API key of "b@example.com" is also given to "a@example.com"/,
    ],
    [
      '{"users": [{"login": "a@example.com"}, {"login": "A@example.com"}]}',
      /users\[1\]\.login: "A@example.com" is listed twice/,
    ],
    ['{"users": [{"login": ""}]}', /users\[0\]\.login/],
    ['{"instance": {"version": "five"}}', /instance\.version: must look like X\.X/],
    ['{"instance": {"db_time_offset_seconds": 1.5}}', /instance\.db_time_offset_seconds/],
    [
      '{"last_visits": [{"user": "nobody@example.com", "bug_id": 1, "last_visit_ts": "2026-01-01T00:00:00Z"}]}',
      /unknown user "nobody@example.com"/,
    ],
    ['{"audit_log": [{"class": "Bugzilla::Product", "at_time": "2026-02-30T00:00:00Z"}]}', /audit_log\[0\]\.at_time/],
    ['[]', /the fixture: /],
  ])('rejects %s in one line naming the problem, data untouched', async (text, message) => {
    const { dataPath, result } = await importText(text);
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
    await expect(readFile(dataPath)).rejects.toThrow(/ENOENT/);
  });

  it('leaves the existing store untouched when the fixture is bad', async () => {
    const server = await serveFixture(standardFixture());
    const dataPath = server.dataPath;
    await server.stop();
    const before = await readFile(dataPath, 'utf8');
    const dir = await tempDir();
    await writeFile(join(dir, 'bad.json'), '{"nope": 1}');
    expect((await runCli(['import', join(dir, 'bad.json'), '--data', dataPath])).code).not.toBe(0);
    expect(await readFile(dataPath, 'utf8')).toBe(before);
  });
});

describe('user add', () => {
  it('prints the new API key alone, and the key works', async () => {
    const dir = await tempDir();
    const dataPath = join(dir, 'data.json');
    const added = await runCli([
      'user',
      'add',
      'new@example.com',
      '--real-name',
      'New Person',
      '--group',
      'tweakparams',
      '--data',
      dataPath,
    ]);
    expect(added.code).toBe(0);
    const key = added.stdout.trim();
    expect(key).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(await readFile(dataPath, 'utf8')).not.toContain(key);
    const server = await serveCli(dataPath);
    try {
      const response = await fetch(`${server.url}/rest/whoami`, { headers: { 'X-BUGZILLA-API-KEY': key } });
      expect(await response.json()).toMatchObject({ login: 'new@example.com', real_name: 'New Person' });
    } finally {
      await server.stop();
    }
  });

  it('refuses a login that exists', async () => {
    const dir = await tempDir();
    const dataPath = join(dir, 'data.json');
    await runCli(['user', 'add', 'dup@example.com', '--data', dataPath]);
    const again = await runCli(['user', 'add', 'DUP@example.com', '--data', dataPath]);
    expect(again.code).not.toBe(0);
    // One line the user can act on: an expected failure, so no stack trace.
    expect(again.stderr).toBe('bz-companion: user DUP@example.com already exists\n');
  });
});

describe('serve', () => {
  it('creates demo data on first run and prints the admin key, which works', async () => {
    const dir = await tempDir();
    const server = await serveCli(join(dir, 'data.json'));
    try {
      const key = /^admin api key: (\S+)$/m.exec(server.stdout())?.[1] as string;
      expect(key).toBeTruthy();
      const response = await fetch(`${server.url}/rest/bug_user_last_visit`, {
        headers: { 'X-BUGZILLA-API-KEY': key },
      });
      expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
    const second = await serveCli(join(dir, 'data.json'));
    expect(second.stdout()).not.toContain('admin api key');
    await second.stop();
  });

  it('serves in memory with demo data', async () => {
    const dir = await tempDir();
    const server = await serveCli(join(dir, 'never-written.json'), ['--in-memory']);
    expect(server.stdout()).toMatch(/admin api key: \S+/);
    await server.stop();
    await expect(readFile(join(dir, 'never-written.json'))).rejects.toThrow(/ENOENT/);
  });

  it('answers as the tracker --profile names, and refuses an unknown one in one line', async () => {
    const server = await serveFixture(standardFixture(), ['--profile', 'bugzilla-5.2']);
    try {
      // Said on the line after `listening on`, so nobody wonders which tracker they are talking to.
      expect(server.stdout().split('\n')[1]).toMatch(/^profile: bugzilla-5\.2 \(--profile;/);
      const whoami = await fetch(`${server.url}/rest/whoami`, { headers: { 'X-BUGZILLA-API-KEY': KEYS.alice } });
      expect(whoami.status).toBe(404);
      expect(((await whoami.json()) as { documentation: string }).documentation).toBe(
        'https://bugzilla.readthedocs.org/en/5.0/api/',
      );
    } finally {
      await server.stop();
    }
    const bad = await runCli(['serve', '--port', '0', '--in-memory', '--profile', 'bugzilla-4.4']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--profile must be one of bz-companion, bugzilla-5.2, bugzilla-5.1, bmo');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('fails in one line when the port is in use, leaving no data file behind', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const dir = await tempDir();
    const result = await runCli(['serve', '--port', String(port), '--data', join(dir, 'data.json')]);
    blocker.close();
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim()).toBe(
      `bz-companion: port ${port} on 127.0.0.1 is already in use; pick another with --port N (or PORT=N), or --port 0 for any free one`,
    );
    await expect(readFile(join(dir, 'data.json'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a corrupt data file in one line and leaves it as it was', async () => {
    const dir = await tempDir();
    const dataPath = join(dir, 'data.json');
    await writeFile(dataPath, '{"format": "bz-companion-store", ');
    const result = await runCli(['serve', '--port', '0', '--data', dataPath]);
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(dataPath);
    expect(await readFile(dataPath, 'utf8')).toBe('{"format": "bz-companion-store", ');
  });

  it('refuses a second server on the same data file', async () => {
    const first = await serveFixture(standardFixture());
    try {
      const result = await runCli(['serve', '--port', '0', '--data', first.dataPath]);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/in use by another bz-companion process \(pid \d+\)/);
    } finally {
      await first.stop();
    }
  });

  it(
    'persists writes and exits 0 on SIGTERM and SIGINT',
    async () => {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        const server = await serveFixture(standardFixture());
        const posted = await fetch(`${server.url}/rest/bug_user_last_visit/1`, {
          method: 'POST',
          headers: { 'X-BUGZILLA-API-KEY': KEYS.bob },
        });
        const [visit] = (await posted.json()) as Array<{ last_visit_ts: string }>;
        expect(await server.stop(signal)).toBe(0);
        const restarted = await serveCli(server.dataPath);
        try {
          const read = await fetch(`${restarted.url}/rest/bug_user_last_visit/1`, {
            headers: { 'X-BUGZILLA-API-KEY': KEYS.bob },
          });
          expect(await read.json()).toEqual([{ id: 1, last_visit_ts: visit?.last_visit_ts }]);
        } finally {
          await restarted.stop();
        }
      }
      // Four server processes started in turn.
    },
    timeoutForStarts(4),
  );

  it('takes PORT from the environment when --port is not given', async () => {
    const result = await runCli(['serve', '--data', join(await tempDir(), 'data.json')], { PORT: 'not-a-port' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("'not-a-port'");
  });
});

describe('the browser’s view of a local server', () => {
  it('refuses a Host that is not its own (DNS rebinding) unless --allowed-host names it', async () => {
    const server = await serveFixture(standardFixture(), ['--allowed-host', 'tracker.lan']);
    try {
      const port = new URL(server.url).port;
      const { request } = await import('node:http');
      const get = (host: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port, path: '/rest/version', headers: { Host: host } }, (res) => {
            let body = '';
            res.on('data', (chunk) => {
              body += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          });
          req.on('error', reject);
          req.end();
        });
      const rebound = await get(`evil.example:${port}`);
      expect(rebound.status).toBe(403);
      expect(JSON.parse(rebound.body)).toMatchObject({ error: true, code: 32000, message: /DNS rebinding/ });
      expect((await get(`tracker.lan:${port}`)).status).toBe(200);
      expect((await get(`localhost:${port}`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('logs requests with API keys redacted', async () => {
    const server = await serveFixture(standardFixture(), ['--log-requests']);
    await fetch(`${server.url}/rest/whoami?Bugzilla_api_key=${KEYS.alice}`, {
      headers: { 'X-BUGZILLA-API-KEY': KEYS.bob },
    });
    await server.stop();
    expect(server.stdout()).toMatch(/^GET \/rest\/whoami\?Bugzilla_api_key=%5BREDACTED%5D 200 /m);
    expect(server.stdout()).not.toContain(KEYS.alice);
    expect(server.stdout()).not.toContain(KEYS.bob);
  });

  it('logs requests with passwords and login tokens redacted', async () => {
    const server = await serveFixture(standardFixture(), ['--log-requests']);
    await fetch(`${server.url}/rest/login?login=alice@example.com&password=SecretPw1`);
    await fetch(`${server.url}/rest/whoami?token=2-SecretTok1`);
    await server.stop();
    expect(server.stdout()).toMatch(/^GET \/rest\/login\?login=alice%40example.com&password=%5BREDACTED%5D 401 /m);
    expect(server.stdout()).not.toContain('SecretPw1');
    expect(server.stdout()).not.toContain('SecretTok1');
  });

  it('logs JSON-RPC over GET with the credentials inside its params redacted', async () => {
    const server = await serveFixture(standardFixture(), ['--log-requests']);
    const params = JSON.stringify([{ ids: [1], Bugzilla_api_key: KEYS.alice, Bugzilla_password: 'SecretPw2' }]);
    await fetch(`${server.url}/jsonrpc.cgi?method=Bug.get&params=${encodeURIComponent(params)}`);
    await server.stop();
    expect(server.stdout()).toMatch(/^GET \/jsonrpc\.cgi\?method=Bug\.get&params=.*REDACTED.* 200 /m);
    expect(server.stdout()).not.toContain(KEYS.alice);
    expect(server.stdout()).not.toContain('SecretPw2');
  });

  it('warns when bound to something other than loopback', async () => {
    const dir = await tempDir();
    const server = await serveCli(join(dir, 'data.json'), ['--host', '0.0.0.0']);
    await server.stop();
    expect(server.stderr(), server.stdout()).toMatch(/warning: listening on 0\.0\.0\.0, not loopback/);
  });
});

describe('user key', () => {
  it('replaces a lost API key: the new one works, the old ones are revoked, an unknown login is one line', async () => {
    const dir = await tempDir();
    const dataPath = join(dir, 'data.json');
    const old = (await runCli(['user', 'add', 'keeper@example.com', '--data', dataPath])).stdout.trim();
    const replaced = await runCli(['user', 'key', 'Keeper@example.com', '--data', dataPath]);
    expect(replaced.code).toBe(0);
    const key = replaced.stdout.trim();
    expect(key).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(key).not.toBe(old);
    const server = await serveCli(dataPath);
    try {
      const whoami = (apiKey: string) =>
        fetch(`${server.url}/rest/whoami`, { headers: { 'X-BUGZILLA-API-KEY': apiKey } });
      expect(await (await whoami(key)).json()).toMatchObject({ login: 'keeper@example.com' });
      expect(((await (await whoami(old)).json()) as { code: number }).code).toBe(306);
    } finally {
      await server.stop();
    }
    const unknown = await runCli(['user', 'key', 'nobody@example.com', '--data', dataPath]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toBe('bz-companion: no user nobody@example.com\n');
  });
});
